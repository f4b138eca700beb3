import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { diffDefinitions, stableJson } from './diff';
import { parseClipboard } from './clipboard';
import { groupProblems } from '../overlays/problem-groups';
import { fromDefinition } from './convert';
import { validateWorkflow } from '../../../domain';

describe('diffDefinitions (conflict dialog)', () => {
  it('reports steps and connections added, removed and changed, by id, ignoring key order', () => {
    const saved = connectionOnlyGraph();
    const mine = structuredClone(saved);
    mine.nodes[1]!.data = { ...mine.nodes[1]!.data, wait_for_response_days: 3 };
    mine.nodes.push({ id: 'extra', type: 'delay', position: { x: 0, y: 0 }, data: {} });
    mine.edges = mine.edges.filter((e) => e.sourceHandle !== 'no_response');
    const reordered = { ...mine, nodes: mine.nodes.map((n) => ({ data: n.data, position: n.position, type: n.type, id: n.id })) };
    const diff = diffDefinitions(saved, reordered);
    expect(diff.nodes).toEqual({ added: ['extra'], removed: [], changed: ['invite'] });
    expect(diff.edges.removed).toEqual(['e_invite_no_response']);
    expect(diff.same).toBe(false);
    expect(diffDefinitions(saved, structuredClone(saved)).same).toBe(true);
    expect(stableJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
  });
});

describe('clipboard payloads', () => {
  it('accepts only our format', () => {
    expect(parseClipboard('hello')).toBeNull();
    expect(parseClipboard(JSON.stringify({ format: 'other', nodes: [], edges: [] }))).toBeNull();
    const ok = parseClipboard(
      JSON.stringify({
        format: 'campaign-studio/steps',
        version: 1,
        nodes: [{ id: 'a', type: 'delay', position: { x: 0, y: 0 }, data: {} }],
        edges: [],
      }),
    );
    expect(ok?.nodes).toHaveLength(1);
  });
});

describe('problems panel grouping', () => {
  it('groups by step, edge problems under their source step, groups with errors first', () => {
    const def = connectionOnlyGraph();
    def.edges = def.edges.filter((e) => e.sourceHandle !== 'accepted');
    def.nodes.push({ id: 'lonely', type: 'delay', position: { x: 0, y: 0 }, data: { delay_amount: 1, delay_type: 'days' } });
    const { nodes, edges } = fromDefinition(def);
    const groups = groupProblems(validateWorkflow(def), nodes, edges);
    expect(groups.map((g) => g.key)).toEqual(expect.arrayContaining(['n:invite', 'n:lonely']));
    expect(groups[0]!.errors).toBeGreaterThan(0);
    expect(groups.find((g) => g.key === 'n:invite')!.title).toBe('Connection request');
  });
});
