import type { z } from 'zod';

/**
 * One REST route as the OpenAPI builder sees it. Every resource module lists its routes with the
 * very zod schemas its handlers parse with, so /api/openapi.json cannot drift from the code.
 */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form: /api/messaging/conversations/{id}/messages */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters (each a UUID unless the schema says otherwise). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success responses by status; a null schema means no body. */
  /** `mediaType` defaults to application/json; for text/event-stream the schema is each event's `data`. */
  responses: Record<number, { description: string; schema: z.ZodType | null; headers?: Record<string, string>; mediaType?: string }>;
  /** Problem codes this route can answer besides 401 (contract 3). */
  errors: number[];
  /** Routes outside /api (the demo webhook sink) need no key. */
  public?: boolean;
}
