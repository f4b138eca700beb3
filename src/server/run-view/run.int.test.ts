import { afterAll, describe, expect, it } from 'vitest';
import { campaignRunSchema, type CampaignRun } from '../../domain/contract/runs';
import { DEFAULT_DAILY_LIMITS, MAX_DAILY_LIMIT } from '../../domain/contract/schedule';
import { DEFAULT_WEEKLY_LIMITS } from '../../domain/contract/accounts';
import { prospectPageSchema } from '../../domain/contract/prospects';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { api, callTool, fixtureSql, newWorkspace, testEnv, type TestWorkspace } from '../testing/fixtures';
import { createDraft } from '../testing/campaigns';
import { eventData, openChangesStream } from '../testing/change-stream';
import { RUN_MOVED_CHANNEL } from '../runs/progress-notice';

/**
 * Contract 9.5 over real HTTP: GET /api/v1/campaigns/{id}/run, its tool twin get-campaign-run, and
 * `run.progress` on the changes stream. The run engine's moves are written here with fixture SQL
 * (enrollment rows, timeline rows, today's sender counters and the engine's notice), exactly as the
 * engine's transactions write them.
 */

const MISSING = '00000000-0000-4000-8000-000000000000';

async function enrolled(ws: TestWorkspace, campaignId: string, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ profileUrl: `https://www.linkedin.com/in/run-${campaignId}-${i}` }));
  expect((await api(ws.apiKey, 'POST', '/api/v1/prospects/import', { prospects: rows })).status).toBe(200);
  const page = prospectPageSchema.parse((await api(ws.apiKey, 'GET', `/api/v1/prospects?limit=250&search=run-${campaignId}`)).body);
  const ids = page.items.map((p) => p.prospectId);
  expect((await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { prospectIds: ids })).status).toBe(200);
  const rowsOut = await fixtureSql<{ id: string }>('SELECT id FROM enrollments WHERE campaign_id = $1 ORDER BY id', [campaignId]);
  return rowsOut.map((r) => r.id);
}

const runOf = async (ws: TestWorkspace, campaignId: string): Promise<CampaignRun> => {
  const res = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaignId}/run`);
  expect(res.status).toBe(200);
  return campaignRunSchema.parse(res.body);
};

/** The engine's moves for the fixture: 3 active at the invitation (one of them after a failed try), 2 finished through `accepted`, 1 stopped. */
async function moveRun(campaignId: string, ids: string[]) {
  await fixtureSql("UPDATE campaigns SET status = 'active', launched_version = graph_version WHERE id = $1", [campaignId]);
  await fixtureSql(
    "UPDATE enrollments SET status = 'active', current_node_id = 'invite', phase = 'wait', waiting_reason = 'waiting_for_acceptance' WHERE id = ANY($1::uuid[])",
    [ids.slice(0, 3)],
  );
  await fixtureSql(
    "UPDATE enrollments SET status = 'finished', outcome = 'finished', current_node_id = NULL, finished_at = now() WHERE id = ANY($1::uuid[])",
    [ids.slice(3, 5)],
  );
  await fixtureSql("UPDATE enrollments SET status = 'stopped', outcome = 'stopped' WHERE id = $1", [ids[5]]);
  for (const id of ids.slice(0, 5)) {
    await fixtureSql("INSERT INTO enrollment_steps (enrollment_id, node_id, type, status) VALUES ($1, 'start', 'start', 'done')", [id]);
  }
  await fixtureSql(
    "INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, error) VALUES ($1, 'invite', 'connection_request', 'failed', 'rate_limited')",
    [ids[0]],
  );
  for (const id of ids.slice(3, 5)) {
    await fixtureSql(
      "INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, handle) VALUES ($1, 'invite', 'connection_request', 'done', 'accepted'), ($1, 'end', 'end', 'done', NULL)",
      [id],
    );
  }
}

describe('GET /api/v1/campaigns/{campaignId}/run', async () => {
  const ws = await newWorkspace();

  it('a draft with enrolled prospects: all waiting, no step entered, the senders’ full limits, a forecast finish', async () => {
    const campaign = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinPremium], workflow_definition: connectionOnlyGraph() });
    await enrolled(ws, campaign.campaignId, 4);
    const run = await runOf(ws, campaign.campaignId);
    expect(run.status).toBe('draft');
    expect(run.enrollments).toEqual({ total: 4, waiting: 4, active: 0, finished: 0, replied: 0, stopped: 0, failed: 0 });
    expect(run.steps).toEqual([]);
    const limits = Object.fromEntries(Object.entries(DEFAULT_DAILY_LIMITS).map(([kind, limit]) => [kind, { used: 0, limit }]));
    expect(run.senders).toEqual([
      {
        accountId: ws.accounts.linkedinPremium,
        today: limits,
        week: { connection_request: { used: 0, limit: DEFAULT_WEEKLY_LIMITS.connection_request } },
      },
    ]);
    expect(run.forecast.finishBy).not.toBeNull();
    expect(run.forecast.workingDaysLeft).toBeGreaterThanOrEqual(1);
  });

  it('a sender’s gauges count its own day and, warming up, show today’s ceiling (contract 10.2)', async () => {
    const own = await newWorkspace();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const patched = await api(own.apiKey, 'PATCH', `/api/messaging/accounts/${own.accounts.linkedinPremium}`, {
      timeZone: 'Pacific/Kiritimati',
      warmUp: { startDaily: 3, addPerDay: 2, startedOn: yesterday },
    });
    expect(patched.status).toBe(200);
    // Today in Kiritimati (UTC+14) is yesterday + 1 or + 2 days.
    const kiritimatiToday = await fixtureSql<{ day: string }>(
      "SELECT to_char((now() AT TIME ZONE 'Pacific/Kiritimati')::date, 'YYYY-MM-DD') AS day",
    );
    await fixtureSql("INSERT INTO sender_quota (account_id, kind, day, used) VALUES ($1, 'connection_request', $2::date, 4)", [
      own.accounts.linkedinPremium,
      kiritimatiToday[0]!.day,
    ]);
    const campaign = await createDraft(own, {
      senderAccountIds: [own.accounts.linkedinPremium],
      workflow_definition: connectionOnlyGraph(),
    });
    const run = await runOf(own, campaign.campaignId);
    const days = Math.round((Date.parse(kiritimatiToday[0]!.day) - Date.parse(yesterday)) / 86_400_000);
    expect(run.senders[0].today.connection_request).toEqual({
      used: 4,
      limit: Math.min(DEFAULT_DAILY_LIMITS.connection_request, 3 + 2 * days),
    });
  });

  it('a sender’s gauges count its rolling week from the counters: today and the 6 days before, kinds with a weekly limit (contract 10.2)', async () => {
    const own = await newWorkspace();
    const sender = own.accounts.linkedinPremium;
    const patched = await api(own.apiKey, 'PATCH', `/api/messaging/accounts/${sender}`, { weeklyLimits: { message: 40 } });
    expect(patched.status).toBe(200);
    const [{ day }] = await fixtureSql<{ day: string }>("SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day");
    // Today 4, 6 days ago 3 (in the week), 7 days ago 50 (out of it); messages 2 yesterday.
    for (const [kind, back, used] of [
      ['connection_request', 0, 4],
      ['connection_request', 6, 3],
      ['connection_request', 7, 50],
      ['message', 1, 2],
    ] as const)
      await fixtureSql('INSERT INTO sender_quota (account_id, kind, day, used) VALUES ($1, $2, $3::date - $4::int, $5)', [
        sender,
        kind,
        day,
        back,
        used,
      ]);
    const campaign = await createDraft(own, { senderAccountIds: [sender], workflow_definition: connectionOnlyGraph() });
    const run = await runOf(own, campaign.campaignId);
    expect(run.senders[0].today.connection_request.used).toBe(4);
    expect(run.senders[0].week).toEqual({
      connection_request: { used: 7, limit: DEFAULT_WEEKLY_LIMITS.connection_request },
      message: { used: 2, limit: 40 },
    });
  });

  it('the run’s forecast keeps to the sender’s weekly limit: 12 invitations at 5 a week end two weeks later (contract 10.2)', async () => {
    const own = await newWorkspace();
    const sender = own.accounts.linkedinPremium;
    const campaign = await createDraft(own, { senderAccountIds: [sender], workflow_definition: connectionOnlyGraph() });
    await enrolled(own, campaign.campaignId, 12);
    const free = await runOf(own, campaign.campaignId);
    const capped = await api(own.apiKey, 'PATCH', `/api/messaging/accounts/${sender}`, { weeklyLimits: { connection_request: 5 } });
    expect(capped.status).toBe(200);
    const held = await runOf(own, campaign.campaignId);
    expect(held.forecast.finishBy).not.toBeNull();
    expect(Date.parse(held.forecast.finishBy!) - Date.parse(free.forecast.finishBy!)).toBeGreaterThanOrEqual(13 * 86_400_000);
  });

  it('a sender whose stored daily limit is above what PATCH accepts still gets its run (200, its limit shown)', async () => {
    const own = await newWorkspace();
    const above = MAX_DAILY_LIMIT + 1;
    await fixtureSql('UPDATE accounts SET daily_limits = daily_limits || $2::jsonb WHERE id = $1', [
      own.accounts.linkedinPremium,
      JSON.stringify({ connection_request: above, profile_visit: 2_000_000_000 }),
    ]);
    const campaign = await createDraft(own, {
      senderAccountIds: [own.accounts.linkedinPremium],
      workflow_definition: connectionOnlyGraph(),
    });
    await enrolled(own, campaign.campaignId, 2);
    const run = await runOf(own, campaign.campaignId);
    expect(run.senders[0].today.connection_request).toEqual({ used: 0, limit: above });
    expect(run.forecast.finishBy).not.toBeNull();
  });

  it('counts the run per status and per step and output, and the sender’s actions of today; the tool answers the same body', async () => {
    const campaign = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinFree], workflow_definition: connectionOnlyGraph() });
    const ids = await enrolled(ws, campaign.campaignId, 7);
    await moveRun(campaign.campaignId, ids);
    await fixtureSql(
      "INSERT INTO sender_quota (account_id, kind, day, used) VALUES ($1, 'connection_request', (now() AT TIME ZONE 'UTC')::date, 5), ($1, 'message', (now() AT TIME ZONE 'UTC')::date - 1, 9)",
      [ws.accounts.linkedinFree],
    );
    const run = await runOf(ws, campaign.campaignId);
    expect(run.status).toBe('active');
    expect(run.enrollments).toEqual({ total: 7, waiting: 1, active: 3, finished: 2, replied: 0, stopped: 1, failed: 0 });
    expect(run.steps).toEqual([
      { nodeId: 'end', entered: 2, waiting: 0, waitingReasons: {}, done: 2, failed: 0, handles: {} },
      {
        nodeId: 'invite',
        entered: 3,
        waiting: 3,
        waitingReasons: { waiting_for_acceptance: 3 },
        done: 2,
        failed: 1,
        handles: { accepted: 2 },
      },
      { nodeId: 'start', entered: 5, waiting: 0, waitingReasons: {}, done: 5, failed: 0, handles: {} },
    ]);
    // Contract 10.2: the same reasons, one by one, and filtered.
    const listed = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments?waitingReason=waiting_for_acceptance`);
    expect(listed.body.items.map((e: { waitingReason: string }) => e.waitingReason)).toEqual(Array(3).fill('waiting_for_acceptance'));
    const none = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments?waitingReason=daily_limit`);
    expect(none.body.items).toEqual([]);
    const bad = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments?waitingReason=coffee_break`);
    expect(bad.status).toBe(400);
    const viaTool = await callTool(ws.apiKey, 'list-enrollments', {
      campaignId: campaign.campaignId,
      waitingReason: 'waiting_for_acceptance',
    });
    expect(viaTool.structured.items).toHaveLength(3);
    // Yesterday's messages do not count today.
    expect(run.senders[0].today.connection_request).toEqual({ used: 5, limit: DEFAULT_DAILY_LIMITS.connection_request });
    expect(run.senders[0].today.message).toEqual({ used: 0, limit: DEFAULT_DAILY_LIMITS.message });
    expect(run.forecast.finishBy).not.toBeNull();

    const tool = await callTool(ws.apiKey, 'get-campaign-run', { campaignId: campaign.campaignId });
    expect(tool.isError).toBe(false);
    expect({ ...campaignRunSchema.parse(tool.structured), forecast: null }).toEqual({ ...run, forecast: null });
  });

  it('a sender’s `used` counts the actions started today, not the slots reserved for scheduled ones', async () => {
    const other = await newWorkspace();
    const campaign = await createDraft(other, {
      senderAccountIds: [other.accounts.linkedinFree],
      workflow_definition: connectionOnlyGraph(),
    });
    await fixtureSql(
      "INSERT INTO sender_quota (account_id, kind, day, used) VALUES ($1, 'connection_request', (now() AT TIME ZONE 'UTC')::date, 20)",
      [other.accounts.linkedinFree],
    );
    // 16 of the 20 slots are held by actions still scheduled, 4 went out (done, waiting for a result, offered, failed).
    const statuses = [...Array<string>(16).fill('scheduled'), 'done', 'waiting_result', 'offered', 'failed', 'cancelled'];
    await fixtureSql(
      `INSERT INTO run_actions (id, workspace_id, campaign_id, type, sender_account_id, limit_kind, quota_day, payload, status, not_before)
       SELECT gen_random_uuid(), $1, $2, 'connection_request', $3, 'connection_request', (now() AT TIME ZONE 'UTC')::date, '{}', s, now()
       FROM unnest($4::text[]) AS s`,
      [other.workspaceId, campaign.campaignId, other.accounts.linkedinFree, statuses],
    );
    const run = await runOf(other, campaign.campaignId);
    expect(run.senders[0].today.connection_request).toEqual({ used: 4, limit: DEFAULT_DAILY_LIMITS.connection_request });
  });

  it('an unknown or foreign campaign is 404 not_found (tool: the same code); a bad id is 400', async () => {
    const other = await newWorkspace();
    const foreign = await createDraft(other);
    for (const id of [MISSING, foreign.campaignId]) {
      const res = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${id}/run`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      const tool = await callTool(ws.apiKey, 'get-campaign-run', { campaignId: id });
      expect(tool.isError).toBe(true);
      expect(tool.structured.error.code).toBe('not_found');
      expect(tool.structured.error.hint).toBeTruthy();
    }
    expect((await api(ws.apiKey, 'GET', '/api/v1/campaigns/not-a-uuid/run')).status).toBe(400);
  });
});

/** Reads `run.progress` events of one changes stream. */
async function openRunProgress(apiKey: string, campaignId: string) {
  const stream = await openChangesStream(testEnv().baseUrl, apiKey, campaignId);
  return {
    get events(): CampaignRun[] {
      return eventData<unknown>(stream, 'run.progress').map((data) => campaignRunSchema.parse(data));
    },
    until: stream.until,
    close: stream.close,
  };
}

describe('run.progress on the changes stream', async () => {
  const ws = await newWorkspace();
  const streams: { close(): void }[] = [];
  afterAll(() => streams.forEach((s) => s.close()));

  it('the engine’s notice brings the run body; later moves come as new bodies', async () => {
    const campaign = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinPremium], workflow_definition: connectionOnlyGraph() });
    const ids = await enrolled(ws, campaign.campaignId, 7);
    const stream = await openRunProgress(ws.apiKey, campaign.campaignId);
    streams.push(stream);
    await moveRun(campaign.campaignId, ids);
    await fixtureSql('SELECT pg_notify($1, $2)', [RUN_MOVED_CHANNEL, campaign.campaignId]);
    await stream.until(() => stream.events.length >= 1, 'no run.progress');
    expect(stream.events[0].enrollments).toMatchObject({ total: 7, active: 3, finished: 2, stopped: 1 });
    expect(stream.events[0]).toEqual(await runOf(ws, campaign.campaignId));

    // One more prospect fails; its notice is all the stream needs to send the new counts.
    await fixtureSql("UPDATE enrollments SET status = 'failed', outcome = 'failed', current_node_id = NULL WHERE id = $1", [ids[6]]);
    await fixtureSql('SELECT pg_notify($1, $2)', [RUN_MOVED_CHANNEL, campaign.campaignId]);
    await stream.until(() => stream.events.some((e) => e.enrollments.failed === 1), 'the failure never arrived');
    const [first, second] = [stream.events[0], stream.events.find((e) => e.enrollments.failed === 1)!];
    expect(second.enrollments).toEqual({ ...first.enrollments, failed: 1, waiting: first.enrollments.waiting - 1 });
  });
});
