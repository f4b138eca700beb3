import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount, createApiKey, createWorkspace } from '../../src/server/admin/ops';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../src/domain/contract/tool-call';

export interface BenchMcp {
  /** tools/call over real HTTP (raw JSON-RPC); throws on a tool error. `bytes` = request body size. */
  call(name: string, args: Record<string, unknown>): Promise<{ result: any; bytes: number }>;
  accountId: string;
  kind: string;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * A real server (PGlite in a temporary directory unless DATABASE_URL is set) with one workspace,
 * one API key and one premium sender, for the MCP benchmarks; removed after `body`.
 */
export async function withBenchServer<T>(body: (mcp: BenchMcp) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-'));
  const server = await startServer({ ...loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0' }) });
  try {
    const { workspaceId } = await createWorkspace(server.db, `bench-${Date.now()}`, 'Bench');
    const { apiKey } = await createApiKey(server.db, [workspaceId]);
    const { accountId } = await createAccount(server.db, workspaceId, {
      channel: 'professional_network',
      name: 'Bench sender',
      premium: true,
    });
    let id = 0;
    const call: BenchMcp['call'] = async (name, args) => {
      const body = JSON.stringify(toolCallBody(++id, name, args));
      const res = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: TOOL_CALL_ACCEPT },
        body,
      });
      const answer = (await res.json()) as { result?: { isError?: boolean; structuredContent: any } };
      if (!answer.result || answer.result.isError) throw new Error(`${name}: ${JSON.stringify(answer).slice(0, 500)}`);
      return { result: answer.result.structuredContent, bytes: Buffer.byteLength(body) };
    };
    return await body({ call, accountId, kind: server.db.kind });
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
