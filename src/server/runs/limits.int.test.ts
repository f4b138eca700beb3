import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { updateSenderAccount } from '../audience/settings';
import { engineDbPerFile } from '../testing/engine-db';
import { runDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, UNLIMITED, visitOnlyGraph } from '../testing/runs';
import { ingestInTx } from '../conversations/ingest';
import { moveDueEnrollments } from './engine';
import { claimDueActions } from './offers';
import { queueReply } from './replies';

/**
 * Sender limits that hold in every corner (issue 33 items 6 and 10), on a real database and, with
 * DATABASE_URL, with two processes' pools moving one sender's prospects at once.
 */

const db = engineDbPerFile();

const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: number }>(sql, params)).rows[0]!.n);

describe('a lowered daily limit (issue 33 item 6)', () => {
  it('is never exceeded: the slots reserved above it are given back, with two processes moving the run', async () => {
    const run = await seedRun(db, { graph: connectionOnlyGraph(), prospects: 60, dailyLimits: { connection_request: 40 } });
    // Nobody accepts: each prospect takes one invitation, and waits.
    await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0, 0)`, [
      run.workspaceId,
    ]);
    const clock = startClock('2026-03-02T08:00:00Z');
    const one = engineDeps(db, clock, { spacingMs: 5_000 });
    const two = engineDeps(await db.openAnother(), clock, { spacingMs: 5_000 });
    const both = () => Promise.all([runDueWork(one), runDueWork(two)]);
    // 40 slots of the day are reserved at once, 5 s apart; five go out.
    while ((await count(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status = 'done'`, [run.campaignId])) < 5) {
      await both();
      clock.advance(5_000);
    }
    expect(
      await count(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status <> 'cancelled'`, [run.campaignId]),
    ).toBe(40);

    await updateSenderAccount(db, run.workspaceId, run.accountId, { dailyLimits: { connection_request: 10 } });
    // The rest of the day, both processes at it.
    for (let t = 0; t < 60; t++) {
      await both();
      clock.advance(5_000);
    }
    const day = await db.query<{ done: number; used: number }>(
      `SELECT (SELECT count(*)::int FROM run_actions WHERE campaign_id = $1 AND status IN ('done', 'offered', 'scheduled') AND quota_day = '2026-03-02') AS done,
              (SELECT used FROM sender_quota WHERE account_id = $2 AND kind = 'connection_request' AND day = '2026-03-02') AS used`,
      [run.campaignId, run.accountId],
    );
    expect(day.rows[0]).toEqual({ done: 10, used: 10 });
    // The prospects given back wait for the next day's window, none lost.
    expect(await count(`SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status = 'active'`, [run.campaignId])).toBe(
      60,
    );
  }, 300_000);
});

describe('a claim (issue 33 item 10)', () => {
  it('never returns more than its limit: inbox replies and campaign actions share it', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 5, dailyLimits: UNLIMITED });
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 0 });
    // Five campaign actions due: the visits (moved, not yet offered).
    await moveDueEnrollments(deps);
    expect(
      await count(`SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status = 'scheduled'`, [run.campaignId]),
    ).toBe(5);
    // Five replies queued from the inbox.
    const { conversationId } = await db.transaction((tx) =>
      ingestInTx(tx, run.workspaceId, 'professional_network', {
        accountId: run.accountId,
        externalConversationId: 'limit-thread',
        externalMessageId: 'limit-1',
        contact: { name: 'Pat' },
        direction: 'inbound',
        text: 'Hi',
        sentAt: '2026-03-02T07:00:00Z',
      }),
    );
    for (let i = 0; i < 5; i++) await db.transaction((tx) => queueReply(tx, run.workspaceId, conversationId, `Reply ${i}`, clock.at()));
    // And one whose lease ran out (its process died): due both ways at once.
    expect(await claimDueActions(deps, 1)).toHaveLength(1);
    clock.advance(deps.leaseMs + 1);
    const claimed = await claimDueActions(deps, 4);
    expect(claimed).toHaveLength(4);
    expect(
      await count(`SELECT count(*)::int AS n FROM run_actions WHERE workspace_id = $1 AND status = 'offered'`, [run.workspaceId]),
    ).toBe(4);
  });
});
