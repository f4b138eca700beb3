import { useCallback } from 'react';
import { useCampaignRunPart, type CampaignRun } from '../api/runs';
import { edgeFlow, flowWidth } from './run-view';

const totalOf = (run: CampaignRun) => run.enrollments.total;

/** A run view connection's flow (how many went along it) and the stroke width that shows it; null outside a run view. */
export function useEdgeFlow(
  campaignId: string | null,
  source: string,
  sourceHandle: string | null | undefined,
): { flow: number; width: number } | null {
  const enabled = campaignId !== null;
  const flow = useCampaignRunPart(
    campaignId ?? '',
    useCallback((run: CampaignRun) => edgeFlow(run, source, sourceHandle), [source, sourceHandle]),
    enabled,
  );
  const total = useCampaignRunPart(campaignId ?? '', totalOf, enabled);
  if (!enabled || flow === undefined || total === undefined) return null;
  return { flow, width: flowWidth(flow, total) };
}
