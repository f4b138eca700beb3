import type { z } from 'zod';
import { CLIENT_ID_HEADER, CLIENT_KIND_HEADER } from '../../domain/contract/changes';
import { useSession } from '../session';

/**
 * This tab's client id (contract 8.5), made once per page load: every request carries it, so the live
 * changes stream can tell this tab's own saves from everyone else's. Not a secret, not stored.
 */
export const TAB_CLIENT_ID = `tab-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Headers that say "the web app, this tab" (the server's `via: "app"` and `clientId`). */
export const APP_CLIENT_HEADERS: Readonly<Record<string, string>> = { [CLIENT_KIND_HEADER]: 'app', [CLIENT_ID_HEADER]: TAB_CLIENT_ID };

export interface FieldError {
  path: string;
  message: string;
}

/** The app's own codes, for failures the server never answered with (its codes are ERROR_CODES). */
export const CLIENT_ERROR_CODES = {
  /** The server could not be reached (status 0). */
  network: 'network_error',
  /** An answer that is not what the contract says. */
  badResponse: 'bad_response',
  /** A JSON-RPC error instead of a tool result. */
  jsonRpc: 'jsonrpc_error',
} as const;

/** A problem+json answer (contract 3), or a network failure (status 0). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | undefined | null>;

export interface RequestOptions {
  method?: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  const { baseUrl } = useSession.getState();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/** Every REST call of the app: bearer key, JSON in and out, problem+json → ApiProblem. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; response: Response }> {
  const { apiKey } = useSession.getState();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        ...APP_CLIENT_HEADERS,
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiProblem(0, CLIENT_ERROR_CODES.network, 'The server could not be reached. Check your connection and try again.');
  }
  return readApiResponse<T>(response);
}

/** Reads an answer of the server: JSON, or problem+json → ApiProblem (a refused key signs out). */
export async function readApiResponse<T>(response: Response): Promise<{ data: T; response: Response }> {
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const p = (data ?? {}) as Record<string, unknown>;
    if (response.status === 401) useSession.getState().rejectKey();
    throw new ApiProblem(
      response.status,
      typeof p.code === 'string' ? p.code : `http_${response.status}`,
      typeof p.detail === 'string' ? p.detail : `The server answered ${response.status}.`,
      Array.isArray(p.errors) ? (p.errors as FieldError[]) : [],
      p,
    );
  }
  return { data: data as T, response };
}

/** The workspace parameter for requests: the switcher's choice, or none (single-workspace keys). */
export const currentWorkspaceId = (): string | undefined => useSession.getState().workspaceId ?? undefined;

/** Where a request names the workspace (contract 2): reads in the query, writes in the body. */
export type WorkspacePlacement = 'query' | 'body' | 'none';

export interface CallOptions extends RequestOptions {
  /** Where to add the switcher's workspace; a read goes in the query, a write in the body. */
  workspace?: WorkspacePlacement;
}

/** The options with the switcher's workspace added where `placement` says (none when the key grants one workspace). */
export function withWorkspace(options: RequestOptions, placement: WorkspacePlacement): RequestOptions {
  const workspaceId = currentWorkspaceId();
  if (placement === 'none') return options;
  if (placement === 'query') return workspaceId ? { ...options, query: { ...options.query, workspaceId } } : options;
  // A write always sends a JSON object, even one with nothing but the workspace in it.
  return { ...options, body: { ...(options.body as Record<string, unknown> | undefined), ...(workspaceId ? { workspaceId } : {}) } };
}

/** An answer checked against the contract schema: a mismatch is a clear ApiProblem, never a silent cast. */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown, what: string, status = 200): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiProblem(status, CLIENT_ERROR_CODES.badResponse, `The server’s answer to ${what} has an unexpected shape.`);
  return parsed.data;
}

/**
 * The app's API client: apiFetch with the workspace added one way (reads in the query, writes in
 * the body unless `workspace` says otherwise) and the answer parsed with its contract schema.
 */
export async function apiCall<S extends z.ZodType>(
  schema: S,
  path: string,
  { workspace, ...options }: CallOptions = {},
): Promise<{ data: z.infer<S>; response: Response }> {
  const method = options.method ?? 'GET';
  const placement = workspace ?? (method === 'GET' || method === 'DELETE' ? 'query' : 'body');
  const { data, response } = await apiFetch<unknown>(path, withWorkspace(options, placement));
  return { data: parseAnswer(schema, data, `${method} ${path}`, response.status), response };
}
