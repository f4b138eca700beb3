import { describe, expect, it } from 'vitest';
import { NODE_HEIGHT, NODE_WIDTH } from '../geometry';
import { countCrossings, crossedBoxes, outputPoint, routeConnection, routeGraph, segmentHitsBox, type Box } from './route';

const box = (id: string, x: number, y: number): Box => ({ id, x, y, width: NODE_WIDTH, height: NODE_HEIGHT });

describe('routeConnection', () => {
  // A above B above C, all in one column: the straight line A → C runs through B.
  const a = box('a', 0, 0);
  const b = box('b', 0, 200);
  const c = box('c', 0, 400);
  const req = { id: 'e', source: 'a', target: 'c', from: { x: 120, y: NODE_HEIGHT }, to: { x: 120, y: 400 } };

  it('detects a segment that runs through a step', () => {
    expect(segmentHitsBox(req.from, req.to, b)).toBe(true);
    expect(crossedBoxes([req.from, req.to], [a, b, c], req)).toEqual(['b']);
  });

  it('goes around a step that stands in the way, with orthogonal segments', () => {
    const route = routeConnection(req, [a, b, c]);
    expect(crossedBoxes(route, [a, b, c], req)).toEqual([]);
    expect(route[0]).toEqual(req.from);
    expect(route.at(-1)).toEqual(req.to);
    for (let i = 1; i < route.length; i++) expect(route[i - 1]!.x === route[i]!.x || route[i - 1]!.y === route[i]!.y).toBe(true);
    // It leaves downwards and enters from above.
    expect(route[1]!.x).toBe(req.from.x);
    expect(route.at(-2)!.x).toBe(req.to.x);
  });

  it('keeps the plain three-segment path when nothing is in the way', () => {
    const route = routeConnection({ ...req, target: 'b', to: { x: 120, y: 200 } }, [a, b]);
    expect(route).toEqual([req.from, { x: 120, y: 200 }]);
  });

  it('routes a connection back up to an earlier step around both ends', () => {
    const back = { id: 'loop', source: 'c', target: 'a', from: { x: 120, y: 400 + NODE_HEIGHT }, to: { x: 120, y: 0 } };
    const route = routeConnection(back, [a, b, c]);
    expect(crossedBoxes(route, [a, b, c], { source: 'x', target: 'y' }).filter((id) => id === 'b')).toEqual([]);
  });
});

describe('routeGraph', () => {
  it('spreads branch outputs along the bottom in catalog order', () => {
    const node = box('n', 0, 0);
    const left = outputPoint(node, 'connection_request', 'accepted').x;
    const right = outputPoint(node, 'connection_request', 'no_response').x;
    expect(left).not.toBe(right);
    expect(outputPoint(node, 'delay', null)).toEqual({ x: NODE_WIDTH / 2, y: NODE_HEIGHT });
  });

  it('counts no crossing once routed, where straight lines would cross', () => {
    const g = {
      nodes: [
        { id: 'a', type: 'delay', position: { x: 0, y: 0 } },
        { id: 'b', type: 'delay', position: { x: 0, y: 200 } },
        { id: 'c', type: 'end', position: { x: 0, y: 400 } },
      ],
      edges: [
        { id: 'ab', source: 'a', target: 'b' },
        { id: 'ac', source: 'a', target: 'c' },
      ],
    };
    const straight = new Map([
      [
        'ab',
        [
          { x: 120, y: 88 },
          { x: 120, y: 200 },
        ],
      ],
      [
        'ac',
        [
          { x: 120, y: 88 },
          { x: 120, y: 400 },
        ],
      ],
    ]);
    expect(countCrossings(g, straight)).toBe(1);
    expect(countCrossings(g, routeGraph(g))).toBe(0);
  });
});
