import { ApiProblem, apiFetch, currentWorkspaceId } from './http';

/** A tool error (contract 3): `code` plus the extras (violations, currentUpdatedAt, status, errors). */
export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

let nextId = 1;

/**
 * `tools/call` over POST /mcp (JSON-RPC 2.0, no initialize needed — contract 1). Adds the
 * current workspaceId. Returns structuredContent; a tool error becomes a ToolError.
 */
export async function callTool<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const workspaceId = currentWorkspaceId();
  const { data } = await apiFetch<{
    result?: { isError?: boolean; structuredContent?: unknown };
    error?: { code: number; message: string };
  }>('/mcp', {
    method: 'POST',
    headers: { Accept: 'application/json, text/event-stream' },
    body: {
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: { name, arguments: { ...(workspaceId ? { workspaceId } : {}), ...args } },
    },
  });
  if (data.error) throw new ApiProblem(400, 'jsonrpc_error', data.error.message);
  const result = data.result;
  if (!result) throw new ApiProblem(500, 'bad_response', 'The tool-call interface gave no result.');
  if (result.isError) {
    const error = ((result.structuredContent as { error?: Record<string, unknown> })?.error ?? {}) as Record<string, unknown>;
    throw new ToolError(String(error.code ?? 'tool_error'), String(error.message ?? 'The tool call failed.'), error);
  }
  return result.structuredContent as T;
}
