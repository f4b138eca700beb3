import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actionResultAnswerSchema, executorEventAnswerSchema, executorSettingsSchema } from '../../domain/contract/executors';
import { rotatedSecretSchema } from '../../domain/contract/webhooks';
import { api, fixtureSql, newWorkspace, type TestWorkspace } from '../testing/fixtures';

/** Contract 9.4 over REST: executor settings, an action's later result, connector events; bad input is a 4xx and changes nothing. */

const expectProblem = (res: { status: number; headers: Headers; body: any }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(res.body.code).toBe(code);
};

describe('GET/PUT /api/v1/executor', () => {
  it('defaults to the sandbox; keeps the rates given; switching to http shows the secret once; rotation like webhook endpoints', async () => {
    const ws = await newWorkspace();
    const initial = await api(ws.apiKey, 'GET', '/api/v1/executor');
    expect(executorSettingsSchema.strict().parse(initial.body)).toEqual({
      kind: 'sandbox',
      url: null,
      acceptRate: 0.3,
      replyRate: 0.15,
      medianResponseHours: 20,
      seed: 1,
      variantRates: {},
      updatedAt: null,
    });
    const sandbox = await api(ws.apiKey, 'PUT', '/api/v1/executor', {
      kind: 'sandbox',
      acceptRate: 0.5,
      seed: 42,
      variantRates: { b: { acceptRate: 0.7 }, c: { replyRate: 0 } },
    });
    expect(sandbox.status).toBe(200);
    expect(sandbox.body).toMatchObject({
      kind: 'sandbox',
      acceptRate: 0.5,
      replyRate: 0.15,
      medianResponseHours: 20,
      seed: 42,
      variantRates: { b: { acceptRate: 0.7 }, c: { replyRate: 0 } },
    });
    expect((await api(ws.apiKey, 'GET', '/api/v1/executor')).body).toEqual(sandbox.body);

    const http = await api(ws.apiKey, 'PUT', '/api/v1/executor', { kind: 'http', url: 'https://executor.example/actions' });
    expect(http.status).toBe(200);
    expect(http.body).toMatchObject({ kind: 'http', url: 'https://executor.example/actions', secret: expect.stringMatching(/^whsec_/) });
    const read = await api(ws.apiKey, 'GET', '/api/v1/executor');
    expect(read.body.secret).toBeUndefined();
    expect(read.body).toMatchObject({ kind: 'http', url: 'https://executor.example/actions' });
    // Only the URL changes: the secret stays and is not shown again.
    const moved = await api(ws.apiKey, 'PUT', '/api/v1/executor', { kind: 'http', url: 'https://executor.example/v2' });
    expect(moved.body.secret).toBeUndefined();

    const rotated = await api(ws.apiKey, 'POST', '/api/v1/executor/rotate-secret', { graceHours: 2 });
    expect(rotated.status).toBe(200);
    const body = rotatedSecretSchema.parse(rotated.body);
    expect(body.secret).not.toBe(http.body.secret);
    expect(Date.parse(body.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(HOUR);
    const [stored] = await fixtureSql<{ secret: string; previous_secret: string }>(
      'SELECT secret, previous_secret FROM executor_settings WHERE workspace_id = $1',
      [ws.workspaceId],
    );
    expect(stored).toEqual({ secret: body.secret, previous_secret: http.body.secret });
    // An empty body takes the default grace (24 h); graceHours 0 drops the old secret at once.
    const byDefault = await api(ws.apiKey, 'POST', '/api/v1/executor/rotate-secret');
    expect(Date.parse(byDefault.body.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * HOUR);
    const noGrace = await api(ws.apiKey, 'POST', '/api/v1/executor/rotate-secret', { graceHours: 0 });
    expect(noGrace.body.previousSecretExpiresAt).toBeNull();
  });

  it('never gives back the URL’s credentials or query secrets, and keeps them to send', async () => {
    const ws = await newWorkspace();
    const url = 'http://user:s3cret@executor.example/exec?token=abc&region=eu';
    const masked = 'http://***:***@executor.example/exec?token=***&region=eu';
    const put = await api(ws.apiKey, 'PUT', '/api/v1/executor', { kind: 'http', url });
    expect(put.status).toBe(200);
    expect(put.body.url).toBe(masked);
    expect((await api(ws.apiKey, 'GET', '/api/v1/executor')).body.url).toBe(masked);
    expect(JSON.stringify((await api(ws.apiKey, 'GET', '/api/v1/executor')).body)).not.toMatch(/s3cret|abc/);
    const [stored] = await fixtureSql<{ url: string }>('SELECT url FROM executor_settings WHERE workspace_id = $1', [ws.workspaceId]);
    expect(stored!.url).toBe(url);
  });

  it('refuses bad settings with problem+json and changes nothing', async () => {
    const ws = await newWorkspace();
    await api(ws.apiKey, 'PUT', '/api/v1/executor', { kind: 'sandbox', replyRate: 0.2 });
    const before = (await api(ws.apiKey, 'GET', '/api/v1/executor')).body;
    for (const bad of [
      { kind: 'sandbox', acceptRate: 1.5 },
      { kind: 'sandbox', seed: 2147483648 },
      { kind: 'sandbox', variantRates: { z: { acceptRate: 0.5 } } },
      { kind: 'sandbox', variantRates: { b: { acceptRate: 2 } } },
      { kind: 'sandbox', variantRates: { b: { openRate: 0.5 } } },
      { kind: 'http' },
      { kind: 'http', url: 'ftp://executor.example/' },
      { kind: 'smtp' },
      { kind: 'sandbox', url: 'https://executor.example/' },
    ]) {
      const res = await api(ws.apiKey, 'PUT', '/api/v1/executor', bad);
      expectProblem(res, 400, 'invalid_request');
    }
    expectProblem(await api(ws.apiKey, 'PUT', '/api/v1/executor', '{"kind":'), 400, 'invalid_request');
    expect((await api(ws.apiKey, 'GET', '/api/v1/executor')).body).toEqual(before);
    // No HTTP executor: nothing to rotate.
    expectProblem(await api(ws.apiKey, 'POST', '/api/v1/executor/rotate-secret', {}), 404, 'not_found');
    expectProblem(await api(ws.apiKey, 'POST', '/api/v1/executor/rotate-secret', { graceHours: 500 }), 400, 'invalid_request');
  });
});

const HOUR = 3_600_000;

/** An action offered to the executor and answered 202 (an inbox reply's action: no enrollment). */
async function waitingAction(ws: TestWorkspace): Promise<string> {
  const id = randomUUID();
  await fixtureSql(
    `INSERT INTO run_actions (id, workspace_id, type, sender_account_id, payload, status, not_before) VALUES ($1, $2, 'message', $3, '{"data":{}}', 'waiting_result', now())`,
    [id, ws.workspaceId, ws.accounts.linkedinPremium],
  );
  return id;
}

describe('POST /api/v1/actions/{actionId}/result', () => {
  it('records the result once: the same result again is 200 and changes nothing', async () => {
    const ws = await newWorkspace();
    const id = await waitingAction(ws);
    const first = await api(ws.apiKey, 'POST', `/api/v1/actions/${id}/result`, { status: 'done', result: { messageId: 'x' } });
    expect(first.status).toBe(200);
    expect(actionResultAnswerSchema.parse(first.body)).toEqual({ actionId: id, status: 'done' });
    const again = await api(ws.apiKey, 'POST', `/api/v1/actions/${id}/result`, { status: 'done', result: { messageId: 'x' } });
    expect(again.body).toEqual(first.body);
    const late = await api(ws.apiKey, 'POST', `/api/v1/actions/${id}/result`, { status: 'failed', error: 'too late' });
    expect(late.body).toEqual({ actionId: id, status: 'done' });
    const [row] = await fixtureSql<{ result: unknown; error: string | null }>('SELECT result, error FROM run_actions WHERE id = $1', [id]);
    expect(row).toEqual({ result: { messageId: 'x' }, error: null });
  });

  it('rate_limited puts the action back and cools the sender down', async () => {
    const ws = await newWorkspace();
    const id = await waitingAction(ws);
    await fixtureSql('INSERT INTO sender_pacing (account_id, next_slot_at) VALUES ($1, now())', [ws.accounts.linkedinPremium]);
    const res = await api(ws.apiKey, 'POST', `/api/v1/actions/${id}/result`, { status: 'rate_limited', retryAfterSeconds: 3600 });
    expect(res.body).toEqual({ actionId: id, status: 'pending' });
    const [pacing] = await fixtureSql<{ later: boolean }>(
      `SELECT cooldown_until > now() + interval '50 minutes' AS later FROM sender_pacing WHERE account_id = $1`,
      [ws.accounts.linkedinPremium],
    );
    expect(pacing).toEqual({ later: true });
  });

  it('refuses bad results and unknown or foreign actions, changing nothing', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const id = await waitingAction(ws);
    for (const bad of [{ status: 'failed' }, { status: 'rate_limited' }, { status: 'done', result: [] }, { status: 'later' }, {}]) {
      expectProblem(await api(ws.apiKey, 'POST', `/api/v1/actions/${id}/result`, bad), 400, 'invalid_request');
    }
    expectProblem(await api(ws.apiKey, 'POST', `/api/v1/actions/not-a-uuid/result`, { status: 'done' }), 400, 'invalid_request');
    expectProblem(await api(ws.apiKey, 'POST', `/api/v1/actions/${randomUUID()}/result`, { status: 'done' }), 404, 'not_found');
    expectProblem(await api(other.apiKey, 'POST', `/api/v1/actions/${id}/result`, { status: 'done' }), 404, 'not_found');
    const [row] = await fixtureSql<{ status: string }>('SELECT status FROM run_actions WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'waiting_result' });
  });
});

describe('POST /api/v1/executor/events', () => {
  it('message_received lands in the inbox once (idempotent on externalMessageId), not marked sandbox', async () => {
    const ws = await newWorkspace();
    const event = {
      type: 'message_received',
      accountId: ws.accounts.linkedinPremium,
      profileUrl: 'https://network.example/in/ada',
      at: '2026-03-02T10:00:00Z',
      text: 'Happy to talk',
      externalMessageId: 'm-1',
      externalConversationId: 'c-1',
    };
    const first = await api(ws.apiKey, 'POST', '/api/v1/executor/events', event);
    expect(first.status).toBe(202);
    const answer = executorEventAnswerSchema.parse(first.body);
    expect(answer.moved).toBe(0);
    const again = await api(ws.apiKey, 'POST', '/api/v1/executor/events', event);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    const thread = await api(ws.apiKey, 'GET', `/api/messaging/conversations/${answer.conversationId}/messages`);
    expect(thread.body.items).toEqual([
      expect.objectContaining({ id: answer.messageId, direction: 'inbound', text: 'Happy to talk', sandbox: false }),
    ]);
  });

  it('message_received without externalMessageId is taken, the same message again changing nothing (contract 10.2)', async () => {
    const ws = await newWorkspace();
    const event = {
      type: 'message_received',
      accountId: ws.accounts.linkedinPremium,
      profileUrl: 'https://network.example/in/bo',
      at: '2026-03-02T10:00:00Z',
      text: 'Sounds good',
    };
    const first = await api(ws.apiKey, 'POST', '/api/v1/executor/events', event);
    expect(first.status).toBe(202);
    const again = await api(ws.apiKey, 'POST', '/api/v1/executor/events', { ...event, accountId: event.accountId.toUpperCase() });
    expect(again.body).toEqual(first.body);
    const other = await api(ws.apiKey, 'POST', '/api/v1/executor/events', { ...event, text: 'Sounds good!' });
    expect(other.body.messageId).not.toBe(first.body.messageId);
    const later = await api(ws.apiKey, 'POST', '/api/v1/executor/events', { ...event, at: '2026-03-02T10:00:01Z' });
    expect(later.body.messageId).not.toBe(first.body.messageId);
    const thread = await api(ws.apiKey, 'GET', `/api/messaging/conversations/${first.body.conversationId}/messages`);
    // Three messages: two at the same instant (their order is by id), one a second later.
    expect(thread.body.items.map((m: { text: string }) => m.text).sort()).toEqual(['Sounds good', 'Sounds good', 'Sounds good!']);
  });

  it('refuses bad events with problem+json and stores nothing', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const countMessages = async () =>
      (await fixtureSql<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE workspace_id = $1', [ws.workspaceId]))[0]!.n;
    const before = await countMessages();
    const base = {
      type: 'invitation_accepted',
      accountId: ws.accounts.linkedinPremium,
      profileUrl: 'https://network.example/in/x',
      at: '2026-03-02T10:00:00Z',
    };
    for (const bad of [
      { ...base, type: 'message_received', externalMessageId: 'm' },
      { ...base, type: 'waved' },
      { ...base, profileUrl: 'not a url' },
      { ...base, at: 'yesterday' },
      { ...base, accountId: 'nope' },
      { ...base, extra: true },
    ]) {
      expectProblem(await api(ws.apiKey, 'POST', '/api/v1/executor/events', bad), 400, 'invalid_request');
    }
    const foreign = { ...base, type: 'message_received', text: 'hi', externalMessageId: 'm-2', accountId: other.accounts.linkedinPremium };
    expectProblem(await api(ws.apiKey, 'POST', '/api/v1/executor/events', foreign), 404, 'not_found');
    expect(await countMessages()).toBe(before);
  });
});
