import { inject } from 'vitest';

/** What the integration global setup provides to every test file. */
export interface TestEnvironment {
  baseUrl: string;
  fixturesUrl: string;
  databaseKind: 'pglite' | 'pg';
  /** On PostgreSQL: the suite's database, for tests that start a second server process on it. */
  databaseUrl?: string;
}

export interface TestWorkspace {
  workspaceId: string;
  slug: string;
  apiKey: string;
  accounts: { linkedinPremium: string; linkedinFree: string; whatsapp: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEnvironment: TestEnvironment;
  }
}

export const testEnv = (): TestEnvironment => inject('testEnvironment');

/** A fresh, isolated workspace with its own one-workspace API key and three accounts. */
export async function newWorkspace(): Promise<TestWorkspace> {
  const res = await fetch(`${testEnv().fixturesUrl}/workspaces`, { method: 'POST' });
  if (!res.ok) throw new Error(`fixture server: ${await res.text()}`);
  return (await res.json()) as TestWorkspace;
}

/** An API key granting several workspaces (for workspace_required tests). */
export async function keyFor(workspaceIds: string[]): Promise<string> {
  const res = await fetch(`${testEnv().fixturesUrl}/keys`, { method: 'POST', body: JSON.stringify({ workspaceIds }) });
  if (!res.ok) throw new Error(`fixture server: ${await res.text()}`);
  return ((await res.json()) as { apiKey: string }).apiKey;
}

/** Runs one SQL statement on the suite's database, for states no API reaches yet (e.g. a completed campaign). */
export async function fixtureSql<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const res = await fetch(`${testEnv().fixturesUrl}/sql`, { method: 'POST', body: JSON.stringify({ sql, params }) });
  if (!res.ok) throw new Error(`fixture server: ${await res.text()}`);
  return (await res.json()) as T[];
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A REST call over real HTTP. `body` objects are sent as JSON; strings are sent raw. */
export async function api<T = any>(
  apiKey: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const res = await fetch(`${testEnv().baseUrl}${path}`, {
    method,
    headers: {
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  // An event stream (contract 8.5) stays open: its status and headers are the answer; it is not read to an end that never comes.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, body: null as T };
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

let rpcId = 0;
/** A raw JSON-RPC `tools/call` to POST /mcp (no initialize), returning the tool result. */
export async function callTool<T = any>(
  apiKey: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; structured: T; raw: any }> {
  const res = await api(
    apiKey,
    'POST',
    '/mcp',
    { jsonrpc: '2.0', id: ++rpcId, method: 'tools/call', params: { name, arguments: args } },
    { Accept: 'application/json, text/event-stream' },
  );
  if (res.status !== 200 || !res.body?.result) throw new Error(`tools/call ${name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return { isError: res.body.result.isError === true, structured: res.body.result.structuredContent as T, raw: res.body };
}
