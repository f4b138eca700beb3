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

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be stored, in users' words, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone surrogate (broken Unicode)';
  return null;
}

/** Every string anywhere inside `value` that cannot be stored, with its dotted path (`media.0.alt`). */
export function unstorableTextPaths(value: unknown, path: string[] = []): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const walk = (v: unknown, at: string[]): void => {
    if (typeof v === 'string') {
      const reason = unstorableTextReason(v);
      if (reason) out.push({ path: at.join('.'), message: reason });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...at, String(i)]));
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const keyReason = unstorableTextReason(k);
        if (keyReason) out.push({ path: [...at, k].join('.'), message: `property name ${keyReason}` });
        walk(item, [...at, k]);
      }
    }
  };
  walk(value, path);
  return out;
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
    if (!isStorableInstant(Date.parse(ctx.value)))
      ctx.issues.push({ code: 'custom', message: 'must be a date between the years 1 and 9999 (in UTC)', input: ctx.value });
  });
