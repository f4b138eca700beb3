import { describe, expect, it } from 'vitest';
import { CATALOG, NODE_TYPES, branchHandles } from '../catalog';
import { cloneGraph, connectionOnlyGraph, inmailFallbackGraph, scoredFollowUpGraph } from '../testing/fixtures';
import { canConnect, hasErrors, validateWorkflow } from './index';

/**
 * Handle names are exact (spec 4.1 rule 12): `Accepted` is not `accepted`. A graph that spells an
 * output in another case must be reported, or it would pass half-checked (the later rules —
 * withdrawal, replied → end, scoring — compare names exactly).
 */

const recase = (name: string) => (name === name.toUpperCase() ? name.toLowerCase() : name[0]!.toUpperCase() + name.slice(1));

describe('a wrong-case handle is reported, on every branching output of the fixtures', () => {
  for (const [fixtureName, fixture] of Object.entries({ connectionOnlyGraph, scoredFollowUpGraph, inmailFallbackGraph })) {
    for (const original of fixture().edges.filter((e) => e.sourceHandle !== undefined)) {
      const handle = original.sourceHandle!;
      it(`${fixtureName}: “${recase(handle)}” on ${original.id}`, () => {
        const graph = cloneGraph(fixture());
        graph.edges.find((e) => e.id === original.id)!.sourceHandle = recase(handle);
        const violations = validateWorkflow(graph);
        expect(hasErrors(violations)).toBe(true);
        expect(violations).toContainEqual(
          expect.objectContaining({
            code: 'unknown_source_handle',
            severity: 'error',
            nodeId: original.source,
            edgeId: original.id,
            handle: recase(handle),
          }),
        );
        // the real output is left unconnected
        expect(violations).toContainEqual(expect.objectContaining({ code: 'missing_output', nodeId: original.source, handle }));
      });
    }
  }

  it('the same graph with the exact names is valid (the fixtures are the control)', () => {
    for (const g of [connectionOnlyGraph(), scoredFollowUpGraph(), inmailFallbackGraph()])
      expect(hasErrors(validateWorkflow(g, { senders: [{ accountId: 'a', premium: true }] }))).toBe(false);
  });
});

describe('the editor refuses a wrong-case handle at connect time', () => {
  const branching = NODE_TYPES.filter((t) => CATALOG[t].outputs.kind === 'branch');

  it.each(branching)('%s: every output in another case is refused, the exact name accepted', (type) => {
    const graph = {
      nodes: [
        { id: 'a', type, position: { x: 0, y: 0 }, data: CATALOG[type].defaults() },
        { id: 'b', type: 'end', position: { x: 0, y: 0 }, data: {} },
      ],
      edges: [],
    };
    for (const handle of branchHandles(type)) {
      const verdict = canConnect(graph, { source: 'a', target: 'b', sourceHandle: recase(handle) });
      expect(verdict).toEqual({ ok: false, reason: expect.stringContaining(recase(handle)) });
      expect(canConnect(graph, { source: 'a', target: 'b', sourceHandle: handle })).toEqual({ ok: true });
    }
  });

  it("an 'Accepted' edge does not count as the accepted output's edge", () => {
    const graph = connectionOnlyGraph();
    graph.edges.find((e) => e.sourceHandle === 'accepted')!.sourceHandle = 'Accepted';
    // the exact output is still free, so connecting it is allowed
    expect(canConnect(graph, { source: 'invite', target: 'end', sourceHandle: 'accepted' })).toEqual({ ok: true });
  });
});
