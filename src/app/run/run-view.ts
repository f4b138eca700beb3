import { create } from 'zustand';
import { isSend, nodeOutputs, nodeRole } from '../../domain/catalog';
import type { CampaignRun } from '../../domain/contract/runs';
import type { EnrollmentStatus } from '../../domain/contract/statuses';
import { formatCount } from '../ui/format';

/** The run view's pure parts: the funnel, the step sentences, the stop warning, and which prospects the list shows. */

export type RunStep = CampaignRun['steps'][number];

/** What the prospects list shows: a status and/or a step (a click on a step or its count sets it), and a search. */
interface RunFilter {
  status: EnrollmentStatus | null;
  nodeId: string | null;
  /** A failure group's error: the failed prospects with that error. */
  error: string | null;
  /** The prospects whose name, headline, company or profile holds it ('' for all). */
  search: string;
}
export const useRunFilter = create<RunFilter & { set(f: Partial<RunFilter>): void }>()((set) => ({
  status: null,
  nodeId: null,
  error: null,
  search: '',
  set: (f) => set({ error: null, ...f }),
}));

/** What the run view knows of the launched graph: a step's type and its name (validator stepNames). */
export interface RunGraph {
  typeOf(nodeId: string): string | undefined;
  stepName(nodeId: string): string;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Steps that reach a person: sending steps and invitations. */
const contacts = (type: string) => isSend(type) || nodeRole(type) === 'invitation';

/**
 * The funnel and the senders' gauges count different things, and say so: a prospect is contacted once
 * a contact step is done for it (the executor confirmed it), while a sender's daily limit counts actions
 * once started, over every campaign (contract 9.3) — "1 started" beside "Contacted 0" is an action under way.
 */
export const CONTACTED_MEANS =
  'Contacted: prospects whose invitation or message is done. Senders count actions once started, in every campaign.';

/** A sender's day of one kind of action against its daily limit. */
export const gaugeSentence = (kind: string, used: number, limit: number): string =>
  `${kind}: ${formatCount(used)} of ${formatCount(limit)} started today, all campaigns`;

/** enrolled → contacted (a contact step done) → accepted → replied. */
export function runFunnel(run: CampaignRun, typeOf: RunGraph['typeOf']) {
  const contacting = run.steps.filter((s) => contacts(typeOf(s.nodeId) ?? ''));
  return [
    { label: 'Enrolled', value: run.enrollments.total },
    { label: 'Contacted', value: Math.max(0, ...contacting.map((s) => s.done)) },
    { label: 'Accepted', value: run.steps.reduce((sum, s) => sum + (s.handles.accepted ?? 0), 0) },
    { label: 'Replied', value: run.enrollments.replied },
  ];
}

/** "3 here, 12 done, 1 failed". */
export function stepSentence(step: Pick<RunStep, 'waiting' | 'done' | 'failed'>): string {
  const parts = [`${formatCount(step.waiting)} here`, `${formatCount(step.done)} done`];
  if (step.failed > 0) parts.push(`${formatCount(step.failed)} failed`);
  return parts.join(', ');
}

/** Per output of the step's type, in catalog order: "Accepted 4", "No response 2". */
export function outputCounts(step: Pick<RunStep, 'handles'>, type: string): { label: string; count: number }[] {
  return nodeOutputs(type)
    .filter((o) => o.id !== null)
    .map((o) => ({ label: o.label, count: step.handles[o.id!] ?? 0 }));
}

/** The prospects still underway: what Stop takes away. */
export const unfinished = (run: CampaignRun): number => run.enrollments.waiting + run.enrollments.active;

export function stopWarning(run: CampaignRun): string {
  const n = unfinished(run);
  return n === 0
    ? 'Stop for good: every prospect has already finished; the campaign will be completed.'
    : `Stop for good: ${plural(n, 'prospect', 'prospects')} will not get any further message. This cannot be undone.`;
}

const stepsByNode = new WeakMap<CampaignRun['steps'], Map<string, RunStep>>();

/** A step's counts in the run body, or undefined; indexed once per body (500 steps each look themselves up). */
export function stepOf(run: CampaignRun, nodeId: string): RunStep | undefined {
  let index = stepsByNode.get(run.steps);
  if (!index) {
    index = new Map(run.steps.map((s) => [s.nodeId, s]));
    stepsByNode.set(run.steps, index);
  }
  return index.get(nodeId);
}

/** Prospects that went along a connection: those that left its step through that output (a single output: all done there). */
export function edgeFlow(run: CampaignRun, source: string, sourceHandle: string | null | undefined): number {
  const step = stepOf(run, source);
  if (!step) return 0;
  return sourceHandle ? (step.handles[sourceHandle] ?? 0) : step.done;
}

/** A connection's stroke width: 1.5 px for none, up to 6 px when the whole audience went along it. */
export const flowWidth = (flow: number, total: number): number => 1.5 + (4.5 * Math.min(flow, total)) / Math.max(1, total);

/** An enrollment's error, or the words for one without its reason. */
export const errorOf = (e: { error: string | null }): string => e.error ?? 'Failed without a reason given';

/** Failed prospects grouped by their error, the largest group first. */
export function failureGroups(items: readonly { status: string; error: string | null }[]): { error: string; count: number }[] {
  const groups = new Map<string, number>();
  for (const e of items) if (e.status === 'failed') groups.set(errorOf(e), (groups.get(errorOf(e)) ?? 0) + 1);
  return [...groups].map(([error, count]) => ({ error, count })).sort((a, b) => b.count - a.count || a.error.localeCompare(b.error));
}
