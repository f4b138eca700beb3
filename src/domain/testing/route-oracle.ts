import type { Point } from '../geometry';
import type { Box, RouteRequest } from '../paths/route';

/**
 * A slow, plain model of the connection router's cost (route.ts), for its property tests: the
 * cheapest route on the routing grid, by brute force over every grid point, with obstacles tested
 * geometrically. Cost = length + BEND per bend, measured from STUB below the output to STUB above
 * the input (the stubs are drawn, not searched). Grid: the two ends, every step's edges ± MARGIN,
 * and the middle of each gap wider than 2 × MARGIN. A grid point is blocked strictly inside a step
 * grown by MARGIN, a grid segment when its middle is strictly inside a step grown by MARGIN − 1.
 */

export const MARGIN = 14;
export const STUB = MARGIN + 6;
export const BEND = 60;

const inside = (p: Point, b: Box, m: number) => p.x > b.x - m && p.x < b.x + b.width + m && p.y > b.y - m && p.y < b.y + b.height + m;

function lines(values: number[]): number[] {
  const v = [...new Set(values.map(Math.round))].sort((a, b) => a - b);
  const mids = v.slice(1).flatMap((x, i) => (x - v[i]! > 2 * MARGIN ? [Math.round((x + v[i]!) / 2)] : []));
  return [...new Set([...v, ...mids])].sort((a, b) => a - b);
}

/** The cost of the cheapest route on the grid, or null when every route is blocked. */
export function cheapestRouteCost(req: RouteRequest, boxes: readonly Box[]): number | null {
  const start = { x: Math.round(req.from.x), y: Math.round(req.from.y + STUB) };
  const goal = { x: Math.round(req.to.x), y: Math.round(req.to.y - STUB) };
  const xs = lines([start.x, goal.x, ...boxes.flatMap((b) => [b.x - MARGIN, b.x + b.width + MARGIN])]);
  const ys = lines([start.y, goal.y, ...boxes.flatMap((b) => [b.y - MARGIN, b.y + b.height + MARGIN])]);
  // A state is a grid point (column i, row j) and the direction it was reached in.
  const id = (i: number, j: number, vertical: boolean) => (j * xs.length + i) * 2 + (vertical ? 1 : 0);
  const isEnd = (p: Point) => (p.x === start.x && p.y === start.y) || (p.x === goal.x && p.y === goal.y);
  const free = (p: Point) => isEnd(p) || !boxes.some((b) => inside(p, b, MARGIN));
  const cost = new Map<number, number>([[id(xs.indexOf(start.x), ys.indexOf(start.y), true), 0]]);
  // Costs are whole numbers: a bucket per cost is the simplest exact priority queue.
  const buckets: Array<Array<{ i: number; j: number; vertical: boolean }>> = [
    [{ i: xs.indexOf(start.x), j: ys.indexOf(start.y), vertical: true }],
  ];
  for (let c = 0; c < buckets.length; c++) {
    for (const { i, j, vertical } of buckets[c] ?? []) {
      if (cost.get(id(i, j, vertical))! < c) continue;
      const p = { x: xs[i]!, y: ys[j]! };
      if (p.x === goal.x && p.y === goal.y) return c;
      for (const [ni, nj] of [
        [i - 1, j],
        [i + 1, j],
        [i, j - 1],
        [i, j + 1],
      ] as const) {
        if (ni < 0 || nj < 0 || ni >= xs.length || nj >= ys.length) continue;
        const q = { x: xs[ni]!, y: ys[nj]! };
        const middle = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
        if (!free(q) || boxes.some((b) => inside(middle, b, MARGIN - 1))) continue;
        const v = ni === i;
        const atGoal = q.x === goal.x && q.y === goal.y;
        const qc = c + Math.abs(q.x - p.x) + Math.abs(q.y - p.y) + (v !== vertical ? BEND : 0) + (atGoal && !v ? BEND : 0);
        if (qc < (cost.get(id(ni, nj, v)) ?? Infinity)) {
          cost.set(id(ni, nj, v), qc);
          (buckets[qc] ??= []).push({ i: ni, j: nj, vertical: v });
        }
      }
    }
  }
  return null;
}

/**
 * The grid cost of a drawn route: its length plus BEND per bend, less the stubs (the first and
 * last vertical runs are measured from STUB below the output and STUB above the input).
 */
export function routeCost(route: readonly Point[], req: RouteRequest): number {
  let length = 0;
  for (let i = 1; i < route.length; i++) length += Math.abs(route[i]!.x - route[i - 1]!.x) + Math.abs(route[i]!.y - route[i - 1]!.y);
  if (route.length === 2) return Math.abs(req.to.y - STUB - (req.from.y + STUB));
  const firstTurn = route[1]!.y;
  const lastTurn = route.at(-2)!.y;
  const stubs =
    Math.abs(firstTurn - (req.from.y + STUB)) -
    Math.abs(firstTurn - req.from.y) +
    Math.abs(lastTurn - (req.to.y - STUB)) -
    Math.abs(lastTurn - req.to.y);
  return length + stubs + BEND * (route.length - 2);
}
