import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../admin/ops';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openPg } from '../db/pg';
import type { Db, Queryable } from '../db/types';
import { openMigratedPglite } from '../testing/migrated-pglite';
import { claimDue } from './attempts';
import { createEndpoint } from './queries';

/**
 * Why a PostgreSQL backlog drained at 2 deliveries/s: the claim's planned cost was 1.7 million (a
 * LIMIT the planner could not read, guessed as 10% of the backlog per endpoint), far above
 * jit_above_cost, so every claim spent ~3 s compiling for a 1 ms run. On PostgreSQL (DATABASE_URL)
 * a fresh database, else the embedded one.
 */

const BACKLOG = 10_000;
/** PostgreSQL's default jit_above_cost: a plan costlier than this is JIT-compiled when JIT is on. */
const JIT_ABOVE_COST = 100_000;
const onPg = Boolean(process.env.DATABASE_URL);
const dbName = `cs_claim_plan_${process.pid}_${Date.now()}`;
const admin = () => new pg.Client({ connectionString: process.env.DATABASE_URL });
let db: Db;

beforeAll(async () => {
  if (onPg) {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${dbName}`);
    await client.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    db = await openPg(url.toString());
    await migrate(db);
  } else {
    db = await openMigratedPglite();
  }
  const { workspaceId } = await createWorkspace(db, 'claim-plan');
  const { endpointId } = await createEndpoint(db, workspaceId, 'http://192.0.2.1/hook', []);
  await db.query(
    `INSERT INTO events (id, workspace_id, type, body) SELECT 'msg_plan_' || n, $1, 'inspiration.saved', '{}' FROM generate_series(1, $2) n`,
    [workspaceId, BACKLOG],
  );
  await db.query(
    `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id) SELECT $1, $2, 'msg_plan_' || n FROM generate_series(1, $3) n`,
    [workspaceId, endpointId, BACKLOG],
  );
  await db.query('ANALYZE webhook_deliveries');
}, 60_000);

afterAll(async () => {
  await db?.close();
  if (onPg) {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.end();
  }
}, 60_000);

/** Plans (without running) the one statement `claimDue` sends. */
async function claimPlanCost(): Promise<number> {
  let cost = NaN;
  const explaining: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      cost = rows[0]['QUERY PLAN'][0].Plan['Total Cost'];
      return { rows: [] as T[], rowCount: 0 };
    },
  };
  await claimDue(explaining, loadConfig({}), 32);
  return cost;
}

describe('claiming due deliveries on a 10k backlog', () => {
  it('is planned below the cost at which PostgreSQL starts JIT compiling', async () => {
    expect(await claimPlanCost()).toBeLessThan(JIT_ABOVE_COST);
  });

  it.runIf(onPg)("runs without JIT on the server's sessions, pooled and in a transaction", async () => {
    expect((await db.query<{ jit: string }>('SHOW jit')).rows[0].jit).toBe('off');
    expect(await db.transaction(async (tx) => (await tx.query<{ jit: string }>('SHOW jit')).rows[0].jit)).toBe('off');
  });
});
