import type { Context, MiddlewareHandler } from 'hono';
import { CLIENT_ID_HEADER, CLIENT_KIND_HEADER, clientIdSchema, type ChangeVia } from '../../domain/contract/changes';
import { invalidRequest } from './errors';

/** Who caused a change (contract 8.5 `via`, `clientId`): read from the request that made it. */
export interface ChangeOrigin {
  via: ChangeVia;
  clientId?: string;
}

/** A change made without a request (demo seed, admin): `via: "other"`. */
export const WITHOUT_REQUEST: ChangeOrigin = { via: 'other' };

/** Contract 8.4: a malformed `X-Client-Id` is refused as 400 invalid_request before anything runs (never silently dropped). */
export function refuseBadClientId(): MiddlewareHandler {
  return async (c, next) => {
    const value = c.req.header(CLIENT_ID_HEADER);
    if (value !== undefined && !clientIdSchema.safeParse(value).success)
      throw invalidRequest(`The ${CLIENT_ID_HEADER} header must be 1–64 printable ASCII characters without spaces.`, [
        { path: CLIENT_ID_HEADER, message: 'must be 1–64 printable ASCII characters without spaces' },
      ]);
    await next();
  };
}

/**
 * The origin of the changes a request makes: `app` when it says `X-Client: app` (the web app sends it
 * on every request; it only picks the banner's wording, so trusting it grants nothing), else `fallback`.
 */
export function changeOrigin(c: Context, fallback: ChangeVia): ChangeOrigin {
  const clientId = c.req.header(CLIENT_ID_HEADER);
  const via = c.req.header(CLIENT_KIND_HEADER)?.trim().toLowerCase() === 'app' ? 'app' : fallback;
  return clientId ? { via, clientId } : { via };
}
