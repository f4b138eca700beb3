import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry';
import { cheapestRouteCost, MARGIN, routeCost, STUB } from '../testing/route-oracle';
import { crossedBoxes, routeConnection, segmentHitsBox, type Box, type RouteRequest } from './route';

// Properties of the connection router over random layouts (examples: route.test.ts).

const RUNS = Number(process.env.ROUTE_RUNS ?? 100);
/** Each run routes up to seven connections and searches each again in the model: room for a loaded machine. */
const TIMEOUT = 30_000;

/** A connection from the output at `at` of one step's width to the top middle of another. */
const request = (source: Box, target: Box, at: number): RouteRequest => ({
  id: 'e',
  source: source.id,
  target: target.id,
  from: { x: source.x + Math.round(source.width * at), y: source.y + source.height },
  to: { x: target.x + Math.round(target.width / 2), y: target.y },
});
/** Every step connected to the next one (and the last to the first): back edges and side steps alike. */
const requests = (boxes: readonly Box[], at: readonly number[]) => boxes.map((b, i) => request(b, boxes[(i + 1) % boxes.length]!, at[i]!));

/** Steps on a loose 4 × 4 lattice (at least 40 px apart), each nudged a little. */
const spacedArb = fc
  .uniqueArray(fc.record({ col: fc.nat(3), row: fc.nat(3) }), { minLength: 2, maxLength: 7, selector: (c) => `${c.col},${c.row}` })
  .chain((cells) =>
    fc.tuple(
      ...cells.map((c, i) =>
        fc
          .record({
            dx: fc.nat(40),
            dy: fc.nat(40),
            width: fc.integer({ min: 100, max: 240 }),
            tall: fc.boolean(),
            at: fc.constantFrom(1 / 2, 1 / 3, 2 / 3),
          })
          .map((n) => ({
            box: { id: `n${i}`, x: c.col * 320 + n.dx, y: c.row * 200 + n.dy, width: n.width, height: n.tall ? 112 : 88 },
            at: n.at,
          })),
      ),
    ),
  )
  .map((steps) => ({
    boxes: steps.map((s) => s.box),
    reqs: requests(
      steps.map((s) => s.box),
      steps.map((s) => s.at),
    ),
  }));

/** Small steps crowded on a 160 px square, overlapping at times: every boundary case of the margins comes up. */
const crowdedArb = fc
  .array(
    fc.record({
      x: fc.nat(160),
      y: fc.nat(160),
      width: fc.integer({ min: 1, max: 60 }),
      height: fc.integer({ min: 1, max: 40 }),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { minLength: 2, maxLength: 6 },
  )
  .map((steps) => {
    const boxes = steps.map(({ x, y, width, height }, i) => ({ id: `n${i}`, x, y, width, height }));
    return {
      boxes,
      reqs: requests(
        boxes,
        steps.map((s) => s.at),
      ),
    };
  });

const plainPath = (req: RouteRequest): Point[] | null => {
  const top = req.from.y + STUB;
  const bottom = req.to.y - STUB;
  if (bottom < top) return null;
  const mid = Math.round((top + bottom) / 2);
  return req.from.x === req.to.x ? [req.from, req.to] : [req.from, { x: req.from.x, y: mid }, { x: req.to.x, y: mid }, req.to];
};
const hits = (route: readonly Point[], boxes: readonly Box[], m = 0) =>
  route.slice(1).some((p, i) => boxes.some((b) => segmentHitsBox(route[i]!, p, b, m)));

function expectWellDrawn(route: readonly Point[], req: RouteRequest) {
  expect(route[0]).toEqual(req.from);
  expect(route.at(-1)).toEqual(req.to);
  for (let i = 1; i < route.length; i++) {
    const [a, b] = [route[i - 1]!, route[i]!];
    expect(a.x === b.x || a.y === b.y, 'orthogonal').toBe(true);
    expect(a.x === b.x && a.y === b.y, 'no repeated point').toBe(false);
    const c = route[i + 1];
    if (c) expect((a.x === b.x && b.x === c.x) || (a.y === b.y && b.y === c.y), 'no point mid-run').toBe(false);
  }
}

/** The plain path when nothing is in its way; else the cheapest route on the grid, or null when there is none. */
function expectCheapest(route: readonly Point[], req: RouteRequest, boxes: readonly Box[]): number | null {
  const others = boxes.filter((b) => b.id !== req.source && b.id !== req.target);
  const own = boxes.filter((b) => b.id === req.source || b.id === req.target);
  const plain = plainPath(req);
  if (plain && !hits(plain, others) && !hits(plain.slice(1, -1), own)) {
    expect(route, 'the plain path when nothing is in its way').toEqual(plain);
    return null;
  }
  const best = cheapestRouteCost(req, boxes);
  if (best !== null) expect(routeCost(route, req), 'the cheapest route').toBe(best);
  else if (plain) expect(route, 'no route: the plain path').toEqual(plain);
  else {
    const corner = { x: req.from.x, y: req.to.y };
    const onCorner = (p: Point) => [req.from, corner, req.to].some((q) => q.x === p.x && q.y === p.y);
    expect(
      route.filter((p) => !onCorner(p)),
      'no route: straight up and across',
    ).toEqual([]);
  }
  return best;
}

describe('routeConnection over random layouts', () => {
  it(
    'draws an orthogonal route from the output down and into the input from above, cheapest on the grid, keeping its margin',
    () => {
      fc.assert(
        fc.property(spacedArb, ({ boxes, reqs }) => {
          for (const req of reqs) {
            const route = routeConnection(req, boxes);
            expectWellDrawn(route, req);
            expect(route[1]!.x === req.from.x && route[1]!.y > req.from.y, 'leaves downwards').toBe(true);
            expect(route.at(-2)!.x === req.to.x && route.at(-2)!.y < req.to.y, 'enters from above').toBe(true);
            if (expectCheapest(route, req, boxes) === null) continue;
            expect(crossedBoxes(route, boxes, req)).toEqual([]);
            const others = boxes.filter((b) => b.id !== req.source && b.id !== req.target);
            expect(hits(route, others, MARGIN - 1), 'keeps its margin').toBe(false);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'finds the cheapest route among crowded and overlapping steps, or falls back when there is none',
    () => {
      fc.assert(
        fc.property(crowdedArb, ({ boxes, reqs }) => {
          for (const req of reqs) {
            const route = routeConnection(req, boxes);
            expectWellDrawn(route, req);
            expectCheapest(route, req, boxes);
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('routeConnection on layouts the properties found hard', () => {
  // Shrunk counterexamples of broken variants of the router (a heap that does not sift, a start left
  // blocked, midlines in gaps of exactly 2 × MARGIN): every connection of each is the cheapest.
  const corpus: Array<Array<[x: number, y: number, width: number, height: number]>> = [
    [
      [323, 9, 100, 112],
      [640, 600, 100, 88],
      [960, 600, 100, 88],
      [0, 2, 100, 88],
    ],
    [
      [0, 48, 1, 2],
      [0, 0, 1, 15],
      [58, 82, 29, 1],
    ],
    [
      [11, 600, 100, 112],
      [5, 201, 237, 88],
      [961, 0, 100, 88],
      [961, 400, 100, 88],
      [322, 436, 105, 88],
      [320, 225, 130, 112],
    ],
    [
      [40, 20, 9, 19],
      [79, 157, 12, 35],
      [63, 122, 36, 26],
      [25, 80, 49, 32],
    ],
    [
      [44, 0, 2, 2],
      [29, 0, 1, 1],
      [0, 29, 2, 1],
    ],
    [
      [0, 7, 1, 1],
      [0, 0, 1, 1],
      [0, 0, 1, 1],
    ],
  ];
  it.each(corpus.map((steps, i) => [i + 1, steps] as const))('layout %d', (_n, steps) => {
    const boxes = steps.map(([x, y, width, height], i) => ({ id: `n${i}`, x, y, width, height }));
    for (const at of [0, 1 / 3, 1 / 2, 2 / 3, 1])
      for (const req of requests(
        boxes,
        boxes.map(() => at),
      ))
        expectCheapest(routeConnection(req, boxes), req, boxes);
  });
});

describe('segmentHitsBox', () => {
  it('an axis-aligned segment hits a step (grown by the margin) exactly when one of its points is strictly inside', () => {
    // Every segment with whole-number ends on a small board, both ways round: half-steps along it find any point inside.
    const b: Box = { id: 'b', x: 3, y: 4, width: 3, height: 2 };
    const insideOf = (p: Point, m: number) => p.x > b.x - m && p.x < b.x + b.width + m && p.y > b.y - m && p.y < b.y + b.height + m;
    for (const m of [0, 1])
      for (let fixed = 0; fixed <= 10; fixed++)
        for (let from = 0; from <= 10; from++)
          for (let to = 0; to <= 10; to++)
            for (const horizontal of [true, false]) {
              const at = (v: number): Point => (horizontal ? { x: v, y: fixed } : { x: fixed, y: v });
              const samples = Array.from({ length: 2 * Math.abs(to - from) + 1 }, (_, k) => at(from + (Math.sign(to - from) * k) / 2));
              const expected = samples.some((p) => insideOf(p, m));
              if (segmentHitsBox(at(from), at(to), b, m) !== expected)
                expect({ from: at(from), to: at(to), m, hits: !expected }).toEqual({ from: at(from), to: at(to), m, hits: expected });
            }
  });
});
