import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoredFollowUpGraph } from '../../domain/testing/fixtures';
import { deleteProspect } from '../audience/prospects';
import type { Queryable } from '../db/types';
import { applyProspectEvent } from '../runs/engine';
import { runDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, type SeededRun } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { compactRunCounts, runCounts, type RunCounts } from './run-counts';

/**
 * The run counters (migration 018's triggers) equal a fresh GROUP BY over the campaign's rows after
 * any mix of engine moves, replies, new enrollments, deleted prospects and compactions — plus, since
 * contract 10.3 (migration 040), what deleted prospects had counted: their totals are kept.
 */

const HOUR = 3_600_000;
const PROSPECTS = 6;
const db = engineDbPerFile();

const byKey = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();

/** What the counters stand for, counted from the rows themselves. */
async function groupedNow(tx: Queryable, campaignId: string): Promise<RunCounts> {
  const enrollments = await tx.query<RunCounts['enrollments'][number]>(
    `SELECT status, outcome IS NOT DISTINCT FROM 'replied' AS replied, CASE WHEN status = 'active' THEN current_node_id END AS node_id,
            count(*)::int AS n
     FROM enrollments WHERE campaign_id = $1 GROUP BY 1, 2, 3`,
    [campaignId],
  );
  const steps = await tx.query<RunCounts['steps'][number]>(
    `SELECT s.node_id, s.status, s.handle, count(*)::int AS n
     FROM enrollments e JOIN enrollment_steps s ON s.enrollment_id = e.id WHERE e.campaign_id = $1 GROUP BY 1, 2, 3`,
    [campaignId],
  );
  const waiting = await tx.query<RunCounts['waiting'][number]>(
    `SELECT current_node_id AS node_id, waiting_reason AS reason, count(*)::int AS n
     FROM enrollments WHERE campaign_id = $1 AND status = 'active' AND waiting_reason IS NOT NULL GROUP BY 1, 2`,
    [campaignId],
  );
  return { enrollments: enrollments.rows, steps: steps.rows, waiting: waiting.rows };
}

type Move =
  | { kind: 'work' }
  | { kind: 'advance'; hours: number }
  | { kind: 'reply'; prospect: number }
  | { kind: 'delete'; prospect: number }
  | { kind: 'enroll' }
  | { kind: 'compact' };

const prospect = fc.integer({ min: 1, max: PROSPECTS });
const move: fc.Arbitrary<Move> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Move>({ kind: 'work' }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 72 }).map<Move>((hours) => ({ kind: 'advance', hours })) },
  { weight: 1, arbitrary: prospect.map<Move>((p) => ({ kind: 'reply', prospect: p })) },
  { weight: 1, arbitrary: prospect.map<Move>((p) => ({ kind: 'delete', prospect: p })) },
  { weight: 1, arbitrary: fc.constant<Move>({ kind: 'enroll' }) },
  { weight: 1, arbitrary: fc.constant<Move>({ kind: 'compact' }) },
);

/** Adds what `extra` counts to `counts`, key by key. */
function plus(counts: RunCounts, extra: RunCounts): RunCounts {
  const add = <T extends { n: number }>(rows: T[], more: T[]): T[] => {
    const byKey = new Map<string, T>();
    for (const row of [...rows, ...more]) {
      const { n, ...key } = row;
      const k = JSON.stringify(key);
      const had = byKey.get(k);
      byKey.set(k, { ...row, n: (had?.n ?? 0) + n });
    }
    return [...byKey.values()].filter((row) => row.n !== 0);
  };
  return {
    enrollments: add(counts.enrollments, extra.enrollments),
    steps: add(counts.steps, extra.steps),
    waiting: add(counts.waiting, extra.waiting),
  };
}

/** Plays the moves; what the prospects deleted on the way had counted. */
async function play(run: SeededRun, moves: Move[]): Promise<RunCounts> {
  let deleted: RunCounts = { enrollments: [], steps: [], waiting: [] };
  const clock = startClock('2026-03-02T08:00:00Z');
  const deps = engineDeps(db, clock, { spacingMs: 1000 });
  await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0.6, 0.5)`, [
    run.workspaceId,
  ]);
  let added = 0;
  for (const m of moves) {
    const profileUrl = (p: number) => `https://network.example/in/p${p}`;
    if (m.kind === 'work') await runDueWork(deps);
    else if (m.kind === 'advance') clock.advance(m.hours * HOUR);
    else if (m.kind === 'reply') {
      const event = {
        workspaceId: run.workspaceId,
        accountId: run.accountId,
        profileUrl: profileUrl(m.prospect),
        event: 'message_received' as const,
      };
      await db.transaction((tx) => applyProspectEvent(tx, deps, { ...event, text: 'Thanks' }));
    } else if (m.kind === 'delete') {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM prospects WHERE workspace_id = $1 AND profile_url = $2', [
        run.workspaceId,
        profileUrl(m.prospect),
      ]);
      if (!rows[0]) continue;
      const enrolled = await db.query('SELECT 1 FROM enrollments WHERE prospect_id = $1 AND status IN ($2, $3)', [
        rows[0].id,
        'waiting',
        'active',
      ]);
      if (enrolled.rows.length > 0) {
        // Contract 10.3: still enrolled → prospect_enrolled, nothing changed.
        await expect(deleteProspect(db, run.workspaceId, rows[0].id)).rejects.toMatchObject({ code: 'prospect_enrolled' });
        continue;
      }
      const before = await groupedNow(db, run.campaignId);
      await deleteProspect(db, run.workspaceId, rows[0].id);
      const after = await groupedNow(db, run.campaignId);
      const negated = (c: RunCounts): RunCounts => ({
        enrollments: c.enrollments.map((r) => ({ ...r, n: -r.n })),
        steps: c.steps.map((r) => ({ ...r, n: -r.n })),
        waiting: c.waiting.map((r) => ({ ...r, n: -r.n })),
      });
      deleted = plus(deleted, plus(before, negated(after)));
    } else if (m.kind === 'enroll') {
      added += 1;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO prospects (workspace_id, profile_url, name) VALUES ($1, $2, 'Late prospect') RETURNING id`,
        [run.workspaceId, `https://network.example/in/late${added}`],
      );
      await db.query(`INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id) VALUES ($1, $2, $3, $4)`, [
        run.workspaceId,
        run.campaignId,
        rows[0]!.id,
        run.accountId,
      ]);
    } else await compactRunCounts(db, run.campaignId);
  }
  return deleted;
}

describe('run counters', () => {
  it('equal a fresh GROUP BY after any mix of engine moves', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 25 }), async (moves) => {
        const run = await seedRun(db, { graph: scoredFollowUpGraph(), prospects: PROSPECTS });
        const deleted = await play(run, moves);
        const counted = await runCounts(db, run.campaignId);
        const grouped = plus(await groupedNow(db, run.campaignId), deleted);
        expect(byKey(counted.enrollments)).toEqual(byKey(grouped.enrollments));
        expect(byKey(counted.steps)).toEqual(byKey(grouped.steps));
        expect(byKey(counted.waiting)).toEqual(byKey(grouped.waiting));
      }),
      { numRuns: 12 },
    );
  });

  it('go with their campaign when it is deleted', async () => {
    const run = await seedRun(db, { graph: scoredFollowUpGraph(), prospects: 3 });
    await db.query(`UPDATE campaigns SET status = 'draft' WHERE id = $1`, [run.campaignId]);
    await db.query('DELETE FROM campaigns WHERE id = $1', [run.campaignId]);
    expect(await runCounts(db, run.campaignId)).toEqual({ enrollments: [], steps: [], waiting: [] });
  });
});
