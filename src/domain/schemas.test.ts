import { describe, expect, it } from 'vitest';
import { workflowDefinitionSchema } from './schemas';
import { connectionOnlyGraph, followUpChain } from './testing/fixtures';

describe('workflowDefinitionSchema (spec 2.2–2.5)', () => {
  it('accepts fixtures and keeps extra node and edge properties', () => {
    const g = connectionOnlyGraph();
    (g.nodes[0] as Record<string, unknown>).selected = true;
    const parsed = workflowDefinitionSchema.parse(g);
    expect(parsed.nodes[0]).toHaveProperty('selected', true);
    expect(workflowDefinitionSchema.safeParse(followUpChain(500)).success).toBe(true);
  });
  it('rejects extra top-level properties, extra position properties and infinite positions', () => {
    const g = connectionOnlyGraph();
    expect(workflowDefinitionSchema.safeParse({ ...g, viewport: {} }).success).toBe(false);
    expect(workflowDefinitionSchema.safeParse({ ...g, nodes: [{ ...g.nodes[0], position: { x: 0, y: 0, z: 0 } }] }).success).toBe(false);
    expect(
      workflowDefinitionSchema.safeParse({ ...g, nodes: [{ ...g.nodes[0], position: { x: 0, y: Number.POSITIVE_INFINITY } }] }).success,
    ).toBe(false);
    expect(workflowDefinitionSchema.safeParse({ ...g, edges: [{ id: '', source: 'a', target: 'b' }] }).success).toBe(false);
  });
});
