import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry';
import { cheapestRouteCost, MARGIN, routeCost, STUB } from '../testing/route-oracle';
import { crossedBoxes, routeConnection, segmentHitsBox, type Box, type RouteRequest } from './route';

// Properties of the connection router over random layouts (examples: route.test.ts).

/** Steps on a loose 4 × 4 lattice (at least 40 px apart), each nudged a little. */
const layoutArb = fc
  .uniqueArray(fc.record({ col: fc.nat(3), row: fc.nat(3) }), { minLength: 2, maxLength: 7, selector: (c) => `${c.col},${c.row}` })
  .chain((cells) =>
    fc.tuple(
      fc.tuple(
        ...cells.map((cell) =>
          fc
            .record({ dx: fc.nat(40), dy: fc.nat(40), width: fc.integer({ min: 100, max: 240 }), tall: fc.boolean() })
            .map((n) => ({ ...n, ...cell })),
        ),
      ),
      fc.nat(),
      fc.nat(),
      fc.constantFrom(1 / 2, 1 / 3, 2 / 3),
    ),
  )
  .map(([cells, s, t, at]) => {
    const boxes: Box[] = cells.map((c, i) => ({
      id: `n${i}`,
      x: c.col * 320 + c.dx,
      y: c.row * 200 + c.dy,
      width: c.width,
      height: c.tall ? 112 : 88,
    }));
    const source = boxes[s % boxes.length]!;
    const target = boxes[(s + 1 + (t % (boxes.length - 1))) % boxes.length]!;
    const req: RouteRequest = {
      id: 'e',
      source: source.id,
      target: target.id,
      from: { x: source.x + Math.round(source.width * at), y: source.y + source.height },
      to: { x: target.x + Math.round(target.width / 2), y: target.y },
    };
    return { boxes, req };
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

describe('routeConnection over random layouts', () => {
  it('draws an orthogonal route from the output down and into the input from above, cheapest on the grid, keeping its margin', () => {
    fc.assert(
      fc.property(layoutArb, ({ boxes, req }) => {
        const route = routeConnection(req, boxes);
        expect(route[0]).toEqual(req.from);
        expect(route.at(-1)).toEqual(req.to);
        for (let i = 1; i < route.length; i++) {
          const [a, b] = [route[i - 1]!, route[i]!];
          expect(a.x === b.x || a.y === b.y, 'orthogonal').toBe(true);
          expect(a.x === b.x && a.y === b.y, 'no repeated point').toBe(false);
          const c = route[i + 1];
          if (c) expect((a.x === b.x && b.x === c.x) || (a.y === b.y && b.y === c.y), 'no point mid-run').toBe(false);
        }
        expect(route[1]!.x === req.from.x && route[1]!.y > req.from.y, 'leaves downwards').toBe(true);
        expect(route.at(-2)!.x === req.to.x && route.at(-2)!.y < req.to.y, 'enters from above').toBe(true);
        const others = boxes.filter((b) => b.id !== req.source && b.id !== req.target);
        const own = boxes.filter((b) => b.id === req.source || b.id === req.target);
        const plain = plainPath(req);
        if (plain && !hits(plain, others) && !hits(plain.slice(1, -1), own)) {
          expect(route, 'the plain path when nothing is in its way').toEqual(plain);
          return;
        }
        const best = cheapestRouteCost(req, boxes);
        if (best === null) return;
        expect(crossedBoxes(route, boxes, req)).toEqual([]);
        expect(hits(route, others, MARGIN - 1), 'keeps its margin').toBe(false);
        expect(routeCost(route, req)).toBe(best);
      }),
      { numRuns: Number(process.env.ROUTE_RUNS ?? 200) },
    );
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
