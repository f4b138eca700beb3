import { describe, expect, it } from 'vitest';
import { edge, node, scoredFollowUpGraph } from '../../domain/testing/fixtures';
import { updateCampaign } from '../campaigns/settings';
import { loadConfig } from '../config';
import { stepStats } from '../conversations/operations';
import { ApiError } from '../http/errors';
import { campaignRun } from '../run-view/progress';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, UNLIMITED, type SeededRun } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { redeliver } from '../webhooks/redeliver';
import { pruneExpired, PRUNABLE, RETENTION_LOCK } from './prune';

/**
 * Contract 10.5 on a real database (embedded, or PostgreSQL with DATABASE_URL): a finished run's
 * history is aged past RETENTION_DAYS and pruned; nothing prunable remains, nothing kept is lost, and
 * what limits, run counts and step stats read is unchanged.
 */

const db = engineDbPerFile();
const HOUR = 3_600_000;
const RETENTION_DAYS = 30;
const config = { ...loadConfig({}), retentionDays: RETENTION_DAYS };

const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  Number((await db.query<{ n: number }>(sql, params)).rows[0]!.n);

/** Everything the contract keeps, counted and read, for one run. */
async function keptOf(run: SeededRun, now: number) {
  const tables = ['prospects', 'enrollments', 'enrollment_steps', 'conversations', 'messages', 'campaign_versions'];
  const rows = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(`SELECT count(*)::int AS n FROM ${t}`)])));
  const quota = await db.query('SELECT account_id, kind, day::text AS day, used FROM sender_quota ORDER BY account_id, kind, day');
  const { forecast: _forecast, ...counts } = await campaignRun(db, run.workspaceId, run.campaignId, { actionSpacingS: 0 }, now);
  return { rows, quota: quota.rows, run: counts, stepStats: await stepStats(db, run.workspaceId, run.campaignId) };
}

/** Sets every prunable row's age `days` back (the database's clock: the fake clock of the run is another). */
async function ageEverything(days: number): Promise<void> {
  const back = `now() - make_interval(days => ${days})`;
  await db.query(`UPDATE webhook_deliveries SET created_at = ${back}`);
  await db.query(`UPDATE webhook_attempts SET at = ${back}`);
  await db.query(`UPDATE events SET created_at = ${back}`);
  await db.query(`UPDATE run_actions SET created_at = ${back}, finished_at = CASE WHEN finished_at IS NULL THEN NULL ELSE ${back} END`);
  await db.query(`UPDATE sandbox_actions SET first_offered_at = ${back}`);
  await db.query(`UPDATE sandbox_events SET due_at = ${back}, delivered_at = CASE WHEN delivered_at IS NULL THEN NULL ELSE ${back} END`);
}

describe('retention (contract 10.5)', () => {
  it('prunes the history older than RETENTION_DAYS in batches and keeps every row limits, run counts and results read', async () => {
    const run = await seedRun(db, { graph: scoredFollowUpGraph(), prospects: 30, dailyLimits: UNLIMITED });
    await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0.6, 0.5)`, [
      run.workspaceId,
    ]);
    const endpoint = await db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (workspace_id, url, secret) VALUES ($1, 'https://hooks.example/in', 'whsec_retention') RETURNING id`,
      [run.workspaceId],
    );
    const endpointId = endpoint.rows[0]!.id;
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 1000 });
    for (let hours = 0; hours < 60 * 24; hours++) {
      await drainDueWork(deps);
      if (
        (await count(`SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`, [
          run.campaignId,
        ])) === 0
      )
        break;
      clock.advance(HOUR);
    }
    // The run's webhooks were sent: each delivery delivered after one attempt.
    await db.query(`UPDATE webhook_deliveries SET status = 'delivered', attempts = 1, next_attempt_at = NULL`);
    await db.query(`INSERT INTO webhook_attempts (delivery_id, status, duration_ms) SELECT id, 200, 5 FROM webhook_deliveries`);
    expect(await count(`SELECT count(*)::int AS n FROM run_actions WHERE status = 'done'`)).toBeGreaterThan(30);
    expect(await count('SELECT count(*)::int AS n FROM webhook_deliveries')).toBeGreaterThan(30);
    expect(await count('SELECT count(*)::int AS n FROM sandbox_events WHERE delivered_at IS NOT NULL')).toBeGreaterThan(0);

    const before = await keptOf(run, clock.at());
    await ageEverything(RETENTION_DAYS + 10);
    // Kept although old: one action still out (and the sandbox's count of its offers), and an event a young redelivery still sends.
    const [outstanding] = (await db.query<{ id: string }>(`SELECT id FROM run_actions WHERE status = 'done' LIMIT 1`)).rows;
    await db.query(`UPDATE run_actions SET status = 'offered', finished_at = NULL WHERE id = $1`, [outstanding!.id]);
    const [redelivered] = (
      await db.query<{ id: string; event_id: string }>(
        `INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id, status, redelivery_of)
         SELECT workspace_id, endpoint_id, event_id, 'delivered', id FROM webhook_deliveries LIMIT 1 RETURNING redelivery_of AS id, event_id`,
      )
    ).rows;

    const deleted = await pruneExpired(db, { retentionDays: RETENTION_DAYS, batch: 7, pauseMs: 0 });

    expect(deleted.run_actions).toBeGreaterThan(30); // more than one batch: the loop went on until a batch came back short
    for (const kind of PRUNABLE)
      expect(
        await count(`SELECT count(*)::int AS n FROM (${kind.oldest.replace(/FOR UPDATE.*$/s, '')}) old`, [RETENTION_DAYS, 1_000_000]),
      ).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM webhook_attempts')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM webhook_deliveries')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM events')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM events WHERE id = $1', [redelivered!.event_id])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM run_actions')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM sandbox_actions WHERE action_id = $1', [outstanding!.id])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM sandbox_actions')).toBe(1);
    expect(await keptOf(run, clock.at())).toEqual(before);

    // A pruned delivery cannot be redelivered: it is not found.
    const refused = await redeliver(db, config, run.workspaceId, endpointId, redelivered!.id, 'retention-key').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).code]).toEqual([404, 'not_found']);
  }, 120_000);

  it('leaves what is younger than RETENTION_DAYS', async () => {
    const run = await seedRun(db, { graph: scoredFollowUpGraph(), prospects: 3, dailyLimits: UNLIMITED });
    await drainDueWork(engineDeps(db, startClock('2026-03-02T08:00:00Z'), { spacingMs: 0 }));
    const actions = await count('SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1', [run.campaignId]);
    expect(actions).toBeGreaterThan(0);
    await db.query(
      `UPDATE run_actions SET finished_at = now() - make_interval(days => ${RETENTION_DAYS - 1}) WHERE finished_at IS NOT NULL`,
    );
    expect((await pruneExpired(db, { retentionDays: RETENTION_DAYS })).run_actions).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1', [run.campaignId])).toBe(actions);
  });

  it('prunes in one process at a time on a PostgreSQL server: another that finds the lock taken stops for now', async () => {
    if (db.kind !== 'pg') return; // the embedded database is one process
    await db.query(
      `UPDATE run_actions SET finished_at = now() - make_interval(days => ${RETENTION_DAYS + 1}) WHERE finished_at IS NOT NULL`,
    );
    const prunable = await count(`SELECT count(*)::int AS n FROM run_actions WHERE finished_at IS NOT NULL`);
    expect(prunable).toBeGreaterThan(0);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [RETENTION_LOCK]);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await pruneExpired(db, { retentionDays: RETENTION_DAYS })).toEqual({ webhook_deliveries: 0 });
    release();
    await holding;
    expect((await pruneExpired(db, { retentionDays: RETENTION_DAYS })).run_actions).toBe(prunable);
  });

  it('a prospect contacted before the retention stays held when its sender is removed (the timeline says so, not the pruned action)', async () => {
    const twoVisits = {
      nodes: [node('start', 'start'), node('visit', 'profile_visit'), node('again', 'profile_visit'), node('end', 'end')],
      edges: [edge('start', 'visit'), edge('visit', 'again'), edge('again', 'end')],
    };
    const run = await seedRun(db, { graph: twoVisits, prospects: 2, dailyLimits: UNLIMITED });
    const other = await db.query<{ id: string }>(
      `INSERT INTO accounts (workspace_id, channel, name, premium, daily_limits) VALUES ($1, 'professional_network', 'Jo Other', true, $2) RETURNING id`,
      [run.workspaceId, JSON.stringify(UNLIMITED)],
    );
    const clock = startClock('2026-03-02T10:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 90_000 });
    await drainDueWork(deps); // one prospect visited; the other's visit waits for the sender's next slot
    const [contacted] = (
      await db.query<{ enrollment_id: string }>(`SELECT enrollment_id FROM run_actions WHERE campaign_id = $1 AND status = 'done'`, [
        run.campaignId,
      ])
    ).rows;
    await db.query(`UPDATE run_actions SET finished_at = now() - make_interval(days => ${RETENTION_DAYS + 1}) WHERE status = 'done'`);
    await pruneExpired(db, { retentionDays: RETENTION_DAYS });
    expect(await count(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status = 'done'`, [run.campaignId])).toBe(0);

    await updateCampaign(
      db,
      { id: run.workspaceId, slug: 'retention' },
      { campaignId: run.campaignId, senderAccountIds: [other.rows[0]!.id] },
    );
    for (let i = 0; i < 10; i++) {
      clock.advance(600_000);
      await drainDueWork(deps);
    }
    const held = await db.query<{ status: string; sender_account_id: string; error: string | null }>(
      'SELECT status, sender_account_id, error FROM enrollments WHERE id = $1',
      [contacted!.enrollment_id],
    );
    expect(held.rows[0]).toEqual({
      status: 'active',
      sender_account_id: run.accountId,
      error: 'Waiting: the sender Sam Sender was removed from this campaign.',
    });
  });
});
