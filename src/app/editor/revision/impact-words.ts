import { nodeDefinition } from '../../../domain/catalog';
import { MOVE_TO_END, type RevisionImpact } from '../../../domain/contract/revisions';
import { messageText } from '../../../domain/paths/describe';
import { revisionChanges } from '../../../domain/run/revision';
import { stepNames } from '../../../domain/validator';
import type { WorkflowDefinition } from '../../../domain/workflow-types';
import { formatCount } from '../../ui/format';

/**
 * Contract 10.4's impact in users' words, for the review before publishing a revision: what changes
 * for whom, the texts before and after, and where prospects on a removed step can go.
 */

const people = (n: number) => `${formatCount(n)} ${n === 1 ? 'prospect' : 'prospects'}`;
const SHORT = 90;
const shorten = (text: string) => ({ short: text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text, full: text });

export interface ImpactWords {
  /** "2 steps changed", "1 step removed", … — the headline. */
  headline: string;
  changed: { nodeId: string; sentence: string; before: { short: string; full: string }; after: { short: string; full: string } }[];
  removed: { nodeId: string; sentence: string; prospects: number }[];
  /** Added steps and changed waits, one sentence each. */
  others: string[];
  /** Where prospects on a removed step can go: the revision's steps (not its start, nor an end: "End their run" is that), then the end of their run. */
  targets: { value: string; label: string }[];
}

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

export function impactWords(impact: RevisionImpact, launched: WorkflowDefinition, revision: WorkflowDefinition): ImpactWords {
  const before = stepNames(launched.nodes);
  const after = stepNames(revision.nodes);
  const nameOf = (id: string) => after.get(id) ?? before.get(id) ?? 'A step';
  const textOf = (graph: WorkflowDefinition, id: string) => {
    const node = graph.nodes.find((n) => n.id === id);
    return (node && messageText(node)) ?? '';
  };
  const waits = revisionChanges(launched, revision).changedWait.filter((id) => !impact.changedText.some((c) => c.nodeId === id));
  const parts = [
    impact.changedText.length > 0 && `${plural(impact.changedText.length, 'step')} changed`,
    impact.removed.length > 0 && `${plural(impact.removed.length, 'step')} removed`,
    impact.added.length > 0 && `${plural(impact.added.length, 'step')} added`,
    waits.length > 0 && `${plural(waits.length, 'wait')} changed`,
  ].filter((p): p is string => typeof p === 'string');
  return {
    headline: parts.length > 0 ? parts.join(', ') : 'Nothing changes yet: edit the steps, save, then publish.',
    changed: impact.changedText.map(({ nodeId, prospectsAhead }) => ({
      nodeId,
      sentence:
        prospectsAhead === 0
          ? `Nobody now in the campaign is still to get “${nameOf(nodeId)}”: prospects added later get the new text.`
          : `${people(prospectsAhead)} will get the new “${nameOf(nodeId)}” text.`,
      before: shorten(textOf(launched, nodeId)),
      after: shorten(textOf(revision, nodeId)),
    })),
    removed: impact.removed.map(({ nodeId, prospects }) => ({
      nodeId,
      prospects,
      sentence:
        prospects === 0
          ? `“${nameOf(nodeId)}” removed: nobody is on it.`
          : `“${nameOf(nodeId)}” removed: ${people(prospects)} there — move them to:`,
    })),
    others: [
      ...impact.added.map((id) => `“${nameOf(id)}” added: prospects who reach it will do it.`),
      ...waits.map((id) => `“${nameOf(id)}” waits differently: prospects waiting there count from when they started.`),
    ],
    targets: [
      ...revision.nodes
        .filter((n) => !['start', 'end'].includes(nodeDefinition(n.type)?.role ?? ''))
        .map((n) => ({ value: n.id, label: after.get(n.id) ?? 'A step' })),
      { value: MOVE_TO_END, label: 'End their run' },
    ],
  };
}
