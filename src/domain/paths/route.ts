import { branchHandles, nodeDefinition } from '../catalog';
import { NODE_GAP, nominalSize, outputOffsetX, type Point, type Size } from '../geometry';

/**
 * Orthogonal connection routes that never pass behind a step ("connections that read
 * true"). The stored graph keeps only node positions (spec 2.3), so routes are computed from the
 * boxes: each connection leaves its output downwards and enters its target from above; when the
 * plain three-segment path would cross another step, it is routed on an orthogonal visibility grid
 * (box edges plus a margin, like libavoid/ELK's orthogonal routing) with a bend penalty.
 */

export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RouteRequest {
  id: string;
  source: string;
  target: string;
  /** The output's point on the source's bottom edge. */
  from: Point;
  /** The input's point on the target's top edge. */
  to: Point;
}

/** Space kept around steps by routed segments. */
const MARGIN = 14;
/** Length of the straight piece leaving an output and entering an input. */
const STUB = MARGIN + 6;
/** Cost of one bend, in pixels of length (few bends read better than the shortest path). */
const BEND = 60;
/** First search window around the two ends (widened to everything when no route is found inside it). */
const WINDOW = 700;

/** True when the axis-aligned segment a→b passes through the inside of box `b` grown by `m`. */
export function segmentHitsBox(a: Point, c: Point, b: Box, m = 0): boolean {
  const left = b.x - m;
  const right = b.x + b.width + m;
  const top = b.y - m;
  const bottom = b.y + b.height + m;
  if (a.y === c.y) {
    const lo = Math.min(a.x, c.x);
    const hi = Math.max(a.x, c.x);
    return a.y > top && a.y < bottom && hi > left && lo < right;
  }
  if (a.x === c.x) {
    const lo = Math.min(a.y, c.y);
    const hi = Math.max(a.y, c.y);
    return a.x > left && a.x < right && hi > top && lo < bottom;
  }
  // Not axis-aligned (never produced here): test the bounding boxes.
  return Math.max(a.x, c.x) > left && Math.min(a.x, c.x) < right && Math.max(a.y, c.y) > top && Math.min(a.y, c.y) < bottom;
}

/** Boxes (other than the connection's own source and target) crossed by a route's segments. */
export function crossedBoxes(route: readonly Point[], boxes: readonly Box[], own: { source: string; target: string }): string[] {
  const hit = new Set<string>();
  for (let i = 1; i < route.length; i++)
    for (const b of boxes) if (b.id !== own.source && b.id !== own.target && segmentHitsBox(route[i - 1]!, route[i]!, b)) hit.add(b.id);
  return [...hit];
}

/** Drops repeated points and points in the middle of a straight run. */
function simplify(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    if (out.length && out.at(-1)!.x === p.x && out.at(-1)!.y === p.y) continue;
    if (out.length >= 2) {
      const a = out.at(-2)!;
      const b = out.at(-1)!;
      if ((a.x === b.x && b.x === p.x) || (a.y === b.y && b.y === p.y)) out.pop();
    }
    out.push(p);
  }
  return out;
}

function clear(route: readonly Point[], obstacles: readonly Box[], margin: number): boolean {
  for (let i = 1; i < route.length; i++) for (const b of obstacles) if (segmentHitsBox(route[i - 1]!, route[i]!, b, margin)) return false;
  return true;
}

/** The plain path: down from the output, across halfway, down into the input. */
function plainRoute(req: RouteRequest): Point[] | null {
  const a = { x: req.from.x, y: req.from.y + STUB };
  const b = { x: req.to.x, y: req.to.y - STUB };
  if (b.y < a.y) return null;
  const mid = Math.round((a.y + b.y) / 2);
  return simplify([req.from, { x: a.x, y: mid }, { x: b.x, y: mid }, req.to]);
}

/** A binary min-heap of (key, value) pairs in two growable typed arrays (no allocation per push). */
class Heap {
  private keys = new Float64Array(256);
  private values = new Int32Array(256);
  size = 0;
  /** The key of the pair `pop` returned last. */
  key = 0;
  push(key: number, value: number) {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
      const values = new Int32Array(this.size * 2);
      values.set(this.values);
      this.values = values;
    }
    const { keys, values } = this;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      keys[i] = keys[p]!;
      values[i] = values[p]!;
      i = p;
    }
    keys[i] = key;
    values[i] = value;
  }
  /** The value with the smallest key (its key in `key`); the heap must not be empty. */
  pop(): number {
    const { keys, values } = this;
    const top = values[0]!;
    this.key = keys[0]!;
    const n = --this.size;
    const lastKey = keys[n]!;
    const lastValue = values[n]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const m = l + 1 < n && keys[l + 1]! < keys[l]! ? l + 1 : l;
      if (keys[m]! >= lastKey) break;
      keys[i] = keys[m]!;
      values[i] = values[m]!;
      i = m;
    }
    keys[i] = lastKey;
    values[i] = lastValue;
    return top;
  }
}

/** The first index of ascending `values` whose value is greater than `v` (values.length when none). */
function firstAbove(values: readonly number[], v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! > v) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Grid lines plus the middle of every gap between neighbours (routes run down the middle of channels). */
function withMidlines(values: number[]): number[] {
  const sorted = Float64Array.from(values, (v) => Math.round(v) + 0).sort(); // + 0: no -0 line
  const lines: number[] = [];
  for (const v of sorted) {
    const last = lines.length > 0 ? lines[lines.length - 1]! : undefined;
    if (last === v) continue;
    if (last !== undefined && v - last > 2 * MARGIN) lines.push(Math.round((v + last) / 2));
    lines.push(v);
  }
  return lines;
}

/** Shortest route with few bends on the orthogonal visibility grid of `obstacles` (null when none exists). */
function gridRoute(req: RouteRequest, obstacles: readonly Box[]): Point[] | null {
  const a = { x: Math.round(req.from.x), y: Math.round(req.from.y + STUB) };
  const b = { x: Math.round(req.to.x), y: Math.round(req.to.y - STUB) };
  const xEdges = [a.x, b.x];
  const yEdges = [a.y, b.y];
  for (const o of obstacles) {
    xEdges.push(o.x - MARGIN, o.x + o.width + MARGIN);
    yEdges.push(o.y - MARGIN, o.y + o.height + MARGIN);
  }
  const xs = withMidlines(xEdges);
  const ys = withMidlines(yEdges);
  const nx = xs.length;
  const ny = ys.length;
  // Grid points inside an obstacle, and grid segments whose middle is inside one (grown by MARGIN − 1):
  // each obstacle marks only the lines within its span (binary search), O(obstacles × their cells).
  const blocked = new Uint8Array(nx * ny);
  const hBlocked = new Uint8Array(nx * ny); // segment (i, j) → (i + 1, j)
  const vBlocked = new Uint8Array(nx * ny); // segment (i, j) → (i, j + 1)
  const xMid = xs.map((x, i) => (i + 1 < nx ? (x + xs[i + 1]!) / 2 : Infinity));
  const yMid = ys.map((y, j) => (j + 1 < ny ? (y + ys[j + 1]!) / 2 : Infinity));
  for (const o of obstacles) {
    const [x0, x1, y0, y1] = [o.x - MARGIN, o.x + o.width + MARGIN, o.y - MARGIN, o.y + o.height + MARGIN];
    for (let j = firstAbove(ys, y0); j < ny && ys[j]! < y1; j++)
      for (let i = firstAbove(xs, x0); i < nx && xs[i]! < x1; i++) blocked[j * nx + i] = 1;
    const m = MARGIN - 1;
    const [mx0, mx1, my0, my1] = [o.x - m, o.x + o.width + m, o.y - m, o.y + o.height + m];
    for (let j = firstAbove(ys, my0); j < ny && ys[j]! < my1; j++)
      for (let i = firstAbove(xMid, mx0); i < nx && xMid[i]! < mx1; i++) hBlocked[j * nx + i] = 1;
    for (let j = firstAbove(yMid, my0); j < ny && yMid[j]! < my1; j++)
      for (let i = firstAbove(xs, mx0); i < nx && xs[i]! < mx1; i++) vBlocked[j * nx + i] = 1;
  }
  const si = xs.indexOf(a.x);
  const sj = ys.indexOf(a.y);
  const ti = xs.indexOf(b.x);
  const tj = ys.indexOf(b.y);
  blocked[sj * nx + si] = 0;
  blocked[tj * nx + ti] = 0;
  // State = cell * 2 + axis (0 = moving horizontally, 1 = vertically). The output leaves vertically.
  // A*: the heap is keyed by cost + the Manhattan distance left, a lower bound of every step's cost
  // (length plus bends) that never overestimates and is consistent, so the first time the goal
  // leaves the heap its route is the cheapest, as with Dijkstra, after far fewer cells.
  const cost = new Float64Array(nx * ny * 2).fill(Infinity);
  const prev = new Int32Array(nx * ny * 2).fill(-1);
  const left = (i: number, j: number) => Math.abs(xs[i]! - b.x) + Math.abs(ys[j]! - b.y);
  const heap = new Heap();
  const start = (sj * nx + si) * 2 + 1;
  cost[start] = 0;
  heap.push(left(si, sj), start);
  const goal = tj * nx + ti;
  let found = -1;
  while (heap.size) {
    const state = heap.pop();
    const cell = state >> 1;
    const i = cell % nx;
    const j = (cell - i) / nx;
    const c = cost[state]!;
    if (heap.key > c + left(i, j)) continue; // a stale entry: this state was reached more cheaply since
    if (cell === goal) {
      found = state;
      break;
    }
    const axis = state & 1;
    for (let move = 0; move < 4; move++) {
      const nAxis = move >> 1;
      const ni = nAxis === 0 ? i + (move === 0 ? -1 : 1) : i;
      const nj = nAxis === 1 ? j + (move === 2 ? -1 : 1) : j;
      if (ni < 0 || nj < 0 || ni >= nx || nj >= ny) continue;
      const next = nj * nx + ni;
      if (blocked[next]) continue;
      // The segment between neighbours crosses an obstacle only if its middle is inside one.
      if (nAxis === 0 ? hBlocked[j * nx + Math.min(i, ni)] : vBlocked[Math.min(j, nj) * nx + i]) continue;
      let step = Math.abs(xs[ni]! - xs[i]!) + Math.abs(ys[nj]! - ys[j]!) + (nAxis !== axis ? BEND : 0);
      // Entering the input from the side costs a bend too.
      if (next === goal && nAxis === 0) step += BEND;
      const ns = next * 2 + nAxis;
      if (c + step < cost[ns]!) {
        cost[ns] = c + step;
        prev[ns] = state;
        heap.push(c + step + left(ni, nj), ns);
      }
    }
  }
  if (found < 0) return null;
  const cells: Point[] = [];
  for (let s = found; s >= 0; s = prev[s]!) {
    const cell = s >> 1;
    const i = cell % nx;
    cells.push({ x: xs[i]!, y: ys[(cell - i) / nx]! });
  }
  return simplify([req.from, ...cells.reverse(), req.to]);
}

/** The route of one connection among `boxes` (the points of an orthogonal polyline, ends included). */
export function routeConnection(req: RouteRequest, boxes: readonly Box[]): Point[] {
  const others = boxes.filter((b) => b.id !== req.source && b.id !== req.target);
  const own = boxes.filter((b) => b.id === req.source || b.id === req.target);
  const plain = plainRoute(req);
  // The plain path may touch its own steps only along its stubs.
  if (plain && clear(plain, others, 0) && clear(plain.slice(1, -1), own, 0)) return plain;
  const near = (o: Box) =>
    o.x < Math.max(req.from.x, req.to.x) + WINDOW &&
    o.x + o.width > Math.min(req.from.x, req.to.x) - WINDOW &&
    o.y < Math.max(req.from.y, req.to.y) + WINDOW &&
    o.y + o.height > Math.min(req.from.y, req.to.y) - WINDOW;
  const local = gridRoute(req, boxes.filter(near));
  if (local && clear(local, others, 0)) return local;
  return gridRoute(req, boxes) ?? plain ?? simplify([req.from, { x: req.from.x, y: req.to.y }, req.to]);
}

/** A graph as the router sees it: nodes with a position (and a type for their nominal size), edges by handle. */
export interface RoutableGraph {
  nodes: readonly { id: string; type?: string; position: Point; size?: Size }[];
  edges: readonly { id: string; source: string; target: string; sourceHandle?: string | null }[];
}

/** The boxes of a graph's steps (a node's `size` when measured, else the nominal size of its type). */
export const boxesOf = (g: RoutableGraph): Box[] =>
  g.nodes.map((n) => ({ id: n.id, x: n.position.x, y: n.position.y, ...(n.size ?? nominalSize(n.type)) }));

/** The output point of `handle` on a step's box (outputs are spread along the bottom in catalog order). */
export function outputPoint(box: Box, type: string | undefined, handle: string | null | undefined): Point {
  const handles = nodeDefinition(type)?.outputs.kind === 'branch' ? branchHandles(type) : [];
  const index = handle ? handles.indexOf(handle) : -1;
  const x = index >= 0 ? outputOffsetX(index, handles.length, box.width) : box.width / 2;
  return { x: box.x + x, y: box.y + box.height };
}

/** Where the input of a step put below `handle` of a step goes: under that output, one gap below the step. */
export function belowOutput(box: Box, type: string | undefined, handle: string | null | undefined): Point {
  const output = outputPoint(box, type, handle);
  return { x: output.x, y: output.y + NODE_GAP.y };
}

/** The input point of a step's box: the middle of its top edge, where every connection arrives. */
export const inputPoint = (box: Box): Point => ({ x: box.x + box.width / 2, y: box.y });

/** Routes for every connection of a graph, keyed by edge id. */
export function routeGraph(g: RoutableGraph): Map<string, Point[]> {
  const boxes = boxesOf(g);
  const byId = new Map(boxes.map((b) => [b.id, b]));
  const types = new Map(g.nodes.map((n) => [n.id, n.type]));
  const routes = new Map<string, Point[]>();
  for (const e of g.edges) {
    const s = byId.get(e.source);
    const t = byId.get(e.target);
    if (!s || !t) continue;
    const from = outputPoint(s, types.get(e.source), e.sourceHandle);
    routes.set(e.id, routeConnection({ id: e.id, source: e.source, target: e.target, from, to: inputPoint(t) }, boxes));
  }
  return routes;
}

/** Number of (connection, step) pairs where the connection's route passes through a step that is not one of its ends. */
export function countCrossings(g: RoutableGraph, routes: ReadonlyMap<string, readonly Point[]> = routeGraph(g)): number {
  const boxes = boxesOf(g);
  let count = 0;
  for (const e of g.edges) {
    const route = routes.get(e.id);
    if (route) count += crossedBoxes(route, boxes, e).length;
  }
  return count;
}
