import { describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { engineDbPerFile } from '../testing/engine-db';
import { drainDueWork } from '../testing/run-loop';
import { ALWAYS_OPEN, engineDeps, seedRun, startClock, UNLIMITED } from '../testing/runs';

/**
 * Contract 10.4: an enrollment moves on its own graph version (`enrollments.graph_version`, its
 * campaign's launched version when it starts), and every timeline row records the version it was
 * written under.
 */

const db = engineDbPerFile();

const visitThenEnd = (visitId: string): WorkflowDefinition => ({
  nodes: [node('start', 'start'), node(visitId, 'profile_visit'), node('end', 'end')],
  edges: [edge('start', visitId), edge(visitId, 'end')],
});

describe('graph versions on enrollments and timelines', () => {
  it('an enrollment starts on the launched version and its timeline rows carry it', async () => {
    const run = await seedRun(db, { graph: visitThenEnd('visit'), prospects: 3, schedule: ALWAYS_OPEN, dailyLimits: UNLIMITED });
    const deps = engineDeps(db, startClock('2026-03-02T08:00:00Z'), { spacingMs: 0 });
    await drainDueWork(deps);
    const enrollments = await db.query<{ graph_version: number; status: string }>(
      'SELECT graph_version, status FROM enrollments WHERE campaign_id = $1',
      [run.campaignId],
    );
    expect(enrollments.rows.map((r) => [r.graph_version, r.status])).toEqual([
      [1, 'finished'],
      [1, 'finished'],
      [1, 'finished'],
    ]);
    const versions = await db.query<{ version: number | null }>(
      'SELECT DISTINCT s.version FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id WHERE e.campaign_id = $1',
      [run.campaignId],
    );
    expect(versions.rows).toEqual([{ version: 1 }]);
  });

  it('moves an enrollment on its own version, not on the campaign’s newer one', async () => {
    const run = await seedRun(db, { graph: visitThenEnd('visit'), prospects: 1, schedule: ALWAYS_OPEN, dailyLimits: UNLIMITED });
    const newer = visitThenEnd('visit_two');
    await db.query(
      `INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count) VALUES ($1, 2, $2, now(), 3, 2)`,
      [run.campaignId, JSON.stringify(newer)],
    );
    await db.query('UPDATE campaigns SET graph_version = 2, launched_version = 2 WHERE id = $1', [run.campaignId]);
    await db.query('UPDATE enrollments SET graph_version = 1 WHERE campaign_id = $1', [run.campaignId]);
    await drainDueWork(engineDeps(db, startClock('2026-03-02T08:00:00Z'), { spacingMs: 0 }));
    const steps = await db.query<{ node_id: string; version: number }>(
      `SELECT s.node_id, s.version FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id
       WHERE e.campaign_id = $1 ORDER BY s.position`,
      [run.campaignId],
    );
    expect(steps.rows).toEqual([
      { node_id: 'start', version: 1 },
      { node_id: 'visit', version: 1 },
      { node_id: 'end', version: 1 },
    ]);
  });
});
