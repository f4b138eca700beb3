import { useCampaignRun } from '../api/runs';
import { edgeFlow, flowWidth } from './run-view';

/** A run view connection's flow (how many went along it) and the stroke width that shows it; null outside a run view. */
export function useEdgeFlow(
  campaignId: string | null,
  source: string,
  sourceHandle: string | null | undefined,
): { flow: number; width: number } | null {
  const { data } = useCampaignRun(campaignId ?? '', campaignId !== null);
  if (!campaignId || !data) return null;
  const flow = edgeFlow(data, source, sourceHandle);
  return { flow, width: flowWidth(flow, data.enrollments.total) };
}
