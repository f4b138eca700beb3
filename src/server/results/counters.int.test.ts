import { describe, expect, it } from 'vitest';
import { variantGraph } from '../../domain/testing/fixtures';
import { assignedVariant } from '../../domain/variants';
import { pruneExpired } from '../retention/prune';
import { drainDueWork } from '../testing/run-loop';
import { engineDbPerFile } from '../testing/engine-db';
import { engineDeps, seedRun, startClock, type SeededRun } from '../testing/runs';
import { campaignCounters, compactResultCounters, resultCounters } from './counters';

/**
 * Contract 10.1 results' counters on a real database (embedded, or PostgreSQL with DATABASE_URL): a
 * sandbox run of an A/B campaign, its counters equal to what a scan of its timelines says, kept when
 * retention prunes the decided action rows, and unchanged by a fold of the delta rows.
 */

const HOUR = 3_600_000;
const db = engineDbPerFile();

async function runUntilDone(deps: ReturnType<typeof engineDeps>, run: SeededRun, clock: ReturnType<typeof startClock>): Promise<void> {
  const until = clock.at() + 60 * 24 * HOUR;
  while (clock.at() < until) {
    await drainDueWork(deps);
    const open = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`,
      [run.campaignId],
    );
    if (open.rows[0]!.n === 0) return;
    clock.advance(HOUR);
  }
}

/** What a scan says the counters must say: sent per (step, variant), acceptances, replies after the last step sent. */
async function scanned(campaignId: string) {
  const sent = await db.query<{ node_id: string; variant_id: string | null; sent: number; accepted: number }>(
    `SELECT s.node_id, s.variant_id, count(*)::int AS sent, count(*) FILTER (WHERE s.type = 'connection_request' AND s.handle = 'accepted')::int AS accepted
     FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id JOIN run_actions a ON a.id = s.action_id
     WHERE e.campaign_id = $1 AND a.status = 'done' AND s.type IN ('connection_request', 'message', 'template_message')
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [campaignId],
  );
  const replied = await db.query<{ node_id: string; variant_id: string | null; n: number }>(
    `SELECT last.node_id, last.variant_id, count(*)::int AS n FROM enrollments e
     JOIN LATERAL (SELECT s.node_id, s.variant_id FROM enrollment_steps s JOIN run_actions a ON a.id = s.action_id AND a.status = 'done'
                   WHERE s.enrollment_id = e.id AND s.type IN ('connection_request', 'message', 'template_message') ORDER BY s.position DESC LIMIT 1) last ON true
     WHERE e.campaign_id = $1 AND e.replied GROUP BY 1, 2`,
    [campaignId],
  );
  const contacted = await db.query<{ n: number }>(
    `SELECT count(DISTINCT e.id)::int AS n FROM enrollments e JOIN enrollment_steps s ON s.enrollment_id = e.id JOIN run_actions a ON a.id = s.action_id
     WHERE e.campaign_id = $1 AND a.status = 'done' AND s.type IN ('connection_request', 'message', 'template_message')`,
    [campaignId],
  );
  return { sent: sent.rows, replied: replied.rows, contacted: contacted.rows[0]!.n };
}

describe('contract 10.1 counters', () => {
  it('count a sandbox run exactly as a scan of its timelines, survive the pruning of action rows and a fold', async () => {
    const run = await seedRun(db, { graph: variantGraph(), prospects: 60 });
    await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0.7, 0.5)`, [
      run.workspaceId,
    ]);
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 1000 });
    await runUntilDone(deps, run, clock);

    // Contract 10.1: each prospect got the variant the domain's assignment gives it, recorded on the timeline with its text.
    const invite = variantGraph().nodes.find((n) => n.id === 'invite')!;
    const given = await db.query<{ prospect_id: string; variant_id: string; text: string }>(
      `SELECT e.prospect_id, s.variant_id, s.rendered->>'text' AS text FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id
       WHERE e.campaign_id = $1 AND s.node_id = 'invite' AND s.action_id IS NOT NULL`,
      [run.campaignId],
    );
    expect(given.rows.length).toBeGreaterThan(0);
    for (const row of given.rows) {
      const expected = assignedVariant(invite, run.campaignId, row.prospect_id)!;
      expect(row.variant_id).toBe(expected.variantId);
      expect(row.text.includes('enjoyed your post')).toBe(expected.text.includes('enjoyed your post'));
    }

    const scan = await scanned(run.campaignId);
    const counters = await resultCounters(db, run.campaignId);
    // Every step row is version 1 (the launched graph), each sending step's two variants both sent.
    expect(new Set(counters.steps.map((s) => s.version))).toEqual(new Set([1]));
    expect(counters.steps.filter((s) => s.node_id === 'invite').map((s) => s.variant_id)).toEqual(['a', 'b']);
    for (const row of scan.sent) {
      const counted = counters.steps.find((s) => s.node_id === row.node_id && s.variant_id === row.variant_id);
      const replies = scan.replied.find((r) => r.node_id === row.node_id && r.variant_id === row.variant_id)?.n ?? 0;
      expect({ node: row.node_id, variant: row.variant_id, sent: counted?.sent, converted: counted?.converted }).toEqual({
        node: row.node_id,
        variant: row.variant_id,
        sent: row.sent,
        converted: row.node_id === 'invite' ? row.accepted : replies,
      });
    }
    const totalSent = scan.sent.reduce((n, r) => n + r.sent, 0);
    const totalReplied = scan.replied.reduce((n, r) => n + r.n, 0);
    const accepted = scan.sent.reduce((n, r) => n + r.accepted, 0);
    expect(totalReplied).toBeGreaterThan(0);
    expect(counters.campaign).toEqual({ prospects: 60, contacted: scan.contacted, accepted, replied: totalReplied });
    expect(counters.senders).toEqual([{ account_id: run.accountId, sent: totalSent, accepted, replied: totalReplied }]);
    const daily = counters.daily.reduce(
      (t, d) => ({ sent: t.sent + d.invitations + d.messages, accepted: t.accepted + d.accepted, replied: t.replied + d.replied }),
      { sent: 0, accepted: 0, replied: 0 },
    );
    expect(daily).toEqual({ sent: totalSent, accepted, replied: totalReplied });
    expect(counters.daily.every((d) => /^2026-0[3-5]-\d\d$/.test(d.day))).toBe(true);
    expect(counters.daily[0]!.day).toBe('2026-03-02');
    expect((await campaignCounters(db, [run.campaignId])).get(run.campaignId)).toEqual(counters.campaign);

    // Retention prunes every decided action row: the counters stay, folded or not.
    await db.query(`UPDATE run_actions SET finished_at = '2000-01-01' WHERE campaign_id = $1`, [run.campaignId]);
    await pruneExpired(db, { retentionDays: 1, batch: 10_000, pauseMs: 0 });
    expect(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1', [run.campaignId])).rows[0]!.n,
    ).toBe(0);
    expect(await resultCounters(db, run.campaignId)).toEqual(counters);
    await compactResultCounters(db, run.campaignId);
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM result_step_counts WHERE campaign_id = $1', [
      run.campaignId,
    ]);
    expect(rows.rows[0]!.n).toBe(counters.steps.length);
    expect(await resultCounters(db, run.campaignId)).toEqual(counters);
  }, 240_000);

  it('a campaign never run counts zeros', async () => {
    const run = await seedRun(db, { graph: variantGraph(), prospects: 3 });
    expect((await resultCounters(db, run.campaignId)).campaign).toEqual({ prospects: 3, contacted: 0, accepted: 0, replied: 0 });
    expect((await resultCounters(db, run.campaignId)).steps).toEqual([]);
  });
});
