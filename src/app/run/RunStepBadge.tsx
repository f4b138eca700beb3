import { useCallback } from 'react';
import { variantLetter } from '../../domain/variants';
import { useCampaignResultsPart, type CampaignResults } from '../api/results';
import { useCampaignRunPart, type CampaignRun } from '../api/runs';
import { outputCounts, stepOf, stepSentence, useRunFilter, waitingSentences } from './run-view';

const EMPTY = { waiting: 0, waitingReasons: {}, done: 0, failed: 0, handles: {} };

/** "A 12 sent · B 11 sent": a step with variants, its latest text's sends per variant (contract 10.1); empty otherwise. */
function variantSends(results: CampaignResults, nodeId: string): string {
  const rows = results.steps.filter((s) => s.nodeId === nodeId);
  const latest = rows[rows.length - 1];
  if (!latest || latest.variants.every((v) => v.variantId === null)) return '';
  return latest.variants.map((v) => `${v.variantId === null ? '' : variantLetter(v.variantId)} ${v.sent} sent`).join(' · ');
}

/** A launched campaign's step on the canvas: how many are here, done, failed, and per output; a click lists them. */
export function RunStepBadge({ campaignId, nodeId, type }: { campaignId: string; nodeId: string; type: string }) {
  // Only this step's counts: a run.progress that moves other steps does not redraw this one.
  const step = useCampaignRunPart(
    campaignId,
    useCallback((run: CampaignRun) => stepOf(run, nodeId) ?? EMPTY, [nodeId]),
  );
  const variants = useCampaignResultsPart(
    campaignId,
    useCallback((results: CampaignResults) => variantSends(results, nodeId), [nodeId]),
  );
  const set = useRunFilter((s) => s.set);
  if (!step) return null;
  const waits = waitingSentences(step);
  const sentence = [stepSentence(step), ...waits].join('; ');
  const outputs = outputCounts(step, type);
  return (
    <button
      type="button"
      className="run-step-badge nodrag nopan"
      data-testid={`run-step-${nodeId}`}
      title={`${sentence} — list these prospects`}
      aria-label={`${sentence}${outputs.map((o) => `, ${o.label.toLowerCase()} ${o.count}`).join('')}${variants ? `, ${variants}` : ''}. List these prospects`}
      onClick={(e) => {
        // Listing the step's prospects does not select the step (no settings form over the run).
        e.stopPropagation();
        set({ nodeId, status: null });
      }}
    >
      <span className="run-step-here">{step.waiting} here</span>
      <span>{step.done} done</span>
      {step.failed > 0 && <span className="run-step-failed">{step.failed} failed</span>}
      {waits.map((w) => (
        <span key={w} className="run-step-waiting">
          {w}
        </span>
      ))}
      {outputs.map((o) => (
        <span key={o.label} className="run-step-output">
          {o.label} {o.count}
        </span>
      ))}
      {variants && <span className="run-step-variants">{variants}</span>}
    </button>
  );
}
