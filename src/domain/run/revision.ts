import { branchOutputs, nodeDefinition } from '../catalog';
import { diffGraphs } from '../paths/diff';
import type { WorkflowDefinition, WorkflowNode } from '../workflow-types';
import type { RunProspect } from './prospect';
import { stepDecision, type RunNode, type WaitEvent } from './step';

/**
 * Contract 10.4, the pure part of changing a running campaign: what a revision changes against the
 * launched graph (steps removed, added, whose text, data or wait changed), when a changed wait ends
 * counted from when it began, and which output a step takes when a prospect passes it without it
 * being done again. The server's publish and impact, and the engine, read these.
 */

/**
 * The data fields holding the text a step sends (contract 10.1: the note, the message and InMail
 * subject, an enhanced message's instructions, and their variants); `send_empty_request` decides
 * whether a note is sent at all.
 */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['message_template', 'subject', 'customInstructions', 'variants', 'send_empty_request']);

export interface RevisionChanges {
  /** Steps of the launched graph the revision no longer has — or has with another type (a different step under the same id). */
  readonly removed: readonly string[];
  /** Steps of the revision the launched graph did not have (a changed type included). */
  readonly added: readonly string[];
  /** Sending steps kept whose text changed. */
  readonly changedText: readonly string[];
  /** Steps kept whose data changed at all (their text, their wait, anything an action carries). */
  readonly changedData: readonly string[];
  /** Steps kept whose wait changed (a delay's length, a reply or acceptance wait, a trigger's keyword). */
  readonly changedWait: readonly string[];
}

/** The data fields a step's wait is computed from (catalog `run`): a delay's amount and unit, the days an action waits, a trigger's keyword. */
function waitFields(type: string): readonly string[] {
  const run = nodeDefinition(type)?.run;
  if (run?.does === 'delay') return ['delay_amount', 'delay_type'];
  if (run?.does === 'act' && run.await) return [run.await.timeoutField];
  if (run?.does === 'trigger' && run.keywordField !== undefined) return [run.keywordField];
  return [];
}

/** What publishing `revision` over `launched` changes, step by step (node ids are stable, so steps are matched by id). */
export function revisionChanges(launched: WorkflowDefinition, revision: WorkflowDefinition): RevisionChanges {
  const diff = diffGraphs(launched, revision);
  const retyped = diff.nodes.changed.filter((c) => c.changes.includes('type')).map((c) => c.id);
  const kept = diff.nodes.changed.filter((c) => !c.changes.includes('type') && c.dataKeys.length > 0);
  return {
    removed: [...diff.nodes.removed.map((n) => n.id), ...retyped],
    added: [...diff.nodes.added.map((n) => n.id), ...retyped],
    changedText: kept.filter((c) => nodeDefinition(c.after.type)?.sends && c.dataKeys.some((k) => TEXT_FIELDS.has(k))).map((c) => c.id),
    changedData: kept.map((c) => c.id),
    changedWait: kept.filter((c) => waitFields(c.after.type).some((k) => c.dataKeys.includes(k))).map((c) => c.id),
  };
}

/** The text-defining part of a step (contract 10.1 "the version of its text"): equal for two steps that send the same. */
export function stepTextOf(node: Pick<WorkflowNode, 'data'>): string {
  const data = node.data ?? {};
  return JSON.stringify([...TEXT_FIELDS].sort().map((k) => data[k] ?? null));
}

/**
 * Contract 10.1 rows per version of a step's text: for each step of the graph published as
 * `version`, the version its text dates from — the same as in `before` (the previous launched graph
 * and its map) when the text did not change, else `version`.
 */
export function textVersions(
  graph: WorkflowDefinition,
  version: number,
  before?: { graph: WorkflowDefinition; versions: Readonly<Record<string, number>> },
): Record<string, number> {
  const earlier = new Map((before?.graph.nodes ?? []).map((n) => [n.id, n]));
  return Object.fromEntries(
    graph.nodes.map((n) => {
      const old = earlier.get(n.id);
      const same = old !== undefined && old.type === n.type && stepTextOf(old) === stepTextOf(n);
      return [n.id, same ? (before?.versions[n.id] ?? version) : version];
    }),
  );
}

export interface WaitEnd {
  /** When the wait times out (epoch ms); null when only an event ends it. */
  readonly until: number | null;
  readonly on: readonly WaitEvent[];
  readonly timeoutHandle: string | null;
}

/**
 * Contract 10.4 "waits keep their start": the wait a step makes, counted from `began` (when it was
 * entered, for a delay or a trigger; when its action was done, for one that then waits) — the same
 * decision the engine made then, on the step as it is now. Undefined for a step that does not wait.
 */
export function waitFrom(node: RunNode, began: number, context: { prospect: RunProspect; zone: string }): WaitEnd | undefined {
  const run = nodeDefinition(node.type)?.run;
  const input = run?.does === 'act' ? ({ kind: 'result', status: 'done' } as const) : ({ kind: 'enter' } as const);
  const decision = stepDecision(node, { ...context, now: began, arrivedBy: null, replied: false }, input);
  return decision.kind === 'wait' ? { until: decision.until, on: decision.on, timeoutHandle: decision.timeoutHandle } : undefined;
}

/**
 * The output a step takes when a prospect passes it without it being done again (contract 10.4: a
 * step already done, or a text already sent): the output they took when it was done before, when
 * this step has it; else the one its wait's timeout takes (no answer: `no_response`, `no_reply`);
 * else its negative branch; else its single output.
 */
export function passOutput(node: RunNode, earlier: string | null): string | null {
  const outputs = branchOutputs(node.type);
  if (outputs.length === 0) return null;
  if (earlier !== null && outputs.some((o) => o.name === earlier)) return earlier;
  const run = nodeDefinition(node.type)?.run;
  if (run?.does === 'act' && run.await) return run.await.timeoutHandle;
  return (outputs.find((o) => o.tone === 'negative') ?? outputs[outputs.length - 1]!).name;
}

/**
 * What a prospect's timeline held when their campaign was last revised (contract 10.4): a step
 * already done there, or a text already sent, is passed — never done or sent again.
 */
export interface RunHistory {
  /** The output a step took when it was done; undefined when it never was. */
  step(nodeId: string): { readonly handle: string | null } | undefined;
  /** The output taken by the step that sent this exact text; undefined when it was never sent. */
  text(rendered: string): { readonly handle: string | null } | undefined;
}
