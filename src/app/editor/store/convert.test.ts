import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../../../domain';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { BRANCH_LABEL_HEIGHT, NODE_HEIGHT, NODE_WIDTH } from '../../../domain';
import { fromDefinition, measuredSize, stepSize, toDefinition, UNKNOWN_NODE_TYPE, WORKFLOW_EDGE_TYPE } from './convert';

describe('fromDefinition / toDefinition', () => {
  it('round-trips a graph with extra properties, unknown types and foreign values verbatim', () => {
    const def = connectionOnlyGraph() as WorkflowDefinition;
    Object.assign(def.nodes[0]!, { style: { color: 'red' }, note: 'keep me' });
    Object.assign(def.edges[0]!, { label: 'go' });
    const foreign = [
      { id: 'mystery', type: 'teleport', position: { x: 1, y: 2 }, data: { a: 1 } },
      { id: 'odd', type: 'delay', position: 'top left', data: null },
    ];
    (def.nodes as unknown[]).push(...foreign);
    (def.edges as unknown[]).push(
      { id: 'weird', source: 'odd', target: 'end', sourceHandle: 42 },
      { id: 'rf', source: 'odd', target: 'end', sourceHandle: null },
    );
    const canvas = fromDefinition(structuredClone(def));
    expect(toDefinition(canvas)).toEqual(def);

    const mystery = canvas.nodes.find((n) => n.id === 'mystery')!;
    expect(mystery.type).toBe(UNKNOWN_NODE_TYPE);
    expect(canvas.nodeExtras.mystery?.type).toBe('teleport');
    const odd = canvas.nodes.find((n) => n.id === 'odd')!;
    expect([odd.position, odd.data]).toEqual([{ x: 0, y: 0 }, {}]);
    const weird = canvas.edges.find((e) => e.id === 'weird')!;
    expect([weird.sourceHandle, weird.type]).toEqual([null, WORKFLOW_EDGE_TYPE]);
  });

  it('keeps nothing on the side for a plain graph, and reads non-finite coordinates as 0', () => {
    const canvas = fromDefinition(connectionOnlyGraph());
    expect([canvas.nodeExtras, canvas.edgeExtras]).toEqual([{}, {}]);
    const def = {
      nodes: [{ id: 'a', type: 'start', position: { x: Number.NaN, y: 'far' }, data: {} }],
      edges: [],
    } as unknown as WorkflowDefinition;
    expect(fromDefinition(def).nodes[0]!.position).toEqual({ x: 0, y: 0 });
  });

  it('reads a definition without node or edge lists as an empty canvas', () => {
    expect(fromDefinition({} as WorkflowDefinition)).toEqual({ nodes: [], edges: [], nodeExtras: {}, edgeExtras: {} });
  });
});

describe("a step's size", () => {
  const [start, invite] = fromDefinition(connectionOnlyGraph() as WorkflowDefinition).nodes;
  it("is its type's nominal size until measured, which React Flow is also given to draw it before measuring", () => {
    expect(stepSize(start!)).toEqual({ width: NODE_WIDTH, height: NODE_HEIGHT });
    expect(stepSize(invite!)).toEqual({ width: NODE_WIDTH, height: NODE_HEIGHT + BRANCH_LABEL_HEIGHT });
    expect([invite!.initialWidth, invite!.initialHeight]).toEqual([NODE_WIDTH, NODE_HEIGHT + BRANCH_LABEL_HEIGHT]);
    expect(measuredSize(invite!)).toBeUndefined();
  });
  it('is the measured size once measured; a measure equal to the nominal size adds nothing', () => {
    expect(stepSize({ ...invite!, measured: { width: NODE_WIDTH, height: 104 } })).toEqual({ width: NODE_WIDTH, height: 104 });
    expect(measuredSize({ ...invite!, measured: { width: NODE_WIDTH, height: 104 } })).toEqual({ width: NODE_WIDTH, height: 104 });
    expect(measuredSize({ ...invite!, measured: { width: NODE_WIDTH, height: NODE_HEIGHT + BRANCH_LABEL_HEIGHT } })).toBeUndefined();
    expect(measuredSize({ ...invite!, measured: { width: NODE_WIDTH } })).toBeUndefined();
  });
});
