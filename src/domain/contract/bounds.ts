import { z } from 'zod';

/**
 * Contract 8.4 input bounds, written once for every surface (REST bodies and queries, tool arguments,
 * node data inside a graph): what the database can store is what the schemas admit.
 */

/** Integers stored by the server are 32-bit (PostgreSQL `integer`). */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -INT32_MAX - 1;

/** Years a stored timestamp may fall in, after conversion to UTC. */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

/**
 * Deepest nesting of objects and arrays a request may hold anywhere (contract 8.4): far beyond any
 * real request (a graph's step settings sit about 6 levels down), and a bound every walk can trust.
 */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what cannot be stored (contract 8.4)
const SUSPECT = /[\u0000\ud800-\udfff]/;
/** ES2024 `String.prototype.isWellFormed` (no lone surrogates), where the runtime has it. */
type MaybeWellFormed = string & { isWellFormed?: () => boolean };
const HAS_WELL_FORMED = typeof (String.prototype as MaybeWellFormed).isWellFormed === 'function';

/**
 * True when `text` may hold U+0000 or a lone surrogate: the cheap test run on every string before a
 * reason is looked for (native `isWellFormed` answers one-byte text at once).
 */
export const mayBeUnstorable: (text: string) => boolean = HAS_WELL_FORMED
  ? (text) => text.includes('\u0000') || !(text as MaybeWellFormed).isWellFormed!()
  : (text) => SUSPECT.test(text);

/** Why a text cannot be stored, in users' words, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone surrogate (broken Unicode)';
  return null;
}

export const TOO_DEEP = `must not nest objects and lists more than ${MAX_JSON_DEPTH} levels deep`;

interface Visit {
  value: unknown;
  parent: Visit | undefined;
  segment: string | undefined;
  depth: number;
  /** Set for an object's entry: its property name is checked as text too. */
  isKey: boolean;
}

const pathOf = (visit: Visit, base: string[]): string => {
  const segments: string[] = [];
  for (let v: Visit | undefined = visit; v?.segment !== undefined; v = v.parent) segments.push(v.segment);
  return [...base, ...segments.reverse()].join('.');
};

/**
 * Every string anywhere inside `value` that cannot be stored, with its dotted path (`media.0.alt`),
 * and the first place nested deeper than `maxDepth` (a request's MAX_JSON_DEPTH by default). Iterative
 * (a deep value cannot overflow the stack), in document order, paths built only for what is reported.
 */
export function unstorableTextPaths(value: unknown, path: string[] = [], maxDepth = MAX_JSON_DEPTH): { path: string; message: string }[] {
  if (plainlyStorable(value, Math.min(maxDepth, MAX_JSON_DEPTH))) return [];
  const out: { path: string; message: string }[] = [];
  const stack: Visit[] = [{ value, parent: undefined, segment: undefined, depth: 0, isKey: false }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (visit.isKey && mayBeUnstorable(visit.segment!)) {
      const keyReason = unstorableTextReason(visit.segment!);
      if (keyReason) out.push({ path: pathOf(visit, path), message: `property name ${keyReason}` });
    }
    if (typeof v === 'string') {
      const reason = mayBeUnstorable(v) ? unstorableTextReason(v) : null;
      if (reason) out.push({ path: pathOf(visit, path), message: reason });
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (visit.depth >= maxDepth) {
      out.push({ path: pathOf(visit, path), message: TOO_DEEP });
      return out; // one report is enough; walking on would only repeat it
    }
    const depth = visit.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: visit, segment: String(i), depth, isKey: false });
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push({ value: (v as Record<string, unknown>)[keys[i]!], parent: visit, segment: keys[i], depth, isKey: true });
    }
  }
  return out;
}

/**
 * True when every string and property name inside `value` is plainly storable and it nests fewer than
 * `depthLeft` levels: the common case, answered by a recursion that allocates nothing (a 10,000-row
 * import body is walked several times faster than with paths kept); anything else gets the full walk.
 */
function plainlyStorable(value: unknown, depthLeft: number): boolean {
  if (typeof value === 'string') return !mayBeUnstorable(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depthLeft <= 0) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!plainlyStorable(value[i], depthLeft - 1)) return false;
    return true;
  }
  for (const key of Object.keys(value)) {
    if (mayBeUnstorable(key) || !plainlyStorable((value as Record<string, unknown>)[key], depthLeft - 1)) return false;
  }
  return true;
}

/** The path of the first object or list nested deeper than MAX_JSON_DEPTH inside `value`, or null. Iterative. */
export function tooDeepPath(value: unknown, path: string[] = []): string | null {
  const stack: Visit[] = [{ value, parent: undefined, segment: undefined, depth: 0, isKey: false }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v !== 'object' || v === null) continue;
    if (visit.depth >= MAX_JSON_DEPTH) return pathOf(visit, path);
    const depth = visit.depth + 1;
    for (const key in v)
      if (Object.prototype.hasOwnProperty.call(v, key))
        stack.push({ value: (v as Record<string, unknown>)[key], parent: visit, segment: key, depth, isKey: false });
  }
  return null;
}

/** A string the database can store: no U+0000, no lone surrogates. Use it for every string field. */
export const text = () =>
  z.string().check((ctx) => {
    const reason = unstorableTextReason(ctx.value);
    if (reason) ctx.issues.push({ code: 'custom', message: reason, input: ctx.value });
  });

/** A 32-bit integer (optionally narrowed further with .min/.max). */
export const int32 = () => z.int().min(INT32_MIN).max(INT32_MAX);

/** True when the instant falls in years 0001–9999 in UTC. */
export function isStorableInstant(ms: number): boolean {
  if (!Number.isFinite(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** ISO 8601 date-time with `Z` or an offset, in years 0001–9999 once converted to UTC. */
export const storableDateTime = () =>
  z.iso.datetime({ offset: true }).check((ctx) => {
    // Text that is no ISO date-time at all has its one issue already; the year is judged on real date-times.
    if (ctx.issues.length === 0 && !isStorableInstant(Date.parse(ctx.value)))
      ctx.issues.push({ code: 'custom', message: 'must be a date between the years 1 and 9999 (in UTC)', input: ctx.value });
  });
