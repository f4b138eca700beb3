import { describe, expect, it } from 'vitest';
import { simulatePaths } from '../../domain/paths';
import { connectionOnlyGraph, edge, node, scoredFollowUpGraph } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { engineDbPerFile } from '../testing/engine-db';
import { applyProspectEvent } from './engine';
import { recountSenderQuota } from './action-slots';
import { drainDueWork } from '../testing/run-loop';
import { sandboxExecutor } from '../executors/sandbox';
import { crashingAfterOffer, engineDeps, seedRun, startClock, type SeededRun } from '../testing/runs';

/**
 * Contract 9.3 on a real database (embedded, or PostgreSQL with DATABASE_URL), with a fake clock
 * moved by the test: launch → run → finish on the sandbox, sender limits and spacing, stop on
 * reply (also between claim and offer), and a crash after an offer.
 */

const HOUR = 3_600_000;
const db = engineDbPerFile();

const count = async (sql: string, params: unknown[]): Promise<number> => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
const enrollmentsOf = (run: SeededRun) =>
  db.query<{ id: string; status: string; outcome: string | null }>('SELECT id, status, outcome FROM enrollments WHERE campaign_id = $1', [
    run.campaignId,
  ]);

/** Moves the clock in steps, draining due work after each, until every enrollment ended or the time is up. */
async function runUntilDone(deps: ReturnType<typeof engineDeps>, run: SeededRun, stepMs: number, maxMs: number): Promise<void> {
  const until = deps.clock.at() + maxMs;
  while (deps.clock.at() < until) {
    await drainDueWork(deps);
    const open = await count(`SELECT count(*) AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`, [
      run.campaignId,
    ]);
    if (open === 0) return;
    (deps.clock as ReturnType<typeof startClock>).advance(stepMs);
  }
}

describe('a sandbox run from launch to finish', () => {
  it('moves every prospect along a simulated path to an end, each action offered once', async () => {
    const graph = scoredFollowUpGraph();
    const run = await seedRun(db, { graph, prospects: 40 });
    // ActionIds are random, so the sandbox's draws are too: these rates make "some replied" and "some did not" all but certain.
    await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0.6, 0.5)`, [
      run.workspaceId,
    ]);
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 1000 });
    await runUntilDone(deps, run, HOUR, 60 * 24 * HOUR);
    const rows = (await enrollmentsOf(run)).rows;
    expect(rows.every((r) => r.status === 'finished')).toBe(true);
    expect(new Set(rows.map((r) => r.outcome))).not.toContain(null);
    // Every timeline is a path the simulator shows.
    const paths = simulatePaths(graph).paths.map((p) => {
      const chosen = new Map(p.outcomes.map((o) => [o.nodeId, o.handle]));
      return p.steps.map((s) => `${s.nodeId}:${chosen.get(s.nodeId) ?? ''}`).join(' ');
    });
    for (const r of rows) {
      const steps = await db.query<{ node_id: string; handle: string | null; status: string }>(
        'SELECT node_id, handle, status FROM enrollment_steps WHERE enrollment_id = $1 ORDER BY position',
        [r.id],
      );
      expect(steps.rows.every((s) => s.status === 'done')).toBe(true);
      expect(paths).toContain(steps.rows.map((s) => `${s.node_id}:${s.handle ?? ''}`).join(' '));
    }
    expect(
      await count(
        `SELECT count(*) AS n FROM sandbox_actions s JOIN run_actions a ON a.id = s.action_id WHERE a.campaign_id = $1 AND s.offered > 1`,
        [run.campaignId],
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1 AND status NOT IN ('done', 'cancelled')`, [run.campaignId]),
    ).toBe(0);
    // Some prospects replied (stop on reply) and some did not: the sandbox's rates at work.
    expect(rows.some((r) => r.outcome === 'replied')).toBe(true);
    expect(rows.some((r) => r.outcome === 'finished')).toBe(true);
  }, 180_000);
});

describe('sender limits and spacing', () => {
  it('sends exactly the daily limit on a day with more due, spaced apart, and the rest the next days', async () => {
    const weekdays = {
      timeZone: 'Europe/Berlin',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const,
      start: '09:00',
      end: '17:00',
      useProspectTimeZone: false,
    };
    const run = await seedRun(db, {
      graph: connectionOnlyGraph(),
      prospects: 50,
      schedule: { ...weekdays, days: [...weekdays.days] },
      dailyLimits: { connection_request: 20 },
    });
    const clock = startClock('2026-03-02T06:00:00Z'); // Monday 07:00 in Berlin
    const deps = engineDeps(db, clock);
    for (let t = 0; t < 24 * 4; t++) {
      await drainDueWork(deps);
      clock.advance(15 * 60_000);
    }
    const perDay = await db.query<{ day: string; n: number }>(
      `SELECT quota_day::text AS day, count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status <> 'cancelled' GROUP BY 1 ORDER BY 1`,
      [run.campaignId],
    );
    expect(perDay.rows).toEqual([{ day: '2026-03-02', n: 20 }]);
    const slots = await db.query<{ at: number }>(
      `SELECT (extract(epoch from not_before) * 1000)::float8 AS at FROM run_actions WHERE campaign_id = $1 ORDER BY not_before`,
      [run.campaignId],
    );
    const times = slots.rows.map((r) => r.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(45_000);
    // Inside the Berlin window, 09:00–17:00.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse('2026-03-02T08:00:00Z'));
    expect(Math.max(...times)).toBeLessThan(Date.parse('2026-03-02T16:00:00Z'));
    // The counter equals the rows, and recounting keeps it so.
    const used = async () =>
      count('SELECT used AS n FROM sender_quota WHERE account_id = $1 AND kind = $2 AND day = $3', [
        run.accountId,
        'connection_request',
        '2026-03-02',
      ]);
    expect(await used()).toBe(20);
    await db.query('UPDATE sender_quota SET used = 3 WHERE account_id = $1', [run.accountId]);
    await recountSenderQuota(db, run.accountId, '2026-03-02');
    expect(await used()).toBe(20);
    // Tuesday: the next 20, none before 09:00 Berlin.
    for (let t = 0; t < 24 * 4; t++) {
      await drainDueWork(deps);
      clock.advance(15 * 60_000);
    }
    const tuesday = await count(
      `SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1 AND quota_day = '2026-03-03' AND not_before >= '2026-03-03T08:00:00Z'`,
      [run.campaignId],
    );
    expect(tuesday).toBe(20);
  }, 180_000);
});

const delayThenMessage = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start'),
    node('wait', 'delay', { delay_amount: 1, delay_type: 'days' }),
    node('hello', 'message'),
    node('end', 'end'),
  ],
  edges: [edge('start', 'wait'), edge('wait', 'hello'), edge('hello', 'end', 'replied'), edge('hello', 'end', 'no_reply')],
});

describe('stop on reply', () => {
  it('ends a waiting enrollment as replied, and nothing is sent after the reply', async () => {
    const run = await seedRun(db, { graph: delayThenMessage(), prospects: 1 });
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock);
    await drainDueWork(deps);
    await db.transaction((tx) =>
      applyProspectEvent(tx, deps, {
        workspaceId: run.workspaceId,
        accountId: run.accountId,
        profileUrl: 'https://network.example/in/p1',
        event: 'message_received',
        text: 'No thanks',
      }),
    );
    clock.advance(3 * 24 * HOUR);
    await drainDueWork(deps);
    expect((await enrollmentsOf(run)).rows).toEqual([expect.objectContaining({ status: 'finished', outcome: 'replied' })]);
    expect(await count('SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1', [run.campaignId])).toBe(0);
  });

  it('stops an action claimed before a reply and offered after it', async () => {
    const run = await seedRun(db, { graph: delayThenMessage(), prospects: 1 });
    const clock = startClock('2026-03-02T08:00:00Z');
    let injected = 0;
    let statusWhenInjected: string | undefined;
    const deps = engineDeps(db, clock, {
      beforeOffer: async (actionId) => {
        injected++;
        // The claim has leased the action: the reply lands between claim and offer.
        statusWhenInjected = (await db.query<{ status: string }>('SELECT status FROM run_actions WHERE id = $1', [actionId])).rows[0]
          ?.status;
        await db.transaction((tx) =>
          applyProspectEvent(tx, deps, {
            workspaceId: run.workspaceId,
            accountId: run.accountId,
            profileUrl: 'https://network.example/in/p1',
            event: 'message_received',
          }),
        );
      },
    });
    await drainDueWork(deps);
    clock.advance(25 * HOUR);
    await drainDueWork(deps);
    expect(injected).toBe(1);
    expect(statusWhenInjected).toBe('offered');
    expect((await enrollmentsOf(run)).rows).toEqual([expect.objectContaining({ outcome: 'replied' })]);
    expect(await count(`SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1 AND status = 'cancelled'`, [run.campaignId])).toBe(1);
    expect(
      await count(`SELECT count(*) AS n FROM sandbox_actions s JOIN run_actions a ON a.id = s.action_id WHERE a.campaign_id = $1`, [
        run.campaignId,
      ]),
    ).toBe(0);
    expect(await count(`SELECT used AS n FROM sender_quota WHERE account_id = $1 AND kind = 'message'`, [run.accountId])).toBe(0);
  });
});

describe('pause and crashes', () => {
  it('moves nothing while the campaign is paused; waits fire on resume', async () => {
    const run = await seedRun(db, { graph: delayThenMessage(), prospects: 3 });
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 1000 });
    await drainDueWork(deps);
    await db.query(`UPDATE campaigns SET status = 'paused' WHERE id = $1`, [run.campaignId]);
    clock.advance(2 * 24 * HOUR);
    await drainDueWork(deps);
    expect(await count('SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1', [run.campaignId])).toBe(0);
    await db.query(`UPDATE campaigns SET status = 'active' WHERE id = $1`, [run.campaignId]);
    await drainDueWork(deps);
    expect(await count('SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1', [run.campaignId])).toBe(3);
  });

  it('offers an action again with the same actionId after a crash between offer and answer, and completes it once', async () => {
    const run = await seedRun(db, { graph: connectionOnlyGraph(), prospects: 5 });
    const clock = startClock('2026-03-02T08:00:00Z');
    const crashes = new Set<string>();
    const deps = engineDeps(db, clock, { spacingMs: 1000 });
    const crashy = engineDeps(db, clock, { spacingMs: 1000, executor: crashingAfterOffer(sandboxExecutor(db, clock), crashes) });
    await drainDueWork(crashy);
    clock.advance(20_000);
    await drainDueWork(crashy);
    expect(crashes.size).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1 AND status = 'offered'`, [run.campaignId])).toBe(
      crashes.size,
    );
    clock.advance(deps.leaseMs + 1);
    await runUntilDone(deps, run, HOUR, 30 * 24 * HOUR);
    const offered = await db.query<{ offered: number }>(
      'SELECT s.offered FROM sandbox_actions s JOIN run_actions a ON a.id = s.action_id WHERE a.campaign_id = $1',
      [run.campaignId],
    );
    expect(offered.rows.filter((r) => r.offered === 2)).toHaveLength(crashes.size);
    expect(await count(`SELECT count(*) AS n FROM run_actions WHERE campaign_id = $1 AND status = 'done'`, [run.campaignId])).toBe(5);
    expect((await enrollmentsOf(run)).rows.every((r) => r.status === 'finished')).toBe(true);
  }, 180_000);
});
