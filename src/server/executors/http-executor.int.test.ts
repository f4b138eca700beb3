import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { recordAnswer } from '../runs/offers';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, openEngineDb, seedRun, startClock, type EngineDb, type SeededRun } from '../testing/runs';
import { createExecutor } from './select';
import { putExecutorSettings, rotateExecutorSecret } from './settings';

/**
 * Contract 9.4 HTTP executor and 9.3 engine calls, against a real local HTTP receiver that checks
 * every Standard Webhooks signature: 200 done, 202 then a result, 500 retried with the same actionId,
 * 429 cooling the sender down without failing the prospect, the last retry failing the enrollment.
 */

interface Received {
  id: string;
  body: Record<string, any>;
  method: string;
  verified: boolean;
  headers: IncomingHttpHeaders;
}
/** null: never answer (a hanging executor). */
type Reply = (r: Received) => { status: number; body?: unknown; headers?: Record<string, string> } | null;

let db: EngineDb;
const openAnotherDb = () => db.openAnother();
let server: Server;
let url: string;
let secret = '';
const received: Received[] = [];
let reply: Reply = () => ({ status: 200, body: { status: 'done' } });

beforeAll(async () => {
  db = await openEngineDb();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        new Webhook(secret).verify(raw, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const r: Received = {
        id: String(req.headers['webhook-id']),
        body: raw ? JSON.parse(raw) : {},
        method: req.method ?? '',
        verified,
        headers: req.headers,
      };
      received.push(r);
      const answer = reply(r);
      if (answer === null) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/actions`;
}, 240_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
});

const RETRY_DELAYS = [60_000, 120_000];
const config = { webhookAllowPrivate: true, webhookTimeoutMs: 5_000, webhookRetryDelaysMs: RETRY_DELAYS };

const messageGraph = (): WorkflowDefinition => ({
  nodes: [node('start', 'start'), node('hello', 'message', { message_template: 'Hi {{firstName}}' }), node('end', 'end')],
  edges: [edge('start', 'hello'), edge('hello', 'end', 'replied'), edge('hello', 'end', 'no_reply')],
});

/** A one-prospect run whose workspace has the HTTP executor at the receiver; the deps run with a fake clock. */
async function httpRun(graph = messageGraph()) {
  const run = await seedRun(db, { graph, prospects: 1 });
  const settings = await db.transaction((tx) => putExecutorSettings(tx, run.workspaceId, { kind: 'http', url }));
  secret = settings.secret!;
  const clock = startClock('2026-03-02T08:00:00Z');
  const deps = engineDeps(db, clock, { spacingMs: 1000, executor: createExecutor(db, clock, config) });
  received.length = 0;
  return { run, clock, deps };
}

const enrollment = async (run: SeededRun) =>
  (
    await db.query<{ status: string; outcome: string | null; error: string | null; current_node_id: string }>(
      'SELECT status, outcome, error, current_node_id FROM enrollments WHERE campaign_id = $1',
      [run.campaignId],
    )
  ).rows[0]!;
const actionsOf = async (run: SeededRun) =>
  (await db.query<{ id: string; status: string }>('SELECT id, status FROM run_actions WHERE campaign_id = $1', [run.campaignId])).rows;

describe('HTTP executor (contract 9.4)', () => {
  it('POSTs a signed offer (webhook-id = actionId) and a 200 done moves the prospect on', async () => {
    reply = () => ({ status: 200, body: { status: 'done' } });
    const { run, deps } = await httpRun();
    await drainDueWork(deps);
    const [action] = await actionsOf(run);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id: action!.id, verified: true, method: 'POST' });
    expect(received[0]!.body).toMatchObject({
      actionId: action!.id,
      type: 'message',
      campaignId: run.campaignId,
      nodeId: 'hello',
      prospect: { profileUrl: 'https://network.example/in/p1', name: 'Prospect 1', customFields: { firstName: 'P1' } },
      sender: { accountId: run.accountId, name: 'Sam Sender', channel: 'professional_network' },
      payload: { text: 'Hi P1' },
    });
    expect(action!.status).toBe('done');
    // Waiting for a reply after the message was sent.
    expect(await enrollment(run)).toMatchObject({ status: 'active', current_node_id: 'hello' });
  });

  it('202 leaves the action waiting; the later result decides it once', async () => {
    reply = () => ({ status: 202 });
    const { run, deps } = await httpRun();
    await drainDueWork(deps);
    const [action] = await actionsOf(run);
    expect(action!.status).toBe('waiting_result');
    await recordAnswer(deps, action!.id, { status: 'failed', error: 'The profile is gone.' });
    await recordAnswer(deps, action!.id, { status: 'done' });
    expect((await actionsOf(run))[0]!.status).toBe('failed');
    expect(await enrollment(run)).toMatchObject({ status: 'failed', outcome: 'failed', error: 'The profile is gone.' });
    expect(received).toHaveLength(1);
  });

  it('a 500 is retried on the webhook schedule with the same actionId; the last failure fails the enrollment', async () => {
    reply = () => ({ status: 500, body: { oops: true } });
    const { run, clock, deps } = await httpRun();
    await drainDueWork(deps);
    expect(await enrollment(run)).toMatchObject({ status: 'active' });
    clock.advance(RETRY_DELAYS[0]!);
    await drainDueWork(deps);
    expect(await enrollment(run)).toMatchObject({ status: 'active' });
    clock.advance(RETRY_DELAYS[1]!);
    await drainDueWork(deps);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    expect(received.every((r) => r.verified)).toBe(true);
    expect(await enrollment(run)).toMatchObject({ status: 'failed', outcome: 'failed', error: 'HTTP 500' });
  });

  it('a 500 then a 200 finishes with one action', async () => {
    let calls = 0;
    reply = () => (calls++ === 0 ? { status: 503 } : { status: 200, body: { status: 'done' } });
    const { run, clock, deps } = await httpRun();
    await drainDueWork(deps);
    clock.advance(RETRY_DELAYS[0]!);
    await drainDueWork(deps);
    expect(received.map((r) => r.id)).toEqual([received[0]!.id, received[0]!.id]);
    expect(await actionsOf(run)).toEqual([{ id: received[0]!.id, status: 'done' }]);
  });

  it('429 cools the sender down and offers the same action again later; the prospect does not fail', async () => {
    let calls = 0;
    reply = () => (calls++ === 0 ? { status: 429, headers: { 'retry-after': '600' } } : { status: 200, body: { status: 'done' } });
    const { run, clock, deps } = await httpRun();
    await drainDueWork(deps);
    const cooldown = await db.query<{ until: Date }>('SELECT cooldown_until AS until FROM sender_pacing WHERE account_id = $1', [
      run.accountId,
    ]);
    expect(new Date(cooldown.rows[0]!.until).getTime()).toBe(clock.at() + 600_000);
    expect((await actionsOf(run))[0]!.status).toBe('scheduled');
    clock.advance(300_000);
    await drainDueWork(deps);
    expect(received).toHaveLength(1);
    clock.advance(300_000);
    await drainDueWork(deps);
    expect(received.map((r) => r.id)).toEqual([received[0]!.id, received[0]!.id]);
    expect((await actionsOf(run))[0]!.status).toBe('done');
    expect(await enrollment(run)).toMatchObject({ status: 'active' });
  });

  it('a rotated secret signs with both (new, old) during the grace', async () => {
    reply = () => ({ status: 200, body: { status: 'done' } });
    const { run, clock } = await httpRun();
    const rotated = await rotateExecutorSecret(db, run.workspaceId, 1);
    // A new executor: the cached choice (and its secret) is read again.
    await drainDueWork(engineDeps(db, clock, { spacingMs: 1000, executor: createExecutor(db, clock, config) }));
    const [offer] = received;
    expect(String(offer!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(offer!.verified).toBe(true); // with the old secret, still in its grace
    const headers = offer!.headers as Record<string, string>;
    expect(() => new Webhook(rotated!.secret).verify(JSON.stringify(offer!.body), headers)).not.toThrow();
  });
});

describe('SSRF guard and timeout (contract 6 rules for the executor)', () => {
  it('refuses a loopback executor without WEBHOOK_ALLOW_PRIVATE: nothing is sent, the retries end in failure with the reason', async () => {
    reply = () => ({ status: 200, body: { status: 'done' } });
    const { run, clock } = await httpRun();
    const guarded = { ...config, webhookAllowPrivate: false };
    const deps = engineDeps(db, clock, { spacingMs: 1000, executor: createExecutor(db, clock, guarded) });
    for (const wait of [0, ...RETRY_DELAYS]) {
      clock.advance(wait);
      await drainDueWork(deps);
    }
    expect(received).toHaveLength(0);
    const failed = await enrollment(run);
    expect(failed).toMatchObject({ status: 'failed', outcome: 'failed' });
    expect(failed.error).toContain('refused');
  });

  it('an executor that never answers times out and is retried with the same actionId', async () => {
    let calls = 0;
    reply = () => (calls++ === 0 ? null : { status: 200, body: { status: 'done' } });
    const { run, clock } = await httpRun();
    const deps = engineDeps(db, clock, { spacingMs: 1000, executor: createExecutor(db, clock, { ...config, webhookTimeoutMs: 300 }) });
    await drainDueWork(deps);
    const [pending] = await db
      .query<{ status: string; error: string }>('SELECT status, error FROM run_actions WHERE campaign_id = $1', [run.campaignId])
      .then((r) => r.rows);
    expect(pending).toMatchObject({ status: 'scheduled', error: expect.stringContaining('timed out') });
    clock.advance(RETRY_DELAYS[0]!);
    await drainDueWork(deps);
    expect(received.map((r) => r.id)).toEqual([received[0]!.id, received[0]!.id]);
    expect((await actionsOf(run))[0]!.status).toBe('done');
  });
});

describe('engine calls (contract 9.3 webhook / http_request)', () => {
  it('POSTs the prospect to a webhook step and goes on at 2xx; an http_request uses its method', async () => {
    reply = () => ({ status: 204 });
    const graph: WorkflowDefinition = {
      nodes: [
        node('start', 'start'),
        node('hook', 'webhook', { url }),
        node('get', 'http_request', { method: 'GET', url }),
        node('end', 'end'),
      ],
      edges: [edge('start', 'hook'), edge('hook', 'get'), edge('get', 'end')],
    };
    const { run, deps } = await httpRun(graph);
    await drainDueWork(deps);
    expect(received.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(received[0]!.body).toMatchObject({
      profileUrl: 'https://network.example/in/p1',
      name: 'Prospect 1',
      customFields: { firstName: 'P1' },
    });
    expect(received[0]!.headers['webhook-signature']).toBeUndefined();
    expect(await enrollment(run)).toMatchObject({ status: 'finished', outcome: 'finished' });
  });
});

describe('picking the executor', () => {
  it('uses the sandbox when the workspace has no HTTP executor', async () => {
    const run = await seedRun(db, { graph: messageGraph(), prospects: 1 });
    const clock = startClock('2026-03-02T08:00:00Z');
    received.length = 0;
    await drainDueWork(engineDeps(db, clock, { spacingMs: 1000, executor: createExecutor(db, clock, config) }));
    expect(received).toHaveLength(0);
    const sandbox = await db.query('SELECT 1 FROM sandbox_actions s JOIN run_actions a ON a.id = s.action_id WHERE a.campaign_id = $1', [
      run.campaignId,
    ]);
    expect(sandbox.rows).toHaveLength(1);
    // Contract 9.4: the sandbox's send is in the inbox, marked sandbox.
    const sent = await db.query<{ direction: string; text: string; sandbox: boolean }>(
      'SELECT direction, text, sandbox FROM messages WHERE account_id = $1',
      [run.accountId],
    );
    expect(sent.rows).toEqual([{ direction: 'outbound', text: 'Hi P1', sandbox: true }]);
  });
});

describe('changing the executor (contract 10.2, issue 33 item 1)', () => {
  /** An action of the workspace's prospect, as the engine offers it. */
  const offered = (run: SeededRun, awaits: 'invitation_accepted' | null = null) => ({
    actionId: randomUUID(),
    type: awaits ? 'connection_request' : 'message',
    workspaceId: run.workspaceId,
    campaignId: null,
    enrollmentId: null,
    nodeId: null,
    prospect: { profileUrl: 'https://network.example/in/p1', name: 'Prospect 1' },
    sender: { accountId: run.accountId },
    payload: awaits ? { data: {} } : { text: 'Hi', data: {} },
    awaits,
  });

  it('applies to every action offered after the change, in every process, both ways', async () => {
    reply = () => ({ status: 200, body: { status: 'done' } });
    const run = await seedRun(db, { graph: messageGraph(), prospects: 1 });
    const clock = startClock('2026-03-02T08:00:00Z');
    // Two processes, each with its own executor, each having offered on the sandbox before the change.
    const [one, two] = [createExecutor(db, clock, config), createExecutor(await openAnotherDb(), clock, config)];
    await one.offer(offered(run));
    await two.offer(offered(run));
    received.length = 0;
    secret = (await db.transaction((tx) => putExecutorSettings(tx, run.workspaceId, { kind: 'http', url }))).secret!;
    await one.offer(offered(run));
    await two.offer(offered(run));
    expect(received).toHaveLength(2);
    await db.transaction((tx) =>
      putExecutorSettings(tx, run.workspaceId, {
        kind: 'sandbox',
        acceptRate: 1,
        replyRate: 0,
        medianResponseHours: 0.0001,
        seed: 1,
        variantRates: {},
      }),
    );
    await one.offer(offered(run, 'invitation_accepted'));
    await two.offer(offered(run, 'invitation_accepted'));
    expect(received).toHaveLength(2);
    // The sandbox's new settings hold at once too: both acceptances come within seconds, not hours.
    const events = await db.query<{ soon: boolean }>(
      `SELECT due_at <= $2::timestamptz + interval '10 seconds' AS soon FROM sandbox_events WHERE workspace_id = $1`,
      [run.workspaceId, new Date(clock.at()).toISOString()],
    );
    expect(events.rows).toEqual([{ soon: true }, { soon: true }]);
  });
});

describe('a push-back (contract 10.2, issue 33 item 4)', () => {
  it('pauses the sender for Retry-After exactly, and the action (and its timeline step) comes back then', async () => {
    let calls = 0;
    reply = () => (calls++ === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200, body: { status: 'done' } });
    const { run, clock, deps } = await httpRun();
    const at = clock.at();
    await drainDueWork(deps);
    const state = await db.query<{ cooldown: Date; not_before: Date; scheduled_for: Date }>(
      `SELECT p.cooldown_until AS cooldown, a.not_before, s.scheduled_for FROM run_actions a
       JOIN sender_pacing p ON p.account_id = a.sender_account_id JOIN enrollment_steps s ON s.action_id = a.id
       WHERE a.campaign_id = $1`,
      [run.campaignId],
    );
    const times = state.rows.map((r) => [r.cooldown, r.not_before, r.scheduled_for].map((d) => new Date(d).getTime()));
    expect(times).toEqual([[at + 1000, at + 1000, at + 1000]]);
    clock.advance(1000);
    await drainDueWork(deps);
    expect(received.map((r) => r.id)).toEqual([received[0]!.id, received[0]!.id]);
    expect((await actionsOf(run))[0]!.status).toBe('done');
  });
});
