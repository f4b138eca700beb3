import { stepNames, type WorkflowDefinition } from '../../../domain';
import { diffGraphs } from '../../../domain/paths';
import type { ChangeVia } from '../../../domain/contract/changes';

/** Who saved, for the live-change banner: `via` app with another client id may be another tab or a teammate's studio. */
export function whoSaved(via: ChangeVia | undefined): string {
  if (via === 'mcp') return 'by an agent';
  if (via === 'app') return 'in another studio window';
  return 'by someone else';
}

/** "2 s ago", "3 min ago", "1 h ago": the banner's ticking age (the event arrives at once, so it counts from arrival). */
export function ago(sinceMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - sinceMs) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

const MAX_NAMED = 3;
const named = (names: string[]) =>
  names.length <= MAX_NAMED ? names.join(', ') : `${names.slice(0, MAX_NAMED).join(', ')} and ${names.length - MAX_NAMED} more`;

/**
 * What a save elsewhere changed, in users' words, from the domain's graph diff:
 * "2 steps changed (Message 1, Wait), 1 added (Email); 3 connections changed."
 */
export function describeRemoteChange(before: WorkflowDefinition, after: WorkflowDefinition): string {
  const diff = diffGraphs(before, after);
  if (diff.same) return 'The steps are unchanged.';
  const afterNames = stepNames(after.nodes);
  const beforeNames = stepNames(before.nodes);
  const edited = diff.nodes.changed.filter((c) => c.changes.some((k) => k !== 'position'));
  const moved = diff.nodes.changed.filter((c) => c.changes.every((k) => k === 'position'));
  const groups: [string, string[]][] = [
    ['changed', edited.map((c) => afterNames.get(c.id) ?? c.id)],
    ['added', diff.nodes.added.map((n) => afterNames.get(n.id) ?? n.id)],
    ['removed', diff.nodes.removed.map((n) => beforeNames.get(n.id) ?? n.id)],
    ['moved', moved.map((c) => afterNames.get(c.id) ?? c.id)],
  ];
  // The noun goes with the first group only: "2 steps changed (…), 1 added (…)".
  const stepParts = groups
    .filter(([, names]) => names.length > 0)
    .map(([verb, names], i) => `${names.length}${i === 0 ? (names.length === 1 ? ' step' : ' steps') : ''} ${verb} (${named(names)})`);
  const edges = diff.edges.added.length + diff.edges.removed.length + diff.edges.changed.length;
  const parts = [stepParts.join(', '), edges > 0 ? `${edges} ${edges === 1 ? 'connection' : 'connections'} changed` : ''].filter(Boolean);
  return `${parts.join('; ')}.`;
}
