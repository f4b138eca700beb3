import { describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { updateCampaignWorkflow } from '../campaigns/service';
import { msOf } from '../db/time-sql';
import { nextDueAt } from '../runs/due';
import { ALREADY_DONE_NOTE } from '../runs/apply-advance';
import { engineDbPerFile } from '../testing/engine-db';
import { drainDueWork, runDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, UNLIMITED, type SeededRun } from '../testing/runs';
import { publishRevision } from './publish';
import { createRevision } from './revisions';

/**
 * Contract 10.4 publish through the engine, step by step: prospects moved back to steps they had are
 * not sent them again (same step, or the same text under another step), a changed text reaches the
 * next prospects, a changed wait counts from when it began, timeline rows carry their version.
 */

const db = engineDbPerFile();
const DAY = 86_400_000;
const THANKS = 'Thanks for connecting, {{firstName}}!';
const OPEN = `SELECT id FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`;

const graph = (over: { followText?: string; thanksId?: string; thanksWait?: number } = {}): WorkflowDefinition => {
  const thanks = over.thanksId ?? 'thanks';
  return {
    nodes: [
      node('start', 'start'),
      node('invite', 'connection_request', { message_template: 'Hi {{firstName}}, shall we connect?', wait_for_response_days: 3 }),
      node(thanks, 'message', { message_template: THANKS, reply_wait_days: over.thanksWait ?? 2 }),
      node('follow', 'message', { message_template: over.followText ?? 'Any thoughts, {{firstName}}?', reply_wait_days: 2 }),
      node('end', 'end'),
    ],
    edges: [
      edge('start', 'invite'),
      edge('invite', thanks, 'accepted'),
      edge('invite', 'end', 'no_response'),
      edge(thanks, 'end', 'replied'),
      edge(thanks, 'follow', 'no_reply'),
      edge('follow', 'end', 'replied'),
      edge('follow', 'end', 'no_reply'),
    ],
  };
};

/** A run whose prospects all accept and never reply, driven until every one waits at `thanks`. */
async function waitingAtThanks(prospects: number) {
  const run = await seedRun(db, { graph: graph(), prospects, dailyLimits: UNLIMITED });
  await db.query(
    `INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate, median_response_hours, seed) VALUES ($1, 'sandbox', 1, 0, 2, 1)`,
    [run.workspaceId],
  );
  const clock = startClock('2026-03-02T08:00:00Z');
  const deps = engineDeps(db, clock, { spacingMs: 60_000 });
  for (let guard = 0; guard < 500; guard++) {
    if ((await runDueWork(deps)) > 0) continue;
    const at = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND current_node_id = 'thanks' AND phase = 'wait'`,
      [run.campaignId],
    );
    if (at.rows[0]!.n === prospects) return { run, clock, deps };
    clock.set(Math.max((await nextDueAt(db)) ?? Infinity, clock.at() + 1));
  }
  throw new Error('the prospects never all waited at thanks');
}

async function publish(run: SeededRun, deps: ReturnType<typeof engineDeps>, next: WorkflowDefinition, moves?: Record<string, string>) {
  const workspace = { id: run.workspaceId, slug: 'run' };
  const revision = await createRevision(db, workspace, run.campaignId, { via: 'other' });
  const saved = await updateCampaignWorkflow(db, workspace, {
    campaignId: revision.campaignId,
    expectedUpdatedAtMs: Date.parse(revision.updated_at),
    workflowDefinition: next,
  });
  return publishRevision(
    db,
    workspace,
    { campaignId: run.campaignId, revisionId: revision.campaignId, inspectedUpdatedAt: saved.updated_at, confirm: true, moves },
    { origin: { via: 'other' }, settings: deps, badInput: 'invalid_request' },
  );
}

const timelineOf = async (campaignId: string) =>
  (
    await db.query<{ prospect: string; node_id: string; status: string; error: string | null; text: string | null; version: number }>(
      `SELECT p.name AS prospect, s.node_id, s.status, s.error, s.rendered ->> 'text' AS text, s.version
       FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id JOIN prospects p ON p.id = e.prospect_id
       WHERE e.campaign_id = $1 ORDER BY p.name, s.position`,
      [campaignId],
    )
  ).rows;

describe('publishing a revision through the engine (contract 10.4)', () => {
  it('moves prospects off a removed step; what they already had is passed, never sent again; the new text goes out', async () => {
    const { run, clock, deps } = await waitingAtThanks(2);
    // `thanks` is replaced by a step sending the same text; its prospects are moved back to the invitation.
    await publish(run, deps, graph({ thanksId: 'thanks_again', followText: 'New follow-up for {{firstName}}.' }), { thanks: 'invite' });
    for (let guard = 0; guard < 100 && (await db.query(OPEN, [run.campaignId])).rows.length > 0; guard++) {
      await drainDueWork(deps);
      clock.set(Math.max((await nextDueAt(db)) ?? clock.at() + DAY, clock.at() + 1));
    }

    const timeline = await timelineOf(run.campaignId);
    for (const prospect of ['Prospect 1', 'Prospect 2']) {
      const mine = timeline.filter((s) => s.prospect === prospect).map((s) => [s.node_id, s.status, s.error, s.text, s.version]);
      expect(mine).toEqual([
        ['start', 'done', null, null, 1],
        ['invite', 'done', null, `Hi P${prospect.slice(-1)}, shall we connect?`, 1],
        ['thanks', 'done', null, `Thanks for connecting, P${prospect.slice(-1)}!`, 1],
        ['invite', 'skipped', ALREADY_DONE_NOTE, null, 2],
        ['thanks_again', 'skipped', ALREADY_DONE_NOTE, null, 2],
        ['follow', 'done', null, `New follow-up for P${prospect.slice(-1)}.`, 2],
        ['end', 'done', null, null, 2],
      ]);
    }
    const sent = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status <> 'cancelled'`,
      [run.campaignId],
    );
    expect(sent.rows[0]!.n).toBe(2 * 3);
  });

  it('counts a changed wait from when it began, and ends prospects moved to "end"', async () => {
    const { run, clock, deps } = await waitingAtThanks(2);
    const before = await db.query<{ began: number; until: number }>(
      `SELECT ${msOf('a.finished_at')} AS began, ${msOf('e.next_step_at')} AS until FROM enrollments e
       JOIN enrollment_steps s ON s.position = e.open_step JOIN run_actions a ON a.id = s.action_id WHERE e.campaign_id = $1 ORDER BY e.id`,
      [run.campaignId],
    );
    expect(before.rows.map((r) => Number(r.until) - Number(r.began))).toEqual([2 * DAY, 2 * DAY]);
    clock.set(clock.at() + DAY / 2);
    await publish(run, deps, graph({ thanksWait: 5 }));
    const after = await db.query<{ until: number }>(
      `SELECT ${msOf('next_step_at')} AS until FROM enrollments WHERE campaign_id = $1 ORDER BY id`,
      [run.campaignId],
    );
    expect(after.rows.map((r, i) => Number(r.until) - Number(before.rows[i]!.began))).toEqual([5 * DAY, 5 * DAY]);

    await publish(run, deps, graph({ thanksId: 'thanks_b' }), { thanks: 'end' });
    const ended = await db.query<{ status: string; outcome: string; graph_version: number }>(
      'SELECT status, outcome, graph_version FROM enrollments WHERE campaign_id = $1',
      [run.campaignId],
    );
    expect(ended.rows).toEqual([
      { status: 'finished', outcome: 'finished', graph_version: 3 },
      { status: 'finished', outcome: 'finished', graph_version: 3 },
    ]);
  });
});
