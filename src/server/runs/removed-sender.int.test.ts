import { describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import { updateCampaign } from '../campaigns/settings';
import { engineDbPerFile } from '../testing/engine-db';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, UNLIMITED } from '../testing/runs';

/** Contract 9.4 on a real database: a sender removed from a running campaign holds its contacted prospects and hands over the rest. */

const db = engineDbPerFile();

// Two profile visits: after the first, the sender has contacted the prospect.
const twoVisitsGraph = () => ({
  nodes: [node('start', 'start'), node('visit', 'profile_visit'), node('again', 'profile_visit'), node('end', 'end')],
  edges: [edge('start', 'visit'), edge('visit', 'again'), edge('again', 'end')],
});

describe('removing a sender from a running campaign', () => {
  it('holds the prospects it contacted, with the reason, and moves the others to the sender that is left', async () => {
    const run = await seedRun(db, { graph: twoVisitsGraph(), prospects: 4, dailyLimits: UNLIMITED });
    const other = await db.query<{ id: string }>(
      `INSERT INTO accounts (workspace_id, channel, name, premium, daily_limits) VALUES ($1, 'professional_network', 'Jo Other', true, $2) RETURNING id`,
      [run.workspaceId, JSON.stringify(UNLIMITED)],
    );
    const otherId = other.rows[0]!.id;
    const clock = startClock('2026-03-02T10:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 90_000 });
    // At the first instant only the first prospect is visited: the removed sender has contacted that one alone.
    await drainDueWork(deps);
    const contacted = await db.query<{ enrollment_id: string }>(
      `SELECT enrollment_id FROM run_actions WHERE campaign_id = $1 AND status = 'done'`,
      [run.campaignId],
    );
    expect(contacted.rows).toHaveLength(1);
    const heldId = contacted.rows[0]!.enrollment_id;

    const workspace = { id: run.workspaceId, slug: 'removed-sender' };
    await updateCampaign(db, workspace, { campaignId: run.campaignId, senderAccountIds: [otherId] });
    for (let i = 0; i < 20; i++) {
      clock.advance(600_000);
      await drainDueWork(deps);
    }

    const enrollments = await db.query<{ id: string; status: string; sender_account_id: string; error: string | null }>(
      'SELECT id, status, sender_account_id, error FROM enrollments WHERE campaign_id = $1',
      [run.campaignId],
    );
    const held = enrollments.rows.find((e) => e.id === heldId)!;
    expect(held).toMatchObject({
      status: 'active',
      sender_account_id: run.accountId,
      error: 'Waiting: the sender Sam Sender was removed from this campaign.',
    });
    const moved = enrollments.rows.filter((e) => e.id !== heldId);
    expect(moved.map((e) => [e.status, e.sender_account_id, e.error])).toEqual(Array(3).fill(['finished', otherId, null]));
    // Nothing went out through the removed sender after it left: only the first visit.
    const byRemoved = await db.query<{ status: string }>(
      `SELECT status FROM run_actions WHERE campaign_id = $1 AND sender_account_id = $2 AND status <> 'cancelled'`,
      [run.campaignId, run.accountId],
    );
    expect(byRemoved.rows.map((r) => r.status)).toEqual(['done']);
    // The held prospect's timeline shows why at the step it waits at.
    const step = await db.query<{ node_id: string; status: string; error: string | null }>(
      'SELECT s.node_id, s.status, s.error FROM enrollment_steps s JOIN enrollments e ON s.position = e.open_step WHERE e.id = $1',
      [heldId],
    );
    expect(step.rows[0]).toEqual({ node_id: 'again', status: 'scheduled', error: held.error });
    // Its quota slot for the step it did not take was given back.
    const used = await db.query<{ used: number }>(`SELECT used FROM sender_quota WHERE account_id = $1 AND kind = 'profile_visit'`, [
      run.accountId,
    ]);
    expect(used.rows.map((r) => Number(r.used))).toEqual([1]);

    // Added back, the sender takes its held prospect up again.
    await updateCampaign(db, workspace, { campaignId: run.campaignId, senderAccountIds: [otherId, run.accountId] });
    await drainDueWork(deps);
    const resumed = await db.query<{ status: string; sender_account_id: string; error: string | null }>(
      'SELECT status, sender_account_id, error FROM enrollments WHERE id = $1',
      [heldId],
    );
    expect(resumed.rows[0]).toEqual({ status: 'finished', sender_account_id: run.accountId, error: null });
  });

  it('mid-run with 100 enrollments: the untouched move, the started wait with sender_removed, nothing fails (contract 10.2)', async () => {
    const run = await seedRun(db, { graph: twoVisitsGraph(), prospects: 100, dailyLimits: UNLIMITED });
    const other = await db.query<{ id: string }>(
      `INSERT INTO accounts (workspace_id, channel, name, premium, daily_limits) VALUES ($1, 'professional_network', 'Jo Other', true, $2) RETURNING id`,
      [run.workspaceId, JSON.stringify(UNLIMITED)],
    );
    const otherId = other.rows[0]!.id;
    const clock = startClock('2026-03-02T10:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 60_000 });
    // Half an hour of one visit a minute: some 30 prospects contacted through the first sender.
    for (let i = 0; i < 30; i++) {
      await drainDueWork(deps);
      clock.advance(60_000);
    }
    const contacted = await db.query<{ enrollment_id: string }>(
      `SELECT DISTINCT enrollment_id FROM run_actions WHERE campaign_id = $1 AND status = 'done' AND sender_account_id = $2`,
      [run.campaignId, run.accountId],
    );
    const started = new Set(contacted.rows.map((r) => r.enrollment_id));
    expect(started.size).toBeGreaterThan(10);
    expect(started.size).toBeLessThan(90);

    await updateCampaign(db, { id: run.workspaceId, slug: 'removed-100' }, { campaignId: run.campaignId, senderAccountIds: [otherId] });
    for (let i = 0; i < 300; i++) {
      clock.advance(60_000);
      await drainDueWork(deps);
    }
    const rows = await db.query<{
      id: string;
      status: string;
      sender_account_id: string;
      waiting_reason: string | null;
      next_step_at: Date | null;
    }>('SELECT id, status, sender_account_id, waiting_reason, next_step_at FROM enrollments WHERE campaign_id = $1', [run.campaignId]);
    const held = rows.rows.filter((e) => started.has(e.id));
    const moved = rows.rows.filter((e) => !started.has(e.id));
    // Those the removed sender started wait for it, held (nothing due) with the reason …
    expect(new Set(held.map((e) => JSON.stringify([e.status, e.sender_account_id, e.waiting_reason, e.next_step_at])))).toEqual(
      new Set([JSON.stringify(['active', run.accountId, 'sender_removed', null])]),
    );
    // … the untouched went on with the sender left, to the end.
    expect(new Set(moved.map((e) => `${e.status} ${e.sender_account_id}`))).toEqual(new Set([`finished ${otherId}`]));
    expect(held.length + moved.length).toBe(100);
    // Never a failed action or enrollment for the missing sender.
    const failed = await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM run_actions WHERE campaign_id = $1 AND status = 'failed')
            + (SELECT count(*) FROM enrollments WHERE campaign_id = $1 AND status = 'failed') AS n`,
      [run.campaignId],
    );
    expect(Number(failed.rows[0]!.n)).toBe(0);
    // The run view counts them (its notice reads this).
    const counted = await db.query<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::int AS n FROM run_waiting_counts WHERE campaign_id = $1 AND reason = 'sender_removed'`,
      [run.campaignId],
    );
    expect(Number(counted.rows[0]!.n)).toBe(held.length);
  }, 300_000);

  it('with no sender of the channel left: every unfinished enrollment waits with sender_removed, none fails', async () => {
    const run = await seedRun(db, { graph: twoVisitsGraph(), prospects: 6, dailyLimits: UNLIMITED });
    const clock = startClock('2026-03-02T10:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 60_000 });
    await drainDueWork(deps);
    await updateCampaign(db, { id: run.workspaceId, slug: 'removed-all' }, { campaignId: run.campaignId, senderAccountIds: [] });
    for (let i = 0; i < 30; i++) {
      clock.advance(60_000);
      await drainDueWork(deps);
    }
    const rows = await db.query<{ status: string; waiting_reason: string | null }>(
      'SELECT status, waiting_reason FROM enrollments WHERE campaign_id = $1',
      [run.campaignId],
    );
    expect(rows.rows).toEqual(Array(6).fill({ status: 'active', waiting_reason: 'sender_removed' }));
    const failed = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status = 'failed'`,
      [run.campaignId],
    );
    expect(Number(failed.rows[0]!.n)).toBe(0);
  });
});
