import { describe, expect, it } from 'vitest';
import { edge, node } from '../../../domain/testing/fixtures';
import { fromDefinition, type CanvasGraph } from './convert';
import { deleteSelectionReconnecting } from './delete-selection';

const chain = () =>
  fromDefinition({
    nodes: [
      node('start', 'start'),
      node('wait', 'delay', { delay_type: 'days', delay_amount: 2 }, { x: 0, y: 160 }),
      node('invite', 'connection_request', {}, { x: 0, y: 320 }),
      node('end', 'end', {}, { x: 0, y: 480 }),
    ],
    edges: [edge('start', 'wait'), edge('wait', 'invite'), edge('invite', 'end', 'accepted'), edge('invite', 'end', 'no_response')],
  });
const select = (g: CanvasGraph, ...ids: string[]): CanvasGraph => ({
  ...g,
  nodes: g.nodes.map((n) => ({ ...n, selected: ids.includes(n.id) })),
});
const links = (g: CanvasGraph) => g.edges.map((e) => `${e.source}${e.sourceHandle ? `:${e.sourceHandle}` : ''}->${e.target}`).sort();

describe('deleteSelectionReconnecting', () => {
  it('connects the neighbours of a deleted step that had one connection in and one out', () => {
    const done = deleteSelectionReconnecting(select(chain(), 'wait'));
    expect(links(done.graph)).toEqual(['invite:accepted->end', 'invite:no_response->end', 'start->invite']);
    expect(done.label).toBe('Delete step and reconnect');
    expect(done.reconnected).toEqual({ from: 'Start', to: 'Connection request', deleted: 'Delay' });
  });

  it('leaves a branching step’s neighbours alone', () => {
    const done = deleteSelectionReconnecting(select(chain(), 'invite'));
    expect(links(done.graph)).toEqual(['start->wait']);
    expect(done.reconnected).toBeNull();
    expect(done.label).toBe('Delete step');
  });

  it('reconnects nothing when several steps go at once', () => {
    const done = deleteSelectionReconnecting(select(chain(), 'wait', 'end'));
    expect(done.reconnected).toBeNull();
    expect(done.label).toBe('Delete 2 steps');
  });
});
