import fc from 'fast-check';
import { describe, it } from 'vitest';
import { cloneGraph } from '../testing/fixtures';
import { deleteStep, sameGraph } from '../testing/graph-edits';
import type { WorkflowDefinition } from '../workflow-types';
import { chooseAll, mergeGraphs, resolveMerge } from './merge';

// Properties of the three-way merge over random edits of a small graph (examples: merge.test.ts).

const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
type Edit =
  | { op: 'set'; id: string; key: string; value: number }
  | { op: 'unset'; id: string; key: string }
  | { op: 'move'; id: string; x: number }
  | { op: 'delete'; id: string }
  | { op: 'add'; id: string; value: number }
  | { op: 'connect'; source: string; target: string }
  | { op: 'disconnect'; index: number };

const id = fc.constantFrom(...IDS);
const key = fc.constantFrom('k1', 'k2', 'k3');
const small = fc.integer({ min: 0, max: 3 });
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), id, key, value: small }),
  fc.record({ op: fc.constant('unset' as const), id, key }),
  fc.record({ op: fc.constant('move' as const), id, x: small }),
  fc.record({ op: fc.constant('delete' as const), id }),
  fc.record({ op: fc.constant('add' as const), id, value: small }),
  fc.record({ op: fc.constant('connect' as const), source: id, target: id }),
  fc.record({ op: fc.constant('disconnect' as const), index: fc.nat(5) }),
);

function apply(g: WorkflowDefinition, edits: readonly Edit[]): WorkflowDefinition {
  const out = cloneGraph(g);
  for (const e of edits) {
    const n = 'id' in e ? out.nodes.find((x) => x.id === e.id) : undefined;
    if (e.op === 'set' && n) n.data[e.key] = e.value;
    else if (e.op === 'unset' && n) delete n.data[e.key];
    else if (e.op === 'move' && n) n.position = { x: e.x, y: 0 };
    else if (e.op === 'delete' && n) deleteStep(out, e.id);
    else if (e.op === 'add' && !n) out.nodes.push({ id: e.id, type: 'message', position: { x: 0, y: 0 }, data: { k1: e.value } });
    else if (e.op === 'connect' && out.nodes.some((x) => x.id === e.source) && out.nodes.some((x) => x.id === e.target)) {
      const edgeId = `${e.source}-${e.target}`;
      if (!out.edges.some((x) => x.id === edgeId))
        out.edges.push({ id: edgeId, source: e.source, target: e.target, sourceHandle: 'replied' });
    } else if (e.op === 'disconnect' && out.edges.length > 0) out.edges.splice(e.index % out.edges.length, 1);
  }
  return out;
}

const EMPTY: WorkflowDefinition = { nodes: [], edges: [] };
const baseArb = fc.array(editArb, { maxLength: 12 }).map((edits) => apply(EMPTY, edits));
const trio = baseArb.chain((base) =>
  fc.tuple(
    fc.constant(base),
    fc.array(editArb, { maxLength: 6 }).map((e) => apply(base, e)),
    fc.array(editArb, { maxLength: 6 }).map((e) => apply(base, e)),
  ),
);
const dangling = (g: WorkflowDefinition) => {
  const ids = new Set(g.nodes.map((n) => n.id));
  return g.edges.filter((e) => !ids.has(e.source) || !ids.has(e.target));
};

describe('mergeGraphs properties', () => {
  it('an edit on one side only merges without a question into that side', () => {
    fc.assert(
      fc.property(trio, ([base, theirs, mine]) => {
        const onlyMine = mergeGraphs(base, base, mine);
        const onlyTheirs = mergeGraphs(base, theirs, base);
        return (
          onlyMine.conflicts.length === 0 &&
          sameGraph(onlyMine.merged, mine) &&
          onlyTheirs.conflicts.length === 0 &&
          sameGraph(onlyTheirs.merged, theirs)
        );
      }),
    );
  });

  it('the same edit on both sides is taken once', () => {
    fc.assert(
      fc.property(trio, ([base, theirs]) => {
        const result = mergeGraphs(base, theirs, theirs);
        return result.conflicts.length === 0 && sameGraph(result.merged, theirs);
      }),
    );
  });

  it('every choice gives a graph without dangling connections, built from the three versions only', () => {
    fc.assert(
      fc.property(trio, fc.boolean(), ([base, theirs, mine], allTheirs) => {
        const result = mergeGraphs(base, theirs, mine);
        const { graph, dropped } = resolveMerge(result, chooseAll(result.conflicts, allTheirs ? 'theirs' : 'mine'));
        const known = new Set([...base.edges, ...theirs.edges, ...result.mine.edges].map((e) => e.id)); // mine as merged (keepBothAdditions)
        const nodeIds = graph.nodes.map((n) => n.id);
        return (
          dangling(graph).length === 0 &&
          dropped.every((e) => known.has(e.id)) &&
          graph.edges.every((e) => known.has(e.id)) &&
          new Set(nodeIds).size === nodeIds.length &&
          new Set(graph.edges.map((e) => e.id)).size === graph.edges.length
        );
      }),
    );
  });

  it('no step either side added is lost, whatever the choices (two added under one id are both kept)', () => {
    fc.assert(
      fc.property(trio, fc.boolean(), ([base, theirs, mine], allTheirs) => {
        const result = mergeGraphs(base, theirs, mine);
        const { graph } = resolveMerge(result, chooseAll(result.conflicts, allTheirs ? 'theirs' : 'mine'));
        const inBase = new Set(base.nodes.map((n) => n.id));
        const added = [...theirs.nodes, ...mine.nodes].filter((n) => !inBase.has(n.id));
        const kept = graph.nodes.filter((n) => !inBase.has(n.id));
        // Each added step is in the merge with its settings (mine possibly under a new id).
        return added.every((a) =>
          kept.some((k) => k.type === a.type && sameGraph({ nodes: [{ ...k, id: a.id }], edges: [] }, { nodes: [a], edges: [] })),
        );
      }),
    );
  });

  it('conflicts are symmetric: swapping the sides asks the same questions', () => {
    fc.assert(
      fc.property(trio, ([base, theirs, mine]) => {
        const ids = (r: ReturnType<typeof mergeGraphs>) =>
          r.conflicts
            .map((c) => c.id)
            .sort()
            .join(',');
        return ids(mergeGraphs(base, theirs, mine)) === ids(mergeGraphs(base, mine, theirs));
      }),
    );
  });
});
