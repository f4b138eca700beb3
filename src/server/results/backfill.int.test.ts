import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { migrate } from '../db/migrate';
import { openPg } from '../db/pg';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { scratchDatabase } from '../testing/runs';
import { resultCounters } from './counters';

/**
 * Migration 080 (contract 10.1) on a database that ran campaigns before it: the counters start from
 * what the timelines kept — an action row still there, one retention already pruned, a reply after a
 * message — and the new columns take their values. On PostgreSQL with DATABASE_URL.
 */

const MIGRATION = '080_results.sql';

let db: Db;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const scratch = await scratchDatabase(url, 'cs_results');
    db = await openPg(scratch.url);
    drop = scratch.drop;
  } else db = await openPglite(undefined);
  await migrate(db, { before: MIGRATION });
}, 240_000);

afterAll(async () => {
  await db?.close();
  await drop?.();
});

const id = async (sql: string, params: unknown[]): Promise<string> =>
  (await db.query<{ id: string }>(`${sql} RETURNING id`, params)).rows[0]!.id;

describe('migration 080: the results of runs already in the database', () => {
  it('backfills every counter from the timelines, pruned action rows included', async () => {
    const workspace = await id(`INSERT INTO workspaces (slug, name) VALUES ('backfill', 'Backfill')`, []);
    const account = await id(`INSERT INTO accounts (workspace_id, channel, name) VALUES ($1, 'professional_network', 'Sam')`, [workspace]);
    const schedule = { timeZone: 'Pacific/Auckland', days: ['mon'], start: '09:00', end: '17:00', useProspectTimeZone: false };
    const campaign = await id(
      `INSERT INTO campaigns (workspace_id, name, status, sender_account_ids, schedule, launched_version) VALUES ($1, 'Old', 'active', ARRAY[$2::uuid], $3, 1)`,
      [workspace, account, JSON.stringify(schedule)],
    );
    await db.query(
      `INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count) VALUES ($1, 1, $2, now(), 3, 3)`,
      [campaign, JSON.stringify(connectionOnlyGraph())],
    );
    const enrol = async (n: number, replied: boolean) => {
      const prospect = await id(`INSERT INTO prospects (workspace_id, profile_url, name) VALUES ($1, $2, 'P')`, [
        workspace,
        `https://example.com/in/p${n}`,
      ]);
      return id(
        `INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id, status, replied) VALUES ($1, $2, $3, $4, 'active', $5)`,
        [workspace, campaign, prospect, account, replied],
      );
    };
    const step = async (
      enrollment: string,
      nodeId: string,
      type: string,
      handle: string | null,
      action: 'kept' | 'pruned' | 'none',
      at: string,
    ) => {
      const actionId = action === 'none' ? null : randomUUID();
      await db.query(
        `INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, started_at, finished_at, handle, action_id) VALUES ($1, $2, $3, 'done', $4, $4, $5, $6)`,
        [enrollment, nodeId, type, at, handle, actionId],
      );
      if (action === 'kept')
        await db.query(
          `INSERT INTO run_actions (id, workspace_id, campaign_id, enrollment_id, visit, node_id, type, payload, status, not_before, finished_at)
           VALUES ($1, $2, $3, $4, 1, $5, $6, '{}', 'done', $7, $7)`,
          [actionId, workspace, campaign, enrollment, nodeId, type, at],
        );
    };
    // 23:30 UTC on 2 March is 12:30 on 3 March in Auckland: the day is the schedule zone's.
    const first = await enrol(1, true);
    await step(first, 'invite', 'connection_request', 'accepted', 'pruned', '2026-03-02T23:30:00Z');
    await step(first, 'thanks', 'message', null, 'kept', '2026-03-04T10:00:00Z');
    const second = await enrol(2, false);
    await step(second, 'invite', 'connection_request', 'no_response', 'kept', '2026-03-02T10:00:00Z');
    const never = await enrol(3, false);
    await step(never, 'start', 'start', null, 'none', '2026-03-02T10:00:00Z');

    await migrate(db);
    const counters = await resultCounters(db, campaign);
    expect(counters.steps).toEqual([
      { node_id: 'invite', version: 1, variant_id: null, sent: 2, converted: 1 },
      { node_id: 'thanks', version: 1, variant_id: null, sent: 1, converted: 1 },
    ]);
    expect(counters.campaign).toEqual({ prospects: 3, contacted: 2, accepted: 1, replied: 1 });
    expect(counters.senders).toEqual([{ account_id: account, sent: 3, accepted: 1, replied: 1 }]);
    expect(counters.daily).toEqual([
      { day: '2026-03-02', invitations: 1, accepted: 0, messages: 0, replied: 0 },
      { day: '2026-03-03', invitations: 1, accepted: 1, messages: 0, replied: 0 },
      { day: '2026-03-04', invitations: 0, accepted: 0, messages: 1, replied: 1 },
    ]);
    const versions = await db.query<{ graph_version: number }>('SELECT graph_version FROM enrollments WHERE campaign_id = $1', [campaign]);
    expect(versions.rows.map((r) => r.graph_version)).toEqual([1, 1, 1]);
  });
});
