import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createAccount, createApiKey, createWorkspace } from '../admin/ops';
import { loadConfig } from '../config';
import { startServer } from '../main';
import type { TestEnvironment, TestWorkspace } from './fixtures';

/**
 * Integration tests share ONE real server over real HTTP (opening PGlite costs ~2 s). With
 * DATABASE_URL set, it runs against a fresh database on that PostgreSQL server instead.
 * Tests get isolated workspaces from a small fixture endpoint that lives only here, in the test
 * process, beside the server — never in the product.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-int-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as void;
  if (process.env.DATABASE_URL) {
    const dbName = `cs_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = {
    ...loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', DATABASE_URL: databaseUrl ?? '' }),
    webhookRetryDelaysMs: [300, 300],
    webhookPollMs: 100,
    webhookAllowPrivate: true,
    // The shared server's tests set run states by hand; the engine's own tests run it on databases of their own.
    runWorker: false,
  };
  const server = await startServer(config);

  let counter = 0;
  const makeWorkspace = async (): Promise<TestWorkspace> => {
    counter += 1;
    const slug = `t${counter}-${Math.random().toString(36).slice(2, 8)}`;
    const { workspaceId } = await createWorkspace(server.db, slug, `Test ${counter}`);
    const { apiKey } = await createApiKey(server.db, [workspaceId]);
    const accounts = {
      linkedinPremium: (
        await createAccount(server.db, workspaceId, { channel: 'professional_network', name: 'Ada (premium)', premium: true })
      ).accountId,
      linkedinFree: (await createAccount(server.db, workspaceId, { channel: 'professional_network', name: 'Ben (free)' })).accountId,
      whatsapp: (await createAccount(server.db, workspaceId, { channel: 'messaging_app', name: 'Sales WhatsApp' })).accountId,
    };
    return { workspaceId, slug, apiKey, accounts };
  };
  // States no API reaches yet (a completed campaign, steps the run engine records): one statement with parameters.
  const runFixtureSql = async (body: string) => {
    const { sql, params } = JSON.parse(body) as { sql: string; params?: unknown[] };
    return (await server.db.query(sql, params ?? [])).rows;
  };
  // POST /workspaces → a fresh workspace; POST /keys {workspaceIds} → a key for several; POST /sql {sql, params} → its rows.
  const fixtures: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      try {
        const result =
          req.url === '/keys'
            ? await createApiKey(server.db, (JSON.parse(body) as { workspaceIds: string[] }).workspaceIds)
            : req.url === '/sql'
              ? await runFixtureSql(body)
              : await makeWorkspace();
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', resolve));
  const env: TestEnvironment = {
    baseUrl: server.url,
    fixturesUrl: `http://127.0.0.1:${(fixtures.address() as { port: number }).port}`,
    databaseKind: server.db.kind,
    ...(databaseUrl ? { databaseUrl } : {}),
  };
  project.provide('testEnvironment', env);

  return async () => {
    await new Promise((resolve) => fixtures.close(resolve));
    await server.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
