import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph, edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { listEnrollments } from '../audience/enrollments';
import { engineDbPerFile } from '../testing/engine-db';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, UNLIMITED, visitOnlyGraph } from '../testing/runs';
import { PINNED_GRAPHS_KEPT, pinnedGraph, pinnedGraphsKept } from './apply-advance';
import { steerCampaign } from './steer';

/** What a run shows of each prospect (issue 33 items 7 and 13), on a real database. */

const db = engineDbPerFile();

describe('nextStepAt (issue 33 item 7)', () => {
  it('is the time of the next scheduled item: a wait’s end, or the slot of the action it waits on', async () => {
    // One sender, 90 s apart: the first visit goes now, the others are scheduled after it.
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 4, dailyLimits: UNLIMITED });
    const clock = startClock('2026-03-02T08:00:00Z');
    await drainDueWork(engineDeps(db, clock, { spacingMs: 90_000 }));
    const enrollments = await listEnrollments(
      db,
      { workspaceId: run.workspaceId, campaignId: run.campaignId, status: null, nodeId: null },
      10,
    );
    const scheduled = await db.query<{ enrollment_id: string; scheduled_for: Date }>(
      `SELECT s.enrollment_id, s.scheduled_for FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id
       WHERE e.campaign_id = $1 AND s.status = 'scheduled'`,
      [run.campaignId],
    );
    expect(scheduled.rows).toHaveLength(3);
    const active = enrollments.filter((e) => e.status === 'active');
    expect(active).toHaveLength(3);
    for (const e of active) {
      const step = scheduled.rows.find((s) => s.enrollment_id === e.enrollmentId)!;
      expect(e.nextStepAt).toBe(new Date(step.scheduled_for).toISOString());
    }
    // A finished one has nothing scheduled.
    expect(enrollments.find((e) => e.status === 'finished')?.nextStepAt).toBeNull();
  });
});

describe('stop (issue 33 item 13)', () => {
  it('leaves no timeline step running or scheduled', async () => {
    // Three prospects: one waits for an acceptance (a running step), two are scheduled behind it.
    const run = await seedRun(db, { graph: connectionOnlyGraph(), prospects: 3, dailyLimits: UNLIMITED });
    await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0, 0)`, [
      run.workspaceId,
    ]);
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 90_000 });
    await drainDueWork(deps);
    const before = await db.query<{ status: string }>(
      `SELECT s.status FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id WHERE e.campaign_id = $1 AND s.node_id = 'invite'`,
      [run.campaignId],
    );
    expect(before.rows.map((r) => r.status).sort()).toEqual(['running', 'scheduled', 'scheduled']);
    await steerCampaign(db, { id: run.workspaceId, slug: 'stop' }, run.campaignId, 'stop', { via: 'other' }, deps);
    const after = await db.query<{ status: string; finished: boolean }>(
      `SELECT s.status, s.finished_at IS NOT NULL AS finished FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id
       WHERE e.campaign_id = $1 AND s.node_id = 'invite'`,
      [run.campaignId],
    );
    expect(after.rows).toEqual([
      { status: 'skipped', finished: true },
      { status: 'skipped', finished: true },
      { status: 'skipped', finished: true },
    ]);
    const actions = await db.query<{ status: string }>('SELECT status FROM run_actions WHERE campaign_id = $1 ORDER BY status', [
      run.campaignId,
    ]);
    expect(actions.rows.map((a) => a.status)).toEqual(['cancelled', 'cancelled', 'done']);
  });
});

describe('the launched graphs a process keeps (issue 33 item 13)', () => {
  const graphWith = (stepType: 'profile_visit' | 'follow'): WorkflowDefinition => ({
    nodes: [node('start', 'start'), node('step', stepType), node('end', 'end')],
    edges: [edge('start', 'step'), edge('step', 'end')],
  });

  it('are read by version (a newer version is never served stale) and only the most recent are kept', async () => {
    const run = await seedRun(db, { graph: graphWith('profile_visit'), prospects: 0 });
    await db.query(
      `INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count) VALUES ($1, 2, $2, now(), 3, 2)`,
      [run.campaignId, JSON.stringify(graphWith('follow'))],
    );
    expect((await pinnedGraph(db, run.campaignId, 1))?.node('step')?.type).toBe('profile_visit');
    expect((await pinnedGraph(db, run.campaignId, 2))?.node('step')?.type).toBe('follow');
    expect((await pinnedGraph(db, run.campaignId, 1))?.node('step')?.type).toBe('profile_visit');
    // Many campaigns later, the cache still holds only the most recent ones.
    for (let version = 3; version < PINNED_GRAPHS_KEPT + 40; version++) await pinnedGraph(db, run.campaignId, version);
    expect(pinnedGraphsKept()).toBe(PINNED_GRAPHS_KEPT);
  });
});
