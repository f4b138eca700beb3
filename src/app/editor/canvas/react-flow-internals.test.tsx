// @vitest-environment jsdom
import { ReactFlow, ReactFlowProvider, useStoreApi, type InternalNode, type Node } from '@xyflow/react';
import reactFlowPackage from '@xyflow/react/package.json';
import { ConnectionMode, getEdgePosition, getInternalNodesBounds, Position } from '@xyflow/system';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ourPackage from '../../../../package.json';

/**
 * The drag layer (live-drag.ts, drag-layer.ts) paints drag frames by reading and writing React
 * Flow's internals: its store's fields, its class names, its node transform and two @xyflow/system
 * helpers. None of that is public API, so both packages are pinned to exact versions, and this test
 * fails when an upgrade changes any of it: read it, adapt the drag layer, then move the pins.
 */

type FlowStore = ReturnType<typeof useStoreApi>;

beforeAll(() => {
  // jsdom has no layout: React Flow asks for these while mounting.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

function mountFlow(nodes: Node[]): { store: FlowStore; root: HTMLElement } {
  let store: FlowStore | undefined;
  const Capture = () => {
    store = useStoreApi();
    return null;
  };
  const { container } = render(
    <div style={{ width: 800, height: 600 }}>
      <ReactFlowProvider>
        <ReactFlow nodes={nodes} edges={[{ id: 'e1', source: 'a', target: 'b' }]} />
        <Capture />
      </ReactFlowProvider>
    </div>,
  );
  return { store: store!, root: container };
}

describe('React Flow internals the drag layer reads', () => {
  it('pins @xyflow/react and @xyflow/system to the exact versions that go together', () => {
    const pinned = ourPackage.dependencies;
    expect(pinned['@xyflow/react']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinned['@xyflow/react']).toBe(reactFlowPackage.version);
    expect(pinned['@xyflow/system']).toBe(reactFlowPackage.dependencies['@xyflow/system']);
  });

  it('keeps the store fields live-drag.ts reads and writes', () => {
    const { store } = mountFlow([
      { id: 'a', position: { x: 10, y: 20 }, data: { label: 'A' } },
      { id: 'b', position: { x: 10, y: 220 }, data: { label: 'B' } },
    ]);
    const state = store.getState();
    expect(state.nodeLookup).toBeInstanceOf(Map);
    const a = state.nodeLookup.get('a')!;
    expect(a.position).toEqual({ x: 10, y: 20 });
    expect(a.internals.positionAbsolute).toEqual({ x: 10, y: 20 });
    expect(state.transform).toHaveLength(3);
    expect(state.domNode).toBeInstanceOf(HTMLElement);
    expect(typeof state.nodesSelectionActive).toBe('boolean');
    expect(state.connectionMode).toBe(ConnectionMode.Strict);
    expect(typeof state.width).toBe('number');
    expect(typeof state.height).toBe('number');
  });

  it('draws nodes and edges with the class names, data-id and transform the drag layer finds and writes', () => {
    const { root } = mountFlow([
      { id: 'a', position: { x: 10, y: 20 }, data: { label: 'A' } },
      { id: 'b', position: { x: 10, y: 220 }, data: { label: 'B' } },
    ]);
    const node = root.querySelector<HTMLElement>('.react-flow__node[data-id="a"]');
    expect(node).not.toBeNull();
    // live-drag.ts writes this string "character for character" as React Flow's NodeWrapper does.
    expect(node!.style.transform).toBe('translate(10px,20px)');
    expect(root.querySelector('.react-flow__edgelabel-renderer')).not.toBeNull();
  });

  it('computes connection ends and the selection bounds with the helpers live-drag.ts calls', () => {
    const internal = (id: string, x: number, y: number): InternalNode =>
      ({
        id,
        position: { x, y },
        data: {},
        measured: { width: 100, height: 40 },
        selected: true,
        internals: {
          positionAbsolute: { x, y },
          z: 0,
          userNode: { id, position: { x, y }, data: {} },
          handleBounds: {
            source: [{ id: null, type: 'source', nodeId: id, position: Position.Bottom, x: 45, y: 35, width: 10, height: 10 }],
            target: [{ id: null, type: 'target', nodeId: id, position: Position.Top, x: 45, y: -5, width: 10, height: 10 }],
          },
        },
      }) as InternalNode;
    const ends = getEdgePosition({
      id: 'e1',
      sourceNode: internal('a', 0, 0),
      targetNode: internal('b', 0, 200),
      sourceHandle: null,
      targetHandle: null,
      connectionMode: ConnectionMode.Strict,
    });
    expect(ends).toEqual({
      sourceX: 50,
      sourceY: 45,
      targetX: 50,
      targetY: 195,
      sourcePosition: Position.Bottom,
      targetPosition: Position.Top,
    });
    const lookup = new Map([
      ['a', internal('a', 0, 0)],
      ['b', internal('b', 300, 200)],
    ]);
    expect(getInternalNodesBounds(lookup, { filter: (n) => !!n.selected })).toMatchObject({ x: 0, y: 0 });
  });
});
