import { create } from 'zustand';
import { isSend, nodeOutputs } from '../../domain/catalog';
import type { CampaignRun } from '../../domain/contract/runs';
import type { EnrollmentStatus } from '../../domain/contract/statuses';
import { formatCount } from '../ui/format';

/** The run view's pure parts: the funnel, the step sentences, the stop warning, and which prospects the list shows. */

export type RunStep = CampaignRun['steps'][number];

/** What the prospects list shows: a status and/or a step (a click on a step's count sets it). */
export const useRunFilter = create<{
  status: EnrollmentStatus | null;
  nodeId: string | null;
  set(f: Partial<{ status: EnrollmentStatus | null; nodeId: string | null }>): void;
}>()((set) => ({ status: null, nodeId: null, set: (f) => set(f) }));

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Steps that reach a person: sending steps and invitations. */
const contacts = (type: string) => isSend(type) || type === 'connection_request';

/** enrolled → contacted → accepted → replied. */
export function runFunnel(run: CampaignRun, typeOf: (nodeId: string) => string | undefined) {
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

/** The enrollment statuses in users' words. */
export const ENROLLMENT_STATUS_LABEL: Record<EnrollmentStatus, string> = {
  waiting: 'Not started',
  active: 'In progress',
  finished: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
};

/** The daily limit kinds in users' words. */
export const LIMIT_LABEL: Record<string, string> = {
  connection_request: 'Invitations',
  message: 'Messages',
  inmail: 'InMails',
  profile_visit: 'Profile visits',
  other: 'Other actions',
};

/** Prospects that went along a connection: those that left its step through that output (a single output: all done there). */
export function edgeFlow(run: CampaignRun, source: string, sourceHandle: string | null | undefined): number {
  const step = run.steps.find((s) => s.nodeId === source);
  if (!step) return 0;
  return sourceHandle ? (step.handles[sourceHandle] ?? 0) : step.done;
}

/** A connection's stroke width: 1.5 px for none, up to 6 px when the whole audience went along it. */
export const flowWidth = (flow: number, total: number): number => 1.5 + (4.5 * Math.min(flow, total)) / Math.max(1, total);
