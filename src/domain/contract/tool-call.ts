/**
 * The JSON-RPC request of a `tools/call` over POST /mcp (contract 1: no initialize needed), as the
 * app, the tests, the e2e tests and the benchmarks send it. Free of imports: the app's boot script uses it.
 */
export const toolCallBody = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0' as const,
  id,
  method: 'tools/call' as const,
  params: { name, arguments: args },
});

/** What a tool call asks for in the Accept header (the server may answer JSON or an event stream). */
export const TOOL_CALL_ACCEPT = 'application/json, text/event-stream';
