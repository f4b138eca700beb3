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
});
