import { describe, expect, it } from 'vitest';
import type { PatchOperation } from './contract/campaigns';
import { connectionOnlyGraph, node } from './testing/fixtures';
import { validateWorkflow } from './validator';
import { applyWorkflowPatch } from './workflow-patch';

describe('applyWorkflowPatch (contract 8.1)', () => {
  it('applies operations in order without touching the saved graph', () => {
    const saved = connectionOnlyGraph();
    const before = structuredClone(saved);
    const ops: PatchOperation[] = [
      { op: 'remove_edge', id: 'e_start_next' },
      { op: 'add_node', node: node('visit', 'profile_visit') },
      { op: 'add_edge', edge: { source: 'start', target: 'visit' } },
      { op: 'add_edge', edge: { source: 'visit', target: 'invite' } },
      { op: 'update_node', id: 'invite', data: { message_template: null, send_empty_request: true }, position: { x: 5, y: 6 } },
    ];
    const out = applyWorkflowPatch(saved, ops);
    expect(saved).toEqual(before);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.definition.nodes.map((n) => n.id)).toEqual(['start', 'invite', 'end', 'visit']);
    expect(out.definition.edges.map((e) => e.id)).toEqual([
      'e_invite_accepted',
      'e_invite_no_response',
      'e_start_next_visit',
      'e_visit_next_invite',
    ]);
    const invite = out.definition.nodes.find((n) => n.id === 'invite')!;
    expect(invite.data).toEqual({
      ...saved.nodes.find((n) => n.id === 'invite')!.data,
      send_empty_request: true,
      message_template: undefined,
    });
    expect('message_template' in invite.data).toBe(false);
    expect(invite.position).toEqual({ x: 5, y: 6 });
    expect(validateWorkflow(out.definition).filter((v) => v.severity === 'error')).toEqual([]);
  });

  it('removing a node removes its edges; a made-up edge id never collides', () => {
    const out = applyWorkflowPatch(connectionOnlyGraph(), [
      { op: 'add_edge', edge: { source: 'invite', sourceHandle: 'accepted', target: 'end', id: 'e_invite_accepted_end' } },
      { op: 'add_edge', edge: { source: 'invite', sourceHandle: 'accepted', target: 'end' } },
      { op: 'remove_node', id: 'end' },
    ]);
    expect(out.ok && out.definition.edges.map((e) => e.id)).toEqual(['e_start_next']);
    const twice = applyWorkflowPatch(connectionOnlyGraph(), [
      { op: 'add_edge', edge: { source: 'invite', sourceHandle: 'accepted', target: 'end', id: 'e_invite_accepted_end' } },
      { op: 'add_edge', edge: { source: 'invite', sourceHandle: 'accepted', target: 'end' } },
    ]);
    expect(twice.ok && twice.definition.edges.at(-1)!.id).toBe('e_invite_accepted_end_2');
  });

  it('stops at the first operation naming a missing id or adding an existing one', () => {
    const cases: Array<[PatchOperation[], string]> = [
      [[{ op: 'remove_node', id: 'ghost' }], 'operations.0.id'],
      [
        [
          { op: 'remove_node', id: 'invite' },
          { op: 'update_node', id: 'invite', data: {} },
        ],
        'operations.1.id',
      ],
      [[{ op: 'add_node', node: node('end', 'end') }], 'operations.0.node.id'],
      [[{ op: 'add_edge', edge: { source: 'ghost', target: 'end' } }], 'operations.0.edge.source'],
      [[{ op: 'add_edge', edge: { source: 'start', target: 'ghost' } }], 'operations.0.edge.target'],
      [[{ op: 'add_edge', edge: { id: 'e_start_next', source: 'start', target: 'end' } }], 'operations.0.edge.id'],
      [
        [
          { op: 'remove_edge', id: 'e_start_next' },
          { op: 'remove_edge', id: 'e_start_next' },
        ],
        'operations.1.id',
      ],
    ];
    for (const [ops, path] of cases) {
      const out = applyWorkflowPatch(connectionOnlyGraph(), ops);
      expect(out.ok ? null : out.error.path).toBe(path);
    }
  });

  it('changes only what an update names: data alone keeps the position, a position alone keeps the data', () => {
    const saved = connectionOnlyGraph();
    const invite = saved.nodes.find((n) => n.id === 'invite')!;
    const dataOnly = applyWorkflowPatch(saved, [{ op: 'update_node', id: 'invite', data: { send_empty_request: true } }]);
    const afterData = dataOnly.ok ? dataOnly.definition.nodes.find((n) => n.id === 'invite') : undefined;
    expect(afterData).toEqual({ ...invite, data: { ...invite.data, send_empty_request: true } });
    const positionOnly = applyWorkflowPatch(saved, [{ op: 'update_node', id: 'invite', position: { x: 7, y: 8 } }]);
    const afterMove = positionOnly.ok ? positionOnly.definition.nodes.find((n) => n.id === 'invite') : undefined;
    expect(afterMove).toEqual({ ...invite, position: { x: 7, y: 8 } });
  });

  it('merges data into a saved node whose data is missing or not an object', () => {
    for (const data of [undefined, null, ['x'], 'ab', 5]) {
      const saved = connectionOnlyGraph();
      (saved.nodes[1] as { data: unknown }).data = data;
      const out = applyWorkflowPatch(saved, [{ op: 'update_node', id: 'invite', data: { send_empty_request: true, gone: null } }]);
      expect(out.ok && out.definition.nodes[1]!.data).toEqual({ send_empty_request: true });
    }
  });

  it('removing a node removes the edges leaving it and those reaching it, and no other', () => {
    const out = applyWorkflowPatch(connectionOnlyGraph(), [{ op: 'remove_node', id: 'invite' }]);
    expect(out.ok && out.definition.nodes.map((n) => n.id)).toEqual(['start', 'end']);
    expect(out.ok && out.definition.edges).toEqual([]);
    const keepsOthers = applyWorkflowPatch(connectionOnlyGraph(), [{ op: 'remove_node', id: 'start' }]);
    expect(keepsOthers.ok && keepsOthers.definition.edges.map((e) => e.id)).toEqual(['e_invite_accepted', 'e_invite_no_response']);
  });

  it('names an edge after its output, or "next" when it has none, and keeps counting while ids are taken', () => {
    const out = applyWorkflowPatch(connectionOnlyGraph(), [
      { op: 'add_edge', edge: { source: 'start', target: 'end' } },
      { op: 'add_edge', edge: { source: 'start', target: 'end' } },
      { op: 'add_edge', edge: { source: 'start', target: 'end' } },
      { op: 'add_edge', edge: { source: 'invite', sourceHandle: 'accepted', target: 'start' } },
    ]);
    expect(out.ok && out.definition.edges.slice(3)).toEqual([
      { id: 'e_start_next_end', source: 'start', target: 'end' },
      { id: 'e_start_next_end_2', source: 'start', target: 'end' },
      { id: 'e_start_next_end_3', source: 'start', target: 'end' },
      { id: 'e_invite_accepted_start', source: 'invite', sourceHandle: 'accepted', target: 'start' },
    ]);
  });

  it('tells the caller which id is wrong, in words', () => {
    const message = (ops: PatchOperation[]) => {
      const out = applyWorkflowPatch(connectionOnlyGraph(), ops);
      return out.ok ? null : out.error.message;
    };
    expect(message([{ op: 'update_node', id: 'ghost', data: {} }])).toBe(
      'No node has the id “ghost” at this point (check the ids with get-campaign).',
    );
    expect(message([{ op: 'add_node', node: node('end', 'end') }])).toBe('A node with the id “end” already exists.');
    expect(message([{ op: 'add_edge', edge: { id: 'e_start_next', source: 'start', target: 'end' } }])).toBe(
      'An edge with the id “e_start_next” already exists.',
    );
    expect(message([{ op: 'remove_edge', id: 'e_gone' }])).toBe(
      'No edge has the id “e_gone” at this point (check the ids with get-campaign).',
    );
  });
});
