import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { createApiKey } from '../admin/ops';
import { updateCampaignWorkflow } from '../campaigns/service';
import { openDatabase } from '../db/open';
import type { Db } from '../db/types';
import { childEnv, startServerProcess } from '../testing/processes';
import { scratchDatabase, seedRun, UNLIMITED } from '../testing/runs';
import { createRevision } from './revisions';

/**
 * Contract 10.4 "one transaction": a real server is killed with SIGKILL while it publishes a revision
 * of a campaign with thousands of prospects on a removed step. After each kill the database holds
 * either the old version (the revision still open, everyone where they were) or the new one (the
 * revision gone, everyone on the new version, nobody on the removed step) — never a mix. The first
 * publish runs to its end and times the request; the kills land from well inside that time to past it.
 * On PostgreSQL when DATABASE_URL is set.
 */

const PROSPECTS = 3000;
const KILLS = 4;

const launched = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start'),
    node('visit', 'profile_visit'),
    node('invite', 'connection_request', { message_template: 'Hi {{firstName}}' }),
    node('end', 'end'),
  ],
  edges: [edge('start', 'visit'), edge('visit', 'invite'), edge('invite', 'end', 'accepted'), edge('invite', 'end', 'no_response')],
});
const revised = (): WorkflowDefinition => ({
  nodes: launched().nodes.filter((n) => n.id !== 'visit'),
  edges: [edge('start', 'invite'), ...launched().edges.slice(2)],
});

/** A running campaign whose prospects all stand on `visit` (waiting on nothing the engine would move), with its revision saved. */
async function seedPublishable(db: Db, key: string) {
  const run = await seedRun(db, { graph: launched(), prospects: PROSPECTS, dailyLimits: UNLIMITED });
  await db.query(
    `UPDATE enrollments SET status = 'active', current_node_id = 'visit', phase = 'wait', next_step_at = NULL, graph_version = 1 WHERE campaign_id = $1`,
    [run.campaignId],
  );
  await createApiKey(db, [run.workspaceId], key);
  const workspace = { id: run.workspaceId, slug: 'run' };
  const revision = await createRevision(db, workspace, run.campaignId, { via: 'other' });
  const saved = await updateCampaignWorkflow(db, workspace, {
    campaignId: revision.campaignId,
    expectedUpdatedAtMs: Date.parse(revision.updated_at),
    workflowDefinition: revised(),
  });
  return { campaignId: run.campaignId, revisionId: revision.campaignId, updatedAt: saved.updated_at };
}

/** What the database says of one campaign after the kill: 'old', 'new', or what mixes them. */
async function stateOf(db: Db, seeded: { campaignId: string; revisionId: string }) {
  const one = async <T>(sql: string, params: unknown[] = [seeded.campaignId]) => (await db.query<T>(sql, params)).rows[0]!;
  const campaign = await one<{ graph_version: number; launched_version: number; stored: number }>(
    `SELECT graph_version, launched_version, (SELECT count(*)::int FROM campaign_versions v WHERE v.campaign_id = c.id AND v.version = c.graph_version) AS stored
     FROM campaigns c WHERE id = $1`,
  );
  const revisionOpen = (await db.query('SELECT 1 FROM campaigns WHERE id = $1', [seeded.revisionId])).rows.length === 1;
  const enrollments = await one<{ old: number; fresh: number; at_visit: number; moved: number }>(
    `SELECT count(*) FILTER (WHERE graph_version = 1)::int AS old, count(*) FILTER (WHERE graph_version = 2)::int AS fresh,
       count(*) FILTER (WHERE current_node_id = 'visit')::int AS at_visit, count(*) FILTER (WHERE revised)::int AS moved
     FROM enrollments WHERE campaign_id = $1`,
  );
  const events = await one<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE type = 'campaign.revised' AND body::jsonb -> 'data' ->> 'campaignId' = $1::text`,
  );
  const old =
    campaign.launched_version === 1 &&
    revisionOpen &&
    enrollments.old === PROSPECTS &&
    enrollments.at_visit === PROSPECTS &&
    events.n === 0;
  const fresh =
    campaign.launched_version === 2 &&
    campaign.graph_version === 2 &&
    !revisionOpen &&
    enrollments.fresh === PROSPECTS &&
    enrollments.moved === PROSPECTS &&
    enrollments.at_visit === 0 &&
    events.n === 1;
  return old && campaign.stored === 1
    ? 'old'
    : fresh && campaign.stored === 1
      ? 'new'
      : JSON.stringify({ campaign, revisionOpen, enrollments, events });
}

describe('a publish cut by kill -9 (contract 10.4)', () => {
  it('leaves the old version or the new one, never a mix', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-publish-crash-'));
    const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'cs_publish_crash') : undefined;
    const open = () => openDatabase({ databaseUrl: scratch?.url, dataDir });
    const env = childEnv(dataDir, { DEMO_DATA: '0', ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
    const outcomes: string[] = [];
    let publishMs = 0;
    try {
      for (let round = 0; round <= KILLS; round++) {
        const key = `publish-crash-key-${round}-${'k'.repeat(24)}`;
        let db = await open();
        const seeded = await seedPublishable(db, key);
        await db.close();
        const server = await startServerProcess(env, 240_000);
        const started = Date.now();
        const request = fetch(`${server.url}/api/v1/campaigns/${seeded.campaignId}/publish`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            revisionId: seeded.revisionId,
            inspectedUpdatedAt: seeded.updatedAt,
            confirm: true,
            moves: { visit: 'invite' },
          }),
        }).then(
          (res) => res.status,
          () => 'cut',
        );
        if (round === 0) {
          // The first publish runs to its end: how long a publish takes here.
          expect(await request).toBe(200);
          publishMs = Date.now() - started;
          server.child.kill('SIGTERM');
        } else {
          // From well inside the publish to past its end: both sides of the commit are met.
          await new Promise((r) => setTimeout(r, Math.floor((round / KILLS) * 1.6 * publishMs)));
          server.child.kill('SIGKILL');
          await request;
        }
        await server.exited;
        db = await open();
        try {
          outcomes.push(await stateOf(db, seeded));
        } finally {
          await db.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
    console.log(`publish of ${PROSPECTS} prospects took ${publishMs} ms; after each kill: ${outcomes.slice(1).join(', ')}`);
    expect(outcomes[0]).toBe('new');
    expect(outcomes.filter((o) => o !== 'old' && o !== 'new')).toEqual([]);
  }, 900_000);
});
