import { freshEdgeId, freshId } from '../ids';
import { isRecord } from '../is-record';
import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from '../workflow-types';
import { compareEdges, compareNodes, diffGraphs, jsonEqual, nodeExtras, type ChangedNode } from './diff';

/**
 * Three-way merge of a stale edit: `base` is the graph the edit started from, `theirs` what was
 * saved meanwhile, `mine` the canvas. Built on the one diff (`diffGraphs`): what each side changed
 * since the base is merged per step, per step field (data key, type, extra property) and per
 * connection; a change on one side is taken, the same change on both is taken once, different
 * changes to one thing are conflicts. Positions never conflict: mine when I moved the step, else
 * theirs. A step deleted on one side and only moved on the other stays deleted; edited on the other,
 * it is a conflict. Two sides connecting one output to different steps is one conflict per output.
 * Steps both sides added under one id are two steps unless identical (keepBothAdditions).
 * Without a base (`null`) it is a two-way merge: every difference is a conflict.
 * Connections whose ends are gone after the merge are dropped and reported, never left dangling.
 */

export type MergeSide = 'theirs' | 'mine';
/** A choice per conflict id; a conflict without one is resolved as mine. */
export type MergeChoices = Readonly<Record<string, MergeSide>>;

export type StepConflictReason = 'deleted_by_them' | 'deleted_by_me' | 'only_theirs' | 'only_mine';
export type ConnectionConflictReason = StepConflictReason | 'added_by_both' | 'changed_by_both';

export type MergeConflict =
  | {
      kind: 'field';
      id: string;
      nodeId: string;
      /** `type`: the step's type; `data`: a field of the step; `extra`: a property beyond the spec's own. */
      part: 'type' | 'data' | 'extra';
      key: string;
      /** undefined: absent (or unknown, in a two-way merge). */
      base: unknown;
      theirs: unknown;
      mine: unknown;
    }
  | {
      kind: 'step';
      id: string;
      nodeId: string;
      reason: StepConflictReason;
      base?: WorkflowNode;
      theirs?: WorkflowNode;
      mine?: WorkflowNode;
    }
  | {
      kind: 'connection';
      id: string;
      edgeId: string;
      reason: ConnectionConflictReason;
      base?: WorkflowEdge;
      theirs?: WorkflowEdge;
      mine?: WorkflowEdge;
    }
  | {
      kind: 'output';
      id: string;
      source: string;
      sourceHandle: string | null;
      base: WorkflowEdge[];
      theirs: WorkflowEdge[];
      mine: WorkflowEdge[];
    };

export interface MergeResult {
  base: WorkflowDefinition | null;
  theirs: WorkflowDefinition;
  /** My version as merged: a step I added under an id they also added is renamed (keepBothAdditions). */
  mine: WorkflowDefinition;
  /** False when no base was available: every difference between theirs and mine is a conflict. */
  threeWay: boolean;
  conflicts: MergeConflict[];
  /** The merge with every conflict resolved as mine: the final graph when there are no conflicts. */
  merged: WorkflowDefinition;
  /** Connections left out of `merged` because a step they join is gone. */
  dropped: WorkflowEdge[];
}

export interface ResolvedMerge {
  graph: WorkflowDefinition;
  dropped: WorkflowEdge[];
}

export function mergeGraphs(base: WorkflowDefinition | null, theirs: WorkflowDefinition, original: WorkflowDefinition): MergeResult {
  const conflicts: MergeConflict[] = [];
  const mine = base ? keepBothAdditions(base, theirs, original) : original;
  const { graph, dropped } = run({ base, theirs, mine }, {}, conflicts);
  return { base, theirs, mine, threeWay: base !== null, conflicts, merged: graph, dropped };
}

/**
 * Steps both sides added under one id are two steps (ids are made in each editor: two people adding
 * a Message both get message_1), unless they are identical: my step is renamed to the next free id of
 * its type, and my connections to and from it with it, so the merge keeps both. Where both connected
 * one output to their own new step, that output is then the one question.
 */
function keepBothAdditions(base: WorkflowDefinition, theirs: WorkflowDefinition, mine: WorkflowDefinition): WorkflowDefinition {
  const B = byId(base.nodes);
  const T = byId(theirs.nodes);
  const taken = new Set([...B.keys(), ...T.keys(), ...(mine.nodes ?? []).map((n) => n.id)]);
  const renamed = new Map<string, string>();
  for (const m of mine.nodes ?? []) {
    const t = T.get(m.id);
    if (t && !B.has(m.id) && !renamed.has(m.id) && compareNodes(t, m)) renamed.set(m.id, freshId(String(m.type), taken));
  }
  if (renamed.size === 0) return mine;
  const edgeIds = new Set([...(base.edges ?? []), ...(theirs.edges ?? []), ...(mine.edges ?? [])].map((e) => e.id));
  const nodes = (mine.nodes ?? []).map((n) => (renamed.has(n.id) ? { ...n, id: renamed.get(n.id)! } : n));
  const edges = (mine.edges ?? []).map((e) => {
    const source = renamed.get(e.source) ?? e.source;
    const target = renamed.get(e.target) ?? e.target;
    return source === e.source && target === e.target
      ? e
      : { ...e, id: freshEdgeId(source, e.sourceHandle, target, edgeIds), source, target };
  });
  return { ...mine, nodes, edges };
}

/** The final graph for the user's choices (a conflict without a choice is resolved as mine). */
export function resolveMerge(result: Pick<MergeResult, 'base' | 'theirs' | 'mine'>, choices: MergeChoices): ResolvedMerge {
  return run(result, choices, null);
}

/** Every conflict resolved the same way ("Keep all theirs" / "Keep all mine"). */
export const chooseAll = (conflicts: readonly MergeConflict[], side: MergeSide): Record<string, MergeSide> =>
  Object.fromEntries(conflicts.map((c) => [c.id, side]));

// ---------------------------------------------------------------------------------------------

type Sides = Pick<MergeResult, 'base' | 'theirs' | 'mine'>;

const byId = <T extends { id: string }>(items: readonly T[] | undefined): Map<string, T> => {
  const map = new Map<string, T>();
  for (const item of items ?? []) if (!map.has(item.id)) map.set(item.id, item);
  return map;
};

/** Ids in mine's order, then those only in theirs (theirs' order), then those only in the base. */
function orderedIds<T extends { id: string }>(mine: Map<string, T>, theirs: Map<string, T>, base: Map<string, T>): string[] {
  return [...new Set([...mine.keys(), ...theirs.keys(), ...base.keys()])];
}

const onlyMoved = (c: ChangedNode | undefined) => c !== undefined && c.changes.every((k) => k === 'position');
const outputKey = (e: WorkflowEdge) => `${e.source}\u0000${e.sourceHandle ?? ''}`;

function run(sides: Sides, choices: MergeChoices, conflicts: MergeConflict[] | null): ResolvedMerge {
  const { base, theirs, mine } = sides;
  const choose = (conflict: MergeConflict): MergeSide => {
    conflicts?.push(conflict);
    return choices[conflict.id] ?? 'mine';
  };
  const B = byId(base?.nodes);
  const T = byId(theirs.nodes);
  const M = byId(mine.nodes);
  // What each side changed since the base (two-way: what differs between the sides, on both).
  const dT = base ? diffGraphs(base, theirs) : diffGraphs(mine, theirs);
  const dM = base ? diffGraphs(base, mine) : dT;
  const changedT = new Map(dT.nodes.changed.map((c) => [c.id, c]));
  const changedM = new Map(dM.nodes.changed.map((c) => [c.id, c]));

  const nodes: WorkflowNode[] = [];
  /** Steps one side deleted that the merge keeps: that side's removal of their connections is undone. */
  const revived = new Map<string, MergeSide>();
  for (const id of orderedIds(M, T, B)) {
    const b = B.get(id);
    const t = T.get(id);
    const m = M.get(id);
    const step = (reason: StepConflictReason) =>
      choose({ kind: 'step', id: `step:${id}`, nodeId: id, reason, base: b, theirs: t, mine: m });
    let out: WorkflowNode | undefined;
    if (!base) {
      if (t && m) out = mergeNode(id, undefined, t, m, changedT.get(id), changedT.get(id), choose);
      else out = step(t ? 'only_theirs' : 'only_mine') === 'theirs' ? t : m;
    } else if (b) {
      if (t && m) out = mergeNode(id, b, t, m, changedT.get(id), changedM.get(id), choose);
      else if (m) {
        const cm = changedM.get(id);
        if (cm && !onlyMoved(cm) && step('deleted_by_them') === 'mine') {
          out = m;
          revived.set(id, 'theirs');
        }
      } else if (t) {
        const ct = changedT.get(id);
        if (ct && !onlyMoved(ct) && step('deleted_by_me') === 'theirs') {
          out = t;
          revived.set(id, 'mine');
        }
      }
    } else out = m ?? t; // added on one side, or identically on both (keepBothAdditions)
    if (out) nodes.push(out);
  }
  const kept = new Set(nodes.map((n) => n.id));

  const edges = mergeEdges(sides, choose, revived);
  const dropped = edges.filter((e) => !kept.has(e.source) || !kept.has(e.target));
  return { graph: { nodes, edges: dropped.length ? edges.filter((e) => !dropped.includes(e)) : edges }, dropped };
}

type Choose = (conflict: MergeConflict) => MergeSide;

/** Both sides hold the step: merge its type, position, fields and extra properties one by one. */
function mergeNode(
  id: string,
  b: WorkflowNode | undefined,
  t: WorkflowNode,
  m: WorkflowNode,
  ct: ChangedNode | undefined,
  cm: ChangedNode | undefined,
  choose: Choose,
): WorkflowNode {
  if (!ct) return m;
  if (!cm) return t;
  const out: WorkflowNode = { ...m };
  const pick = (part: 'type' | 'data' | 'extra', key: string, baseValue: unknown, tv: unknown, mv: unknown, changedByMine: boolean) => {
    if (!changedByMine || jsonEqual(tv, mv)) return changedByMine ? mv : tv;
    const side = choose({ kind: 'field', id: `${part}:${id}:${key}`, nodeId: id, part, key, base: baseValue, theirs: tv, mine: mv });
    return side === 'theirs' ? tv : mv;
  };
  if (ct.changes.includes('type')) out.type = pick('type', 'type', b?.type, t.type, m.type, cm.changes.includes('type')) as string;
  // Positions never conflict: mine when I moved the step, else theirs.
  if (!cm.changes.includes('position') && ct.changes.includes('position')) out.position = t.position;
  if (ct.dataKeys.length > 0) {
    const data: Record<string, unknown> = { ...(isRecord(m.data) ? m.data : {}) };
    const td = isRecord(t.data) ? t.data : {};
    const bd = b && isRecord(b.data) ? b.data : {};
    const mine = new Set(cm.dataKeys);
    for (const key of ct.dataKeys) {
      const value = pick('data', key, bd[key], td[key], data[key], mine.has(key));
      if (value === undefined) delete data[key];
      else data[key] = value;
    }
    out.data = data as WorkflowNode['data'];
  }
  if (ct.extraKeys.length > 0) {
    const te = nodeExtras(t);
    const be = b ? nodeExtras(b) : {};
    const mine = new Set(cm.extraKeys);
    for (const key of ct.extraKeys) {
      const value = pick('extra', key, be[key], te[key], out[key], mine.has(key));
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
  }
  return out;
}

function mergeEdges(sides: Sides, choose: Choose, revived: ReadonlyMap<string, MergeSide>): WorkflowEdge[] {
  const { base, theirs, mine } = sides;
  const B = byId(base?.edges);
  const T = byId(theirs.edges);
  const M = byId(mine.edges);
  const nodesOf = (def: WorkflowDefinition) => new Set((def.nodes ?? []).map((n) => n.id));
  const inT = nodesOf(theirs);
  const inM = nodesOf(mine);
  const outputs = base ? outputConflicts(sides, inT, inM) : new Map<string, MergeConflict & { kind: 'output' }>();
  const governed = (e: WorkflowEdge | undefined) => e === undefined || outputs.has(outputKey(e));

  const edges: WorkflowEdge[] = [];
  for (const id of orderedIds(M, T, B)) {
    const b = B.get(id);
    // A step one side deleted but the merge keeps: that side's removal of its connections is undone.
    const deletedWith = (side: MergeSide) =>
      b !== undefined && (revived.get(b.source) === side || revived.get(b.target) === side) ? b : undefined;
    const t = T.get(id) ?? deletedWith('theirs');
    const m = M.get(id) ?? deletedWith('mine');
    if ((b || t || m) && governed(b) && governed(t) && governed(m)) continue; // decided per output below
    const conflict = (reason: ConnectionConflictReason) =>
      choose({ kind: 'connection', id: `connection:${id}`, edgeId: id, reason, base: b, theirs: t, mine: m });
    let out: WorkflowEdge | undefined;
    if (!base) {
      if (t && m) out = !compareEdges(t, m) ? m : conflict('changed_by_both') === 'theirs' ? t : m;
      else out = conflict(t ? 'only_theirs' : 'only_mine') === 'theirs' ? t : m;
    } else if (b) {
      const ct = t && compareEdges(b, t);
      const cm = m && compareEdges(b, m);
      if (t && m) out = !ct ? m : !cm || !compareEdges(t, m) ? t : conflict('changed_by_both') === 'theirs' ? t : m;
      else if (m) out = cm && conflict('deleted_by_them') === 'mine' ? m : undefined;
      else if (t) out = ct && conflict('deleted_by_me') === 'theirs' ? t : undefined;
    } else if (t && m) out = !compareEdges(t, m) ? m : conflict('added_by_both') === 'theirs' ? t : m;
    else out = t ?? m;
    if (out) edges.push(out);
  }
  if (outputs.size === 0) return edges;
  // A conflicted output takes exactly the chosen side's connections.
  const merged = edges.filter((e) => !outputs.has(outputKey(e)));
  const ids = new Set(merged.map((e) => e.id));
  for (const output of outputs.values())
    for (const e of choose(output) === 'theirs' ? output.theirs : output.mine) {
      if (ids.has(e.id)) continue;
      merged.push(e);
      ids.add(e.id);
    }
  return merged;
}

/**
 * Outputs both sides connected differently (each output takes one connection, spec 4.1.4): one
 * question per output rather than one per connection id. A side's removal of a connection whose
 * target it deleted does not count as rewiring; outputs of a step one side deleted are left to
 * that step's own merge.
 */
function outputConflicts(sides: Sides, inT: ReadonlySet<string>, inM: ReadonlySet<string>) {
  const { base, theirs, mine } = sides;
  const group = (edges: readonly WorkflowEdge[] | undefined) => {
    const map = new Map<string, WorkflowEdge[]>();
    for (const e of edges ?? []) {
      const key = outputKey(e);
      const list = map.get(key);
      if (list) list.push(e);
      else map.set(key, [e]);
    }
    return map;
  };
  const gB = group(base?.edges);
  const gT = group(theirs.edges);
  const gM = group(mine.edges);
  const targets = (edges: readonly WorkflowEdge[] | undefined, alsoBase: readonly WorkflowEdge[], nodes: ReadonlySet<string>) =>
    [...new Set([...(edges ?? []).map((e) => e.target), ...alsoBase.filter((e) => !nodes.has(e.target)).map((e) => e.target)])]
      .sort()
      .join('\u0000');
  const result = new Map<string, MergeConflict & { kind: 'output' }>();
  for (const key of new Set([...gB.keys(), ...gT.keys(), ...gM.keys()])) {
    const sample = (gT.get(key) ?? gM.get(key) ?? gB.get(key))![0]!;
    if (!inT.has(sample.source) || !inM.has(sample.source)) continue;
    const b = gB.get(key) ?? [];
    const tb = targets(gT.get(key), b, inT);
    const mb = targets(gM.get(key), b, inM);
    const bb = targets(b, [], new Set());
    if (tb === bb || mb === bb || tb === mb) continue;
    result.set(key, {
      kind: 'output',
      id: `output:${key}`,
      source: sample.source,
      sourceHandle: sample.sourceHandle ?? null,
      base: b,
      theirs: gT.get(key) ?? [],
      mine: gM.get(key) ?? [],
    });
  }
  return result;
}
