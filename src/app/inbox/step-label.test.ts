import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { stepLabel } from './step-label';

describe('stepLabel', () => {
  it('names a step as the canvas does: its own name, else its type label', () => {
    const graph = connectionOnlyGraph();
    expect(stepLabel(graph, 'invite')).toBe('Connection request');
    graph.nodes[1]!.data.name = '  Warm invite ';
    expect(stepLabel(graph, 'invite')).toBe('Warm invite');
  });
  it('a step not in the graph (or no graph) reads as removed', () => {
    expect(stepLabel(connectionOnlyGraph(), 'ghost')).toBe('a removed step');
    expect(stepLabel(undefined, 'invite')).toBe('a removed step');
  });
});
