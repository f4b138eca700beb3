import { describe, expect, it } from 'vitest';
import { NODE_GAP, NODE_HEIGHT, NODE_WIDTH } from '../geometry';
import {
  belowOutput,
  countCrossings,
  crossedBoxes,
  inputPoint,
  outputPoint,
  routeConnection,
  routeGraph,
  segmentHitsBox,
  type Box,
} from './route';

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

  it('does not count a straight connection back up as crossing its own ends, only the step between', () => {
    const back = { source: 'c', target: 'a' };
    expect(
      crossedBoxes(
        [
          { x: 120, y: 400 + NODE_HEIGHT },
          { x: 120, y: 0 },
        ],
        [a, b, c],
        back,
      ),
    ).toEqual(['b']);
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
    // Across just above B (its margin), down B's left side, back under B halfway to C.
    expect(route).toEqual([req.from, { x: 120, y: 186 }, { x: -14, y: 186 }, { x: -14, y: 341 }, { x: 120, y: 341 }, req.to]);
  });

  it('crosses over halfway between the ends when the target is off to the side', () => {
    const t = box('t', 400, 300);
    expect(routeConnection({ ...req, target: 't', to: { x: 520, y: 300 } }, [a, t])).toEqual([
      req.from,
      { x: 120, y: 194 },
      { x: 520, y: 194 },
      { x: 520, y: 300 },
    ]);
  });

  it('keeps the plain three-segment path when nothing is in the way', () => {
    const route = routeConnection({ ...req, target: 'b', to: { x: 120, y: 200 } }, [a, b]);
    expect(route).toEqual([req.from, { x: 120, y: 200 }]);
  });

  it('routes a connection back up to an earlier step around both ends', () => {
    const back = { id: 'loop', source: 'c', target: 'a', from: { x: 120, y: 400 + NODE_HEIGHT }, to: { x: 120, y: 0 } };
    const route = routeConnection(back, [a, b, c]);
    expect(crossedBoxes(route, [a, b, c], { source: 'x', target: 'y' }).filter((id) => id === 'b')).toEqual([]);
    // Out under C, up the right side of the column, over A and down into it.
    expect(route).toEqual([back.from, { x: 120, y: 502 }, { x: 254, y: 502 }, { x: 254, y: -20 }, { x: 120, y: -20 }, back.to]);
  });

  it('goes the other way round when a step beyond the first search window blocks the short way', () => {
    // A wall between A and C, longer on the left; far right, a step F under the wall's end.
    const cBelow = box('c', 0, 600);
    const wall: Box = { id: 'w', x: -1000, y: 300, width: 2100, height: 88 };
    const down = { ...req, to: { x: 120, y: 600 } };
    expect(routeConnection(down, [a, cBelow, wall]).map((p) => p.x)).toContain(1114);
    const far = box('f', 1050, 395);
    const route = routeConnection(down, [a, cBelow, wall, far]);
    expect(crossedBoxes(route, [a, cBelow, wall, far], down)).toEqual([]);
    expect(route).toEqual([down.from, { x: 120, y: 286 }, { x: -1014, y: 286 }, { x: -1014, y: 539 }, { x: 120, y: 539 }, down.to]);
  });

  it('still draws a connection whose input no route can reach: the plain path, or straight up and across', () => {
    // A step 25 px above the target's input leaves no room for a route to enter it.
    const s = box('s', 0, 0);
    const t = box('t', 400, 400);
    const lid: Box = { id: 'lid', x: 300, y: 287, width: 440, height: 88 };
    const toT = { id: 'e', source: 's', target: 't', from: { x: 120, y: NODE_HEIGHT }, to: { x: 520, y: 400 } };
    expect(routeConnection(toT, [s, t, lid])).toEqual([toT.from, { x: 120, y: 244 }, { x: 520, y: 244 }, toT.to]);
    const below = box('s', 0, 600);
    const up = { ...toT, from: { x: 120, y: 600 + NODE_HEIGHT } };
    expect(routeConnection(up, [below, t, lid])).toEqual([up.from, { x: 120, y: 400 }, up.to]);
  });
});

describe('segmentHitsBox', () => {
  const step: Box = { id: 's', x: 100, y: 100, width: 100, height: 50 };
  it('counts a segment within the margin of a step as passing through it', () => {
    expect(segmentHitsBox({ x: 0, y: 95 }, { x: 300, y: 95 }, step)).toBe(false);
    expect(segmentHitsBox({ x: 0, y: 95 }, { x: 300, y: 95 }, step, 6)).toBe(true);
    expect(segmentHitsBox({ x: 0, y: 155 }, { x: 300, y: 155 }, step, 6)).toBe(true);
    expect(segmentHitsBox({ x: 95, y: 0 }, { x: 95, y: 300 }, step, 6)).toBe(true);
    expect(segmentHitsBox({ x: 205, y: 0 }, { x: 205, y: 300 }, step, 6)).toBe(true);
    expect(segmentHitsBox({ x: 205, y: 0 }, { x: 205, y: 300 }, step, 5)).toBe(false);
  });

  it('tests a slanted segment (a straight line drawn by the client) by its bounding box', () => {
    const slant = (x1: number, y1: number, x2: number, y2: number) => segmentHitsBox({ x: x1, y: y1 }, { x: x2, y: y2 }, step);
    expect(slant(0, 0, 300, 300)).toBe(true);
    expect(slant(300, 300, 0, 0)).toBe(true);
    expect(slant(0, 0, 100, 300)).toBe(false); // ends at the left side
    expect(slant(200, 0, 300, 300)).toBe(false); // starts at the right side
    expect(slant(0, 0, 300, 100)).toBe(false); // ends at the top
    expect(slant(0, 150, 300, 300)).toBe(false); // starts at the bottom
    expect(slant(99, 99, 101, 101)).toBe(true);
    expect(slant(199, 149, 201, 151)).toBe(true);
    expect(slant(0, 120, 101, 130)).toBe(true);
    expect(slant(199, 120, 300, 130)).toBe(true);
  });
});

describe('routeGraph', () => {
  it('spreads branch outputs along the bottom in catalog order', () => {
    const node = box('n', 0, 0);
    const left = outputPoint(node, 'connection_request', 'accepted').x;
    const right = outputPoint(node, 'connection_request', 'no_response').x;
    expect(left).not.toBe(right);
    expect([left, right]).toEqual([NODE_WIDTH / 3, (2 * NODE_WIDTH) / 3]);
    expect(outputPoint(node, 'delay', null)).toEqual({ x: NODE_WIDTH / 2, y: NODE_HEIGHT });
    expect(outputPoint(node, 'teleport', 'accepted')).toEqual({ x: NODE_WIDTH / 2, y: NODE_HEIGHT });
  });

  it('routes each connection from its output to the top middle of its target, and skips one whose step is gone', () => {
    const g = {
      nodes: [
        { id: 'inv', type: 'connection_request', position: { x: 0, y: 0 } },
        { id: 'yes', type: 'delay', position: { x: -200, y: 250 } },
        { id: 'no', type: 'end', position: { x: 200, y: 250 } },
      ],
      edges: [
        { id: 'y', source: 'inv', target: 'yes', sourceHandle: 'accepted' },
        { id: 'n', source: 'inv', target: 'no', sourceHandle: 'no_response' },
        { id: 'to-gone', source: 'inv', target: 'gone' },
        { id: 'from-gone', source: 'gone', target: 'no' },
      ],
    };
    const routes = routeGraph(g);
    expect([...routes.keys()]).toEqual(['y', 'n']);
    expect(routes.get('y')).toEqual([
      { x: 80, y: 112 },
      { x: 80, y: 181 },
      { x: -80, y: 181 },
      { x: -80, y: 250 },
    ]);
    expect(routes.get('n')).toEqual([
      { x: 160, y: 112 },
      { x: 160, y: 181 },
      { x: 320, y: 181 },
      { x: 320, y: 250 },
    ]);
    expect(countCrossings(g, new Map([['y', routes.get('y')!]]))).toBe(0);
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

describe('where connections meet a step', () => {
  const box: Box = { id: 'a', x: 100, y: 50, width: NODE_WIDTH, height: NODE_HEIGHT };
  it('arrive at the middle of its top edge', () => {
    expect(inputPoint(box)).toEqual({ x: 100 + NODE_WIDTH / 2, y: 50 });
  });
  it('a step put under an output has its input right under that output, one gap below', () => {
    const under = belowOutput(box, 'message', 'no_reply');
    expect(under.x).toBe(outputPoint(box, 'message', 'no_reply').x);
    expect(under.y).toBe(50 + NODE_HEIGHT + NODE_GAP.y);
    expect(belowOutput(box, 'start', null).x).toBe(inputPoint(box).x);
  });
});
