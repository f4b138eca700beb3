import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidRequest, parseOrThrow, readJson, type FieldError } from './errors';

/**
 * Request input for the REST modules. PostgreSQL text cannot hold U+0000, so a string carrying it
 * is refused up front as 400 invalid_request (naming the field) instead of failing in SQL as a 500.
 */

function nulPaths(value: unknown, path: string[], out: FieldError[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push({ path: path.join('.'), message: 'must not contain the NUL character (U+0000)' });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, String(i)], out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulPaths(v, [...path, k], out);
  }
}

function refuseNul(value: unknown, what: string): void {
  const errors: FieldError[] = [];
  nulPaths(value, [], errors);
  if (errors.length > 0) throw invalidRequest(`The ${what} is invalid.`, errors);
}

/** Reads the JSON body and parses it with `schema` (400 invalid_request naming every bad field). */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, what: string): Promise<z.infer<S>> {
  const body = await readJson(c);
  const parsed = parseOrThrow(schema, body, what);
  refuseNul(parsed, what);
  return parsed;
}

/** Query parameters as an object; empty values count as absent (a form that sends `channel=` means "any"). */
export function queryOf(c: Context): Record<string, string> {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
  refuseNul(query, 'query');
  return query;
}
