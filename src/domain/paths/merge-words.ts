import { FIELDS } from '../catalog/fields';
import { excerpt, plural } from '../catalog/define';
import { isRecord } from '../is-record';
import { stepNames } from '../validator';
import type { WorkflowEdge, WorkflowNode } from '../workflow-types';
import { handleLabel, nodeLabel, stepSummary } from './describe';
import type { MergeConflict, MergeResult } from './merge';

/**
 * A merge conflict in users' words, for the merge dialog: which step (its name, as the problems
 * panel names it), which field (the field table's label), and the before → theirs / mine values
 * (enum options as their labels, numbers with their unit). Never an id, a data path or a UUID.
 */
export interface ConflictValue {
  /** The value as it reads in a row (long text shortened). */
  short: string;
  /** The whole value (shown on hover or when the row is expanded). */
  full: string;
}

export interface ConflictWords {
  /** "ICP scoring", "Message 2", "Invitation → No response". */
  where: string;
  /** "Threshold", "Step", "Connection". */
  what: string;
  /** One line on why this is a question ("They deleted this step; you changed it"). */
  why: string;
  /** The catalog summary of the step in the base version, for context ("Score ≥ 75"); empty when none. */
  context: string;
  base: ConflictValue;
  theirs: ConflictValue;
  mine: ConflictValue;
}

const SHORT = 48;
const value = (full: string): ConflictValue => ({ full, short: excerpt(full, SHORT) });
const NOT_SET = 'not set';

/** One field's value as users read it: "3 days", "Yes", "≥", "name = value, …". */
export function fieldValueText(key: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return NOT_SET;
  const field = FIELDS[key];
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return field?.unit ? plural(v, field.unit) : String(v);
  if (typeof v === 'string') return field?.optionLabels?.[v] ?? v;
  if (isRecord(v)) {
    const pairs = Object.entries(v).map(([k, x]) => `${k} = ${typeof x === 'string' ? x : JSON.stringify(x)}`);
    return pairs.length > 0 ? pairs.join(', ') : NOT_SET;
  }
  return JSON.stringify(v);
}

/** The names of every step of the three versions (mine first), as the problems panel names them. */
export function mergeStepNames(result: Pick<MergeResult, 'base' | 'theirs' | 'mine'>): Map<string, string> {
  const seen = new Set<string>();
  const nodes: Array<{ id: string; type: string | undefined }> = [];
  for (const def of [result.mine, result.theirs, result.base])
    for (const n of def?.nodes ?? []) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      nodes.push({ id: n.id, type: n.type });
    }
  return stepNames(nodes);
}

/** "Message → No response → End"; "Start → Message" for a single-output step. */
export function connectionText(
  edge: Pick<WorkflowEdge, 'source' | 'target' | 'sourceHandle'>,
  names: ReadonlyMap<string, string>,
  types: ReadonlyMap<string, string>,
): string {
  return `${outputText(edge.source, edge.sourceHandle ?? null, names, types)} → ${names.get(edge.target) ?? 'a removed step'}`;
}

function outputText(source: string, handle: string | null, names: ReadonlyMap<string, string>, types: ReadonlyMap<string, string>): string {
  const from = names.get(source) ?? 'a removed step';
  return handle ? `${from} → ${handleLabel(types.get(source), handle)}` : from;
}

const stepText = (node: WorkflowNode | undefined, deleted: string): string => {
  if (!node) return deleted;
  const summary = stepSummary(node);
  return summary ? `${nodeLabel(node.type)}: ${summary}` : nodeLabel(node.type);
};

const STEP_WHY: Readonly<Record<string, string>> = {
  deleted_by_them: 'They deleted this step; you changed it.',
  deleted_by_me: 'You deleted this step; they changed it.',
  added_by_both: 'You both added a step in the same place of the campaign, with different settings.',
  only_theirs: 'Only in their version.',
  only_mine: 'Only in your version.',
  changed_by_both: 'You both changed this connection differently.',
};

/** A conflict in users' words. */
export function describeConflict(
  conflict: MergeConflict,
  result: Pick<MergeResult, 'base' | 'theirs' | 'mine'>,
  names: ReadonlyMap<string, string> = mergeStepNames(result),
): ConflictWords {
  const types = new Map<string, string>();
  for (const def of [result.base, result.theirs, result.mine])
    for (const n of def?.nodes ?? []) if (!types.has(n.id)) types.set(n.id, n.type);
  const baseNode = (id: string) => result.base?.nodes.find((n) => n.id === id);
  const anyNode = (id: string) => [result.mine, result.theirs, result.base].map((d) => d?.nodes.find((n) => n.id === id)).find(Boolean);
  switch (conflict.kind) {
    case 'field': {
      const b = baseNode(conflict.nodeId);
      const node = anyNode(conflict.nodeId);
      const text =
        conflict.part === 'type'
          ? (v: unknown) => (typeof v === 'string' ? nodeLabel(v) : NOT_SET)
          : conflict.part === 'data'
            ? (v: unknown) => fieldValueText(conflict.key, v)
            : (v: unknown) => (v === undefined ? NOT_SET : JSON.stringify(v));
      return {
        where: names.get(conflict.nodeId) ?? nodeLabel(node?.type),
        what:
          conflict.part === 'type'
            ? 'Kind of step'
            : conflict.part === 'data'
              ? (FIELDS[conflict.key]?.label ?? `Setting “${conflict.key}”`)
              : `Property “${conflict.key}”`,
        why: result.base ? 'You both changed this differently.' : 'Different in the two versions.',
        context: b ? stepSummary(b) : '',
        base: value(result.base ? text(conflict.base) : 'unknown'),
        theirs: value(text(conflict.theirs)),
        mine: value(text(conflict.mine)),
      };
    }
    case 'step':
      return {
        where: names.get(conflict.nodeId) ?? nodeLabel(anyNode(conflict.nodeId)?.type),
        what: 'Step',
        why: STEP_WHY[conflict.reason] ?? '',
        context: conflict.base ? stepSummary(conflict.base) : '',
        base: value(result.base ? stepText(conflict.base, 'not there') : 'unknown'),
        theirs: value(stepText(conflict.theirs, 'Deleted')),
        mine: value(stepText(conflict.mine, 'Deleted')),
      };
    case 'connection': {
      const any = conflict.mine ?? conflict.theirs ?? conflict.base!;
      const edgeText = (e: WorkflowEdge | undefined, none: string) => (e ? connectionText(e, names, types) : none);
      return {
        where: connectionText(any, names, types),
        what: 'Connection',
        why: STEP_WHY[conflict.reason]?.replace(/\bstep\b/, 'connection') ?? '',
        context: '',
        base: value(result.base ? edgeText(conflict.base, 'not there') : 'unknown'),
        theirs: value(edgeText(conflict.theirs, 'Deleted')),
        mine: value(edgeText(conflict.mine, 'Deleted')),
      };
    }
    case 'output': {
      const targets = (edges: readonly WorkflowEdge[]) =>
        edges.length === 0 ? 'not connected' : edges.map((e) => names.get(e.target) ?? 'a removed step').join(', ');
      return {
        where: outputText(conflict.source, conflict.sourceHandle, names, types),
        what: 'Connected to',
        why: 'You both connected this output to different steps.',
        context: '',
        base: value(targets(conflict.base)),
        theirs: value(targets(conflict.theirs)),
        mine: value(targets(conflict.mine)),
      };
    }
  }
}
