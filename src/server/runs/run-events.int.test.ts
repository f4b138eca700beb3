import { describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { engineDbPerFile } from '../testing/engine-db';
import { applyProspectEvent } from './engine';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, UNLIMITED, visitOnlyGraph } from '../testing/runs';

/** Contract 9.5: the run's webhook events, written in the transaction of the change they report. */

const db = engineDbPerFile();

interface EventBody {
  type: string;
  data: Record<string, unknown>;
}
const eventsOf = async (workspaceId: string, type: string): Promise<EventBody['data'][]> =>
  (
    await db.query<{ body: string }>('SELECT body FROM events WHERE workspace_id = $1 AND type = $2 ORDER BY created_at, id', [
      workspaceId,
      type,
    ])
  ).rows.map((r) => (JSON.parse(r.body) as EventBody).data);

const messageThenEnd = (): WorkflowDefinition => ({
  nodes: [node('start', 'start'), node('hello', 'message'), node('end', 'end')],
  edges: [edge('start', 'hello'), edge('hello', 'end', 'replied'), edge('hello', 'end', 'no_reply')],
});

describe('run webhook events', () => {
  it('prospect.finished once per enrollment that reaches its end, with its outcome', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 3, dailyLimits: UNLIMITED });
    await drainDueWork(engineDeps(db, startClock('2026-03-02T08:00:00Z'), { spacingMs: 0 }));
    const finished = await eventsOf(run.workspaceId, 'prospect.finished');
    expect(finished).toHaveLength(3);
    expect(finished[0]).toMatchObject({
      campaignId: run.campaignId,
      senderAccountId: run.accountId,
      status: 'finished',
      outcome: 'finished',
    });
    expect(new Set(finished.map((f) => f.enrollmentId)).size).toBe(3);
  });

  it('prospect.replied when a reply reaches a running enrollment, then prospect.finished as replied', async () => {
    const run = await seedRun(db, { graph: messageThenEnd(), prospects: 1, dailyLimits: UNLIMITED });
    const deps = engineDeps(db, startClock('2026-03-02T08:00:00Z'), { spacingMs: 0 });
    await drainDueWork(deps);
    expect(await eventsOf(run.workspaceId, 'prospect.replied')).toEqual([]);
    await db.transaction((tx) =>
      applyProspectEvent(tx, deps, {
        workspaceId: run.workspaceId,
        accountId: run.accountId,
        profileUrl: 'https://network.example/in/p1',
        event: 'message_received',
        text: 'Sounds good',
      }),
    );
    const [replied] = await eventsOf(run.workspaceId, 'prospect.replied');
    expect(replied).toMatchObject({ campaignId: run.campaignId, text: 'Sounds good' });
    expect(await eventsOf(run.workspaceId, 'prospect.finished')).toEqual([
      expect.objectContaining({ enrollmentId: replied!.enrollmentId, outcome: 'replied' }),
    ]);
  });

  it('action.failed when the executor answers failed, and the prospect finishes as failed', async () => {
    const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 1, dailyLimits: UNLIMITED });
    const failing = { offer: async () => ({ status: 'failed' as const, error: 'The profile is private.' }) };
    await drainDueWork(engineDeps(db, startClock('2026-03-02T08:00:00Z'), { spacingMs: 0, executor: failing }));
    const [failed] = await eventsOf(run.workspaceId, 'action.failed');
    expect(failed).toMatchObject({ type: 'profile_visit', campaignId: run.campaignId, nodeId: 'visit', error: 'The profile is private.' });
    expect(await eventsOf(run.workspaceId, 'prospect.finished')).toEqual([
      expect.objectContaining({ status: 'failed', outcome: 'failed' }),
    ]);
  });
});
