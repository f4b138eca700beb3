import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { unstorableTextPaths } from '../../domain/contract/bounds';
import { invalidRequest, parseOrThrow, readJson } from './errors';

/**
 * Request input for the REST modules (contract 8.4). A string the database cannot store — U+0000 or
 * a lone surrogate, anywhere in the body, the query or the path — is refused up front as
 * 400 invalid_request naming where it is, before any schema or SQL sees it (PostgreSQL would fail on
 * U+0000 with a 500 and silently turn a lone surrogate into U+FFFD).
 */

/** Throws 400 invalid_request when any string inside `value` cannot be stored. */
export function refuseUnstorable(value: unknown, what: string, path: string[] = []): void {
  const errors = unstorableTextPaths(value, path);
  if (errors.length > 0) throw invalidRequest(`The ${what} is invalid.`, errors);
}

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not valid percent-encoding: kept as written, which is storable text
  }
};

/**
 * Middleware for every API route: the decoded path segments and every query value (repeated
 * parameters included) must be storable text. Route handlers then never see U+0000 in a parameter.
 */
export function refuseUnstorableUrl(): MiddlewareHandler {
  return async (c, next) => {
    const segments = c.req.path.split('/').map(decodeSegment);
    const badSegment = segments.find((s) => unstorableTextPaths(s).length > 0);
    if (badSegment !== undefined)
      throw invalidRequest('The request path is invalid.', [{ path: 'path', message: unstorableTextPaths(badSegment)[0].message }]);
    const query = Object.entries(c.req.queries()).flatMap(([name, values]) => [
      ...unstorableTextPaths(name).map((e) => ({ path: name, message: `parameter name ${e.message}` })),
      ...values.flatMap((v) => unstorableTextPaths(v, [name])),
    ]);
    if (query.length > 0) throw invalidRequest('The query is invalid.', query);
    await next();
  };
}

/** Reads the JSON body and parses it with `schema` (400 invalid_request naming every bad field). */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, what: string): Promise<z.infer<S>> {
  const body = await readJson(c);
  refuseUnstorable(body, what);
  return parseOrThrow(schema, body, what);
}

/** Query parameters as an object; empty values count as absent (a form that sends `channel=` means "any"). */
export function queryOf(c: Context): Record<string, string> {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ''));
  refuseUnstorable(query, 'query');
  return query;
}
