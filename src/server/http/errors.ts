import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ErrorCode } from '../../domain/contract/errors';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * A typed failure thrown anywhere in the server. It becomes problem+json in REST (one place:
 * `problemResponse`) and a tool error in MCP (one place: the MCP call handler).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const invalidRequest = (detail: string, errors: FieldError[] = []) => new ApiError(400, 'invalid_request', detail, { errors });
export const notFound = (what = 'Resource') => new ApiError(404, 'not_found', `${what} not found.`);

/** zod issues as contract-3 `errors` ([{path: "media.0.url", message}]). */
export const fieldErrors = (error: z.ZodError): FieldError[] =>
  error.issues.flatMap((i) => {
    const path = i.path.map(String);
    // An unknown property is named by its own path ("media.0.extra"), so a client can point at it.
    if (i.code === 'unrecognized_keys')
      return i.keys.map((key) => ({ path: [...path, key].join('.'), message: `Unknown property "${key}"` }));
    return [{ path: path.join('.'), message: i.message }];
  });

/** Parses `value` with `schema` or throws 400 invalid_request naming every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRequest(`The ${what} is invalid.`, fieldErrors(result.error));
  return result.data;
}

/** Reads a JSON body; malformed JSON is 400 invalid_request, not a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') throw invalidRequest('The request body must be JSON.');
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
}

/**
 * RFC 9457 problem details (contract 3): `status` is the HTTP code, always. The campaign's own status
 * that a tool error carries as `status` (campaign_not_draft, campaign_running…) is `campaignStatus` here.
 */
export function problemResponse(c: Context, err: ApiError): Response {
  const { status: campaignStatus, ...extras } = err.extras;
  const body = {
    type: 'about:blank',
    title: TITLES[err.status] ?? 'Error',
    status: err.status,
    code: err.code,
    detail: err.detail,
    ...extras,
    ...(campaignStatus === undefined ? {} : { campaignStatus }),
  };
  if (err.status === 401) c.header('WWW-Authenticate', 'Bearer');
  return c.body(JSON.stringify(body), err.status, { 'Content-Type': 'application/problem+json' });
}

/** The answer to any unexpected error (the caller logs it): no stack trace leaves the server. */
export function internalError(c: Context): Response {
  return problemResponse(
    c,
    new ApiError(500, 'internal_error', 'Something went wrong on our side. Nothing was changed by this request unless stated.'),
  );
}
