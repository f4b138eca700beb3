import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { addDays } from '../../domain/run/sender-limits';
import { updateSenderAccount } from '../audience/settings';
import { engineDbPerFile } from '../testing/engine-db';
import { runDueWork } from '../testing/run-loop';
import { addCampaign, engineDeps, seedRun, startClock, UNLIMITED } from '../testing/runs';

/**
 * Contract 10.2 on a real database (and, with DATABASE_URL, two processes' pools at once): a sender's
 * weekly limit over every campaign and its warm-up, counted in the account's own days, from the
 * quota counters in the transaction that admits each action.
 */

const db = engineDbPerFile();
const HOUR = 3_600_000;

/** Nobody accepts: each prospect takes one invitation and waits (the invitations are all there is to count). */
const neverAccept = (workspaceId: string) =>
  db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0, 0)`, [workspaceId]);

/** Invitations taken by the sender, per quota day (every one not cancelled: scheduled, offered or done). */
async function invitationsPerDay(accountId: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ day: string; n: number }>(
    `SELECT quota_day::text AS day, count(*)::int AS n FROM run_actions
     WHERE sender_account_id = $1 AND type = 'connection_request' AND status <> 'cancelled' GROUP BY quota_day`,
    [accountId],
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

const quotaUsed = async (accountId: string) =>
  Number(
    (await db.query<{ n: number }>(`SELECT coalesce(sum(used), 0)::int AS n FROM sender_quota WHERE account_id = $1`, [accountId])).rows[0]!
      .n,
  );

describe('a weekly limit (contract 10.2)', () => {
  it('of 5 across two campaigns and two processes admits exactly 5 in any 7 days', async () => {
    const run = await seedRun(db, {
      graph: connectionOnlyGraph(),
      prospects: 15,
      dailyLimits: UNLIMITED,
      weeklyLimits: { connection_request: 5 },
      accountZone: 'Asia/Tokyo',
    });
    const second = await addCampaign(db, run, { graph: connectionOnlyGraph(), prospects: 15 });
    await neverAccept(run.workspaceId);
    // Monday 2026-03-02 00:00 in Tokyo.
    const clock = startClock('2026-03-01T15:00:00Z');
    const one = engineDeps(db, clock, { spacingMs: 0 });
    const two = engineDeps(await db.openAnother(), clock, { spacingMs: 0 });
    const both = () => Promise.all([runDueWork(one), runDueWork(two)]);
    // Ten days, both processes at it every two hours.
    for (let t = 0; t < 120; t++) {
      await both();
      clock.advance(2 * HOUR);
    }
    const perDay = await invitationsPerDay(run.accountId);
    const days = [...perDay.keys()].sort();
    // The first week: exactly 5, all on its first day; the next slots only once that day leaves the rolling week.
    expect(days[0]).toBe('2026-03-02');
    expect(perDay.get('2026-03-02')).toBe(5);
    for (let d = 1; d < 7; d++) expect(perDay.get(addDays('2026-03-02', d)) ?? 0).toBe(0);
    expect(perDay.get('2026-03-09')).toBe(5);
    // Every rolling week of the ten days holds at most 5, over both campaigns.
    for (let d = 0; d < 10; d++) {
      let week = 0;
      for (let back = 0; back < 7; back++) week += perDay.get(addDays(addDays('2026-03-02', d), -back)) ?? 0;
      expect(week).toBeLessThanOrEqual(5);
    }
    // Both campaigns were served, and the counters agree with the actions.
    const byCampaign = await db.query<{ campaign_id: string }>(
      `SELECT DISTINCT campaign_id FROM run_actions WHERE sender_account_id = $1 AND status <> 'cancelled'`,
      [run.accountId],
    );
    expect(byCampaign.rows.map((r) => r.campaign_id).sort()).toEqual([run.campaignId, second].sort());
    expect(await quotaUsed(run.accountId)).toBe(10);
  }, 600_000);

  it('lowered below what a week holds gives back the planned slots over it', async () => {
    const run = await seedRun(db, {
      graph: connectionOnlyGraph(),
      prospects: 10,
      dailyLimits: UNLIMITED,
      weeklyLimits: { connection_request: 8 },
    });
    await neverAccept(run.workspaceId);
    const clock = startClock('2026-03-02T08:00:00Z');
    // A wide spacing: the 8 slots are planned over the day, none offered yet.
    const deps = engineDeps(db, clock, { spacingMs: HOUR });
    await runDueWork(deps);
    expect((await invitationsPerDay(run.accountId)).get('2026-03-02')).toBe(8);
    await updateSenderAccount(db, run.workspaceId, run.accountId, { weeklyLimits: { connection_request: 3 } });
    expect((await invitationsPerDay(run.accountId)).get('2026-03-02')).toBe(3);
    expect(await quotaUsed(run.accountId)).toBe(3);
  });
});

describe('a warm-up (contract 10.2)', () => {
  it('raises the daily limit day by day in the account’s days, up to the limit', async () => {
    const run = await seedRun(db, {
      graph: connectionOnlyGraph(),
      prospects: 80,
      dailyLimits: { ...UNLIMITED, connection_request: 12 },
      warmUp: { startDaily: 2, addPerDay: 3, startedOn: '2026-03-02' },
      accountZone: 'America/New_York',
    });
    await neverAccept(run.workspaceId);
    // Monday 2026-03-02 00:00 in New York.
    const clock = startClock('2026-03-02T05:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 0 });
    for (let t = 0; t < 6 * 12; t++) {
      await runDueWork(deps);
      clock.advance(2 * HOUR);
    }
    const perDay = await invitationsPerDay(run.accountId);
    // 2, 5, 8, 11, then the daily limit of 12.
    expect([0, 1, 2, 3, 4, 5].map((d) => perDay.get(addDays('2026-03-02', d)) ?? 0)).toEqual([2, 5, 8, 11, 12, 12]);
  }, 300_000);
});
