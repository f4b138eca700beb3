import { afterAll, describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { createApiKey } from '../admin/ops';
import { createApp } from '../app';
import { createComputePool } from '../compute/pool';
import { loadConfig } from '../config';
import { sandboxExecutor } from '../executors/sandbox';
import { engineDbPerFile } from '../testing/engine-db';
import { drainDueWork } from '../testing/run-loop';
import { seedRun, UNLIMITED } from '../testing/runs';
import { engineSettings, type OfferDeps } from './engine-deps';

/**
 * What executors tell the engine over HTTP (contract 9.4) moves enrollments with the server's own
 * engine settings (issue 33 item 5: the routes once used defaults — 90 s spacing whatever
 * ACTION_SPACING_S said), so an accepted invitation's next step is due at once (item 4).
 */

const db = engineDbPerFile();
const compute = createComputePool();
afterAll(() => compute.close());

const inviteThenMessage = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start'),
    node('invite', 'connection_request'),
    node('hello', 'message', { message_template: 'Thanks!' }),
    node('end', 'end'),
  ],
  edges: [
    edge('start', 'invite'),
    edge('invite', 'hello', 'accepted'),
    edge('invite', 'end', 'no_response'),
    edge('hello', 'end', 'replied'),
    edge('hello', 'end', 'no_reply'),
  ],
});

describe('POST /api/v1/executor/events on a server with ACTION_SPACING_S=0', () => {
  it('moves each accepted invitation to its next step due at once (inside the window and limits)', async () => {
    const run = await seedRun(db, { graph: inviteThenMessage(), prospects: 5, dailyLimits: UNLIMITED });
    await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0, 0)`, [
      run.workspaceId,
    ]);
    const config = loadConfig({ ACTION_SPACING_S: '0' });
    const settings = engineSettings(config);
    const deps: OfferDeps = { ...settings, db, executor: sandboxExecutor(db, settings.clock) };
    await drainDueWork(deps);
    const { apiKey } = await createApiKey(db, [run.workspaceId]);
    const app = createApp({ db, config, stopping: new AbortController().signal, compute });
    for (let i = 1; i <= 5; i++) {
      const res = await app.request('/api/v1/executor/events', {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          type: 'invitation_accepted',
          accountId: run.accountId,
          profileUrl: `https://network.example/in/p${i}`,
          at: new Date().toISOString(),
        }),
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toMatchObject({ moved: 1 });
    }
    const messages = await db.query<{ due: boolean }>(
      `SELECT not_before <= clock_now() AS due FROM run_actions WHERE campaign_id = $1 AND node_id = 'hello'`,
      [run.campaignId],
    );
    expect(messages.rows).toEqual(Array.from({ length: 5 }, () => ({ due: true })));
  });
});
