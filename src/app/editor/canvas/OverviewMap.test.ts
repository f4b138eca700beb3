import type { ReactFlowState } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { stepUnderMap } from './OverviewMap';

const node = (x: number, y: number, hidden = false) => ({
  hidden,
  internals: { positionAbsolute: { x, y } },
  measured: { width: 200, height: 80 },
});
const state = (nodes: ReturnType<typeof node>[], transform: [number, number, number]) =>
  ({ nodeLookup: new Map(nodes.map((n, i) => [String(i), n])), transform }) as unknown as Pick<ReactFlowState, 'nodeLookup' | 'transform'>;
/** The map, bottom right of a 640×600 pane at (100, 50) on the page. */
const map = { left: 100 + 450, top: 50 + 470, right: 100 + 620, bottom: 50 + 585 };
const pane = { left: 100, top: 50 };

describe('whether a step lies under the overview map', () => {
  it('reads each step where it is drawn: position, zoom and pan', () => {
    expect(stepUnderMap(state([node(0, 0)], [0, 0, 1]), pane, map)).toBe(false);
    expect(stepUnderMap(state([node(460, 480)], [0, 0, 1]), pane, map)).toBe(true);
    // Zoomed out by half, the same step is drawn at (230, 240): clear of the map.
    expect(stepUnderMap(state([node(460, 480)], [0, 0, 0.5]), pane, map)).toBe(false);
    // Panned right and down by the view, a step at the origin reaches the map.
    expect(stepUnderMap(state([node(0, 0)], [400, 450, 1]), pane, map)).toBe(true);
  });

  it('leaves hidden steps out', () => {
    expect(stepUnderMap(state([node(460, 480, true)], [0, 0, 1]), pane, map)).toBe(false);
  });
});
