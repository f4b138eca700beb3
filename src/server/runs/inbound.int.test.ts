import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph, edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock, type SeededRun } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import type { IngestMessageBody } from '../../domain/contract/conversations';
import type { EngineDeps } from './engine-deps';
import { receiveExecutorEvent as receiveEvent, receiveInbound } from './inbound';

/**
 * Contract 9.3 stop on reply from the inbox ingest and 9.4 connector events, on a real database:
 * an inbound message from an enrolled prospect ends its wait as replied (an outbound copy never
 * does), events are matched by normalised profile URL and sender, and repeating one changes nothing.
 */

const db = engineDbPerFile();

const messageGraph = (): WorkflowDefinition => ({
  nodes: [node('start', 'start'), node('hello', 'message'), node('end', 'end')],
  edges: [edge('start', 'hello'), edge('hello', 'end', 'replied'), edge('hello', 'end', 'no_reply')],
});

/** A run whose one prospect waits for a reply to the sent message (or for its invitation to be accepted). */
async function waitingRun(graph = messageGraph()) {
  const run = await seedRun(db, { graph, prospects: 1 });
  const clock = startClock('2026-03-02T08:00:00Z');
  // The sandbox never answers here: its rates are zero.
  await db.query(`INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate) VALUES ($1, 'sandbox', 0, 0)`, [
    run.workspaceId,
  ]);
  const deps = engineDeps(db, clock, { spacingMs: 1000 });
  await drainDueWork(deps);
  return { run, deps };
}

/** The REST ingest's path (hooks.ingest): one transaction, stop on reply inside it. */
const ingestWithStopOnReply = (deps: EngineDeps, workspaceId: string, channel: string, m: IngestMessageBody) =>
  deps.db.transaction((tx) => receiveInbound(tx, deps, workspaceId, channel, m));
const receiveExecutorEvent = (deps: EngineDeps, workspaceId: string, e: Parameters<typeof receiveEvent>[3]) =>
  receiveEvent(deps.db, deps, workspaceId, e);

const enrollment = async (run: SeededRun) =>
  (
    await db.query<{ status: string; outcome: string | null; current_node_id: string }>(
      'SELECT status, outcome, current_node_id FROM enrollments WHERE campaign_id = $1',
      [run.campaignId],
    )
  ).rows[0]!;

const message = (run: SeededRun, direction: 'inbound' | 'outbound', id: string) => ({
  accountId: run.accountId,
  externalConversationId: 'conv-1',
  externalMessageId: id,
  // Not normalised as given: the audience's normaliser matches it to the prospect.
  contact: { name: 'Prospect 1', profileUrl: 'https://NETWORK.example/in/p1/?utm=x' },
  direction,
  text: direction === 'inbound' ? 'Sounds good' : 'Hi there',
  sentAt: '2026-03-02T09:00:00Z',
});

describe('stop on reply from the inbox ingest (contract 9.3)', () => {
  it('an inbound message ends the wait as replied; an outbound copy does not', async () => {
    const { run, deps } = await waitingRun();
    expect(await enrollment(run)).toMatchObject({ status: 'active', current_node_id: 'hello' });
    await ingestWithStopOnReply(deps, run.workspaceId, 'professional_network', message(run, 'outbound', 'out-1'));
    expect(await enrollment(run)).toMatchObject({ status: 'active' });
    await ingestWithStopOnReply(deps, run.workspaceId, 'professional_network', message(run, 'inbound', 'in-1'));
    expect(await enrollment(run)).toMatchObject({ status: 'finished', outcome: 'replied' });
    const steps = await db.query<{ node_id: string; handle: string | null }>(
      'SELECT s.node_id, s.handle FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id WHERE e.campaign_id = $1 ORDER BY s.position',
      [run.campaignId],
    );
    expect(steps.rows.find((s) => s.node_id === 'hello')?.handle).toBe('replied');
  });

  it('a message from another sender account does not stop the prospect', async () => {
    const { run, deps } = await waitingRun();
    const other = await db.query<{ id: string }>(
      `INSERT INTO accounts (workspace_id, channel, name) VALUES ($1, 'professional_network', 'Other') RETURNING id`,
      [run.workspaceId],
    );
    await ingestWithStopOnReply(deps, run.workspaceId, 'professional_network', {
      ...message(run, 'inbound', 'in-2'),
      accountId: other.rows[0]!.id,
    });
    expect(await enrollment(run)).toMatchObject({ status: 'active' });
  });
});

describe('executor events (contract 9.4)', () => {
  it('message_received goes to the inbox, stops the prospect, and the same externalMessageId again changes nothing', async () => {
    const { run, deps } = await waitingRun();
    const event = {
      type: 'message_received' as const,
      accountId: run.accountId,
      profileUrl: 'https://network.example/in/p1/',
      at: '2026-03-02T10:00:00Z',
      text: 'Tell me more',
      externalMessageId: 'ext-1',
    };
    const first = await receiveExecutorEvent(deps, run.workspaceId, event);
    expect(first).toMatchObject({ moved: 1, conversationId: expect.any(String), messageId: expect.any(String) });
    expect(await enrollment(run)).toMatchObject({ status: 'finished', outcome: 'replied' });
    const again = await receiveExecutorEvent(deps, run.workspaceId, event);
    expect(again).toEqual({ ...first, moved: 0 });
    const stored = await db.query<{ text: string; direction: string; sandbox: boolean; name: string }>(
      'SELECT m.text, m.direction, m.sandbox, c.contact_name AS name FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.account_id = $1 AND NOT m.sandbox',
      [run.accountId],
    );
    expect(stored.rows).toEqual([{ text: 'Tell me more', direction: 'inbound', sandbox: false, name: 'Prospect 1' }]);
    // The sandbox's own send sits beside it, marked sandbox (contract 9.4).
    expect((await db.query('SELECT 1 FROM messages WHERE account_id = $1 AND sandbox', [run.accountId])).rows).toHaveLength(1);
  });

  it('invitation_accepted takes the accepted output once; a repeat moves nothing', async () => {
    const { run, deps } = await waitingRun(connectionOnlyGraph());
    const event = {
      type: 'invitation_accepted' as const,
      accountId: run.accountId,
      profileUrl: 'https://network.example/in/p1',
      at: '2026-03-02T10:00:00Z',
    };
    expect(await receiveExecutorEvent(deps, run.workspaceId, event)).toEqual({ moved: 1, conversationId: null, messageId: null });
    expect(await enrollment(run)).toMatchObject({ status: 'finished', outcome: 'finished' });
    expect(await receiveExecutorEvent(deps, run.workspaceId, event)).toEqual({ moved: 0, conversationId: null, messageId: null });
  });

  it('a sandbox acceptance due before the wait ran out wins, though both fall due in the same pass (issue 33 item 2)', async () => {
    const graph = connectionOnlyGraph();
    Object.assign(graph.nodes.find((n) => n.id === 'invite')!.data, { send_empty_request: true, wait_for_response_days: 0.0001 });
    const run = await seedRun(db, { graph, prospects: 1 });
    const clock = startClock('2026-03-02T08:00:00Z');
    await db.query(
      `INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate, median_response_hours) VALUES ($1, 'sandbox', 1, 0, 0.0001)`,
      [run.workspaceId],
    );
    const deps = engineDeps(db, clock, { spacingMs: 0 });
    await drainDueWork(deps);
    expect(await enrollment(run)).toMatchObject({ status: 'active', current_node_id: 'invite' });
    // A busy process looks again only after the 8.64 s wait: the acceptance came about 0.4 s after the invitation.
    clock.advance(60_000);
    await drainDueWork(deps);
    const outputs = await db.query<{ output: string | null }>(
      `SELECT s.handle AS output FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id WHERE e.campaign_id = $1 AND s.node_id = 'invite'`,
      [run.campaignId],
    );
    expect(outputs.rows).toEqual([{ output: 'accepted' }]);
  });

  it('an account of another workspace is not found, and nothing changes', async () => {
    const { run, deps } = await waitingRun();
    const other = await seedRun(db, { graph: messageGraph(), prospects: 1 });
    const event = {
      type: 'invitation_accepted' as const,
      accountId: other.accountId,
      profileUrl: 'https://network.example/in/p1',
      at: '2026-03-02T10:00:00Z',
    };
    await expect(receiveExecutorEvent(deps, run.workspaceId, event)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(await enrollment(run)).toMatchObject({ status: 'active' });
  });
});
