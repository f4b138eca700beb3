import { describe, expect, it } from 'vitest';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { accountSchema } from '../../domain/contract/conversations';
import { enrollmentPageSchema, enrollmentSchema, enrollResultSchema, timelineSchema } from '../../domain/contract/enrollments';
import { prospectDetailSchema, prospectPageSchema } from '../../domain/contract/prospects';
import { DEFAULT_DAILY_LIMITS, DEFAULT_SCHEDULE } from '../../domain/contract/schedule';
import { connectionOnlyGraph, scoredFollowUpGraph } from '../../domain/testing/fixtures';
import { api, callTool, fixtureSql, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { createDraft, ok, saveGraph } from '../testing/campaigns';
import { startReceiver } from '../testing/webhooks';

/** Contract 9.2 and 9.3 over real HTTP: enrol, list, timeline, the one-campaign rule, schedule and daily limits. */

const MISSING = '00000000-0000-4000-8000-000000000000';

async function prospects(ws: TestWorkspace, n: number, tag = 'p'): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ profileUrl: `https://www.linkedin.com/in/${tag}-${i}`, name: `${tag} ${i}` }));
  expect((await api(ws.apiKey, 'POST', '/api/v1/prospects/import', { prospects: rows })).status).toBe(200);
  const page = prospectPageSchema.parse((await api(ws.apiKey, 'GET', `/api/v1/prospects?limit=250&search=${tag}-`)).body);
  return page.items.map((p) => p.prospectId);
}
const enrol = (ws: TestWorkspace, campaignId: string, body: Record<string, unknown>) =>
  api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, body);
const enrollments = async (ws: TestWorkspace, campaignId: string, query = '') => {
  const res = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaignId}/enrollments?limit=250${query}`);
  expect(res.status).toBe(200);
  return enrollmentPageSchema.parse(res.body);
};
const setStatus = (campaignId: string, status: string) =>
  fixtureSql('UPDATE campaigns SET status = $2 WHERE id = $1', [campaignId, status]);

describe('POST /api/v1/campaigns/{id}/enrollments', () => {
  it('enrols waiting prospects with the least-loaded sender of the right channel, counts repeats, excludes unknown ids', async () => {
    const ws = await newWorkspace();
    const campaign = await createDraft(ws, {
      senderAccountIds: [ws.accounts.linkedinPremium, ws.accounts.linkedinFree, ws.accounts.whatsapp],
      workflow_definition: connectionOnlyGraph(),
    });
    const ids = await prospects(ws, 6);
    const first = await enrol(ws, campaign.campaignId, { prospectIds: [...ids.slice(0, 4), ids[0], MISSING] });
    expect(first.status).toBe(200);
    expect(enrollResultSchema.parse(first.body)).toEqual({
      enrolled: 4,
      alreadyEnrolled: 0,
      excluded: [{ prospectId: MISSING, reason: 'not_found' }],
    });
    const again = enrollResultSchema.parse((await enrol(ws, campaign.campaignId, { prospectIds: ids })).body);
    expect(again).toEqual({ enrolled: 2, alreadyEnrolled: 4, excluded: [] });

    const page = await enrollments(ws, campaign.campaignId);
    expect(page.items).toHaveLength(6);
    for (const e of page.items) {
      expect(e).toMatchObject({ status: 'waiting', outcome: null, currentNodeId: null, nextStepAt: null, finishedAt: null, error: null });
      expect(e.prospect.profileUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\/p-\d$/);
    }
    // Only the LinkedIn senders (the graph sends a connection request), three each.
    const perSender = page.items.reduce<Record<string, number>>(
      (acc, e) => ({ ...acc, [e.senderAccountId!]: (acc[e.senderAccountId!] ?? 0) + 1 }),
      {},
    );
    expect(perSender).toEqual({ [ws.accounts.linkedinPremium]: 3, [ws.accounts.linkedinFree]: 3 });

    // The prospect's detail names its campaign.
    const detail = prospectDetailSchema.parse((await api(ws.apiKey, 'GET', `/api/v1/prospects/${ids[0]}`)).body);
    expect(detail.campaigns).toEqual([
      expect.objectContaining({ campaignId: campaign.campaignId, name: campaign.name, status: 'waiting' }),
    ]);
    // The prospects list filters by campaign and by enrollment status.
    const inCampaign = prospectPageSchema.parse((await api(ws.apiKey, 'GET', `/api/v1/prospects?campaignId=${campaign.campaignId}`)).body);
    expect(inCampaign.items).toHaveLength(6);
    const active = prospectPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/prospects?enrollmentStatus=active')).body);
    expect(active.items).toHaveLength(0);
  });

  it('keeps a prospect in one unfinished campaign at a time unless allowInOtherCampaigns', async () => {
    const ws = await newWorkspace();
    const [a, b, c] = [await createDraft(ws), await createDraft(ws), await createDraft(ws)];
    const [p1, p2] = await prospects(ws, 2);
    expect(enrollResultSchema.parse((await enrol(ws, a.campaignId, { prospectIds: [p1] })).body).enrolled).toBe(1);
    const refused = enrollResultSchema.parse((await enrol(ws, b.campaignId, { prospectIds: [p1, p2] })).body);
    expect(refused).toEqual({ enrolled: 1, alreadyEnrolled: 0, excluded: [{ prospectId: p1, reason: 'in_another_campaign' }] });
    const allowed = enrollResultSchema.parse((await enrol(ws, b.campaignId, { prospectIds: [p1], allowInOtherCampaigns: true })).body);
    expect(allowed.enrolled).toBe(1);
    // Once their other campaigns are completed, the rule no longer holds them back.
    await setStatus(a.campaignId, 'completed');
    await setStatus(b.campaignId, 'completed');
    expect(enrollResultSchema.parse((await enrol(ws, c.campaignId, { prospectIds: [p1, p2] })).body).enrolled).toBe(2);
  });

  it('refuses a completed campaign (409 campaign_completed), unknown and foreign campaigns (404), bad bodies (400)', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const campaign = await createDraft(ws);
    const [p] = await prospects(ws, 1);
    expect((await enrol(other, campaign.campaignId, { prospectIds: [p] })).status).toBe(404);
    expect((await enrol(ws, MISSING, { prospectIds: [p] })).status).toBe(404);
    expect((await enrol(ws, campaign.campaignId, { prospectIds: [] })).status).toBe(400);
    expect((await enrol(ws, campaign.campaignId, { prospectIds: ['x'] })).status).toBe(400);
    expect((await enrol(ws, 'nope', { prospectIds: [p] })).status).toBe(400);
    await setStatus(campaign.campaignId, 'completed');
    const completed = await enrol(ws, campaign.campaignId, { prospectIds: [p] });
    expect(completed.status).toBe(409);
    expect(completed.body.code).toBe('campaign_completed');
    const tool = await callTool(ws.apiKey, 'enroll-prospects', { campaignId: campaign.campaignId, prospectIds: [p] });
    expect(tool.isError).toBe(true);
    expect(tool.structured.error.code).toBe('campaign_completed');
    expect(tool.structured.error.hint).toBeTruthy();
  });

  it('an active campaign takes enrollments due at once; a prospect still enrolled cannot be deleted (contract 10.3)', async () => {
    const ws = await newWorkspace();
    const campaign = await createDraft(ws);
    await setStatus(campaign.campaignId, 'active');
    const [p] = await prospects(ws, 1);
    await enrol(ws, campaign.campaignId, { prospectIds: [p] });
    const [entry] = (await enrollments(ws, campaign.campaignId)).items;
    expect(entry!.nextStepAt).not.toBeNull();
    const refused = await api(ws.apiKey, 'DELETE', `/api/v1/prospects/${p}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'prospect_enrolled', campaignIds: [campaign.campaignId] });
    expect(refused.body.detail).toContain(`“${campaign.name}”`);
    expect((await enrollments(ws, campaign.campaignId)).items).toHaveLength(1);
    // Once the campaign is done with them, they go with their enrollments and timelines; their conversation stays.
    const profileUrl = entry!.prospect.profileUrl;
    await fixtureSql(
      `INSERT INTO conversations (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_profile_url,
         last_message_text, last_message_direction, last_message_at) VALUES ($1, $2, 'professional_network', 'kept', 'Kept', $3, 'Hi', 'inbound', now())`,
      [ws.workspaceId, ws.accounts.linkedinFree, profileUrl],
    );
    await fixtureSql(`INSERT INTO enrollment_steps (enrollment_id, node_id, type, status) VALUES ($1, 'start', 'start', 'done')`, [
      entry!.enrollmentId,
    ]);
    expect((await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/stop`)).status).toBe(200);
    expect((await api(ws.apiKey, 'DELETE', `/api/v1/prospects/${p}`)).status).toBe(204);
    expect((await enrollments(ws, campaign.campaignId)).items).toEqual([]);
    expect(await fixtureSql('SELECT 1 FROM enrollment_steps WHERE enrollment_id = $1', [entry!.enrollmentId])).toEqual([]);
    expect(await fixtureSql('SELECT contact_profile_url FROM conversations WHERE workspace_id = $1', [ws.workspaceId])).toEqual([
      { contact_profile_url: profileUrl },
    ]);
  });
});

describe('prospect.enrolled (contract 9.5)', () => {
  const enrolledEvents = async (ws: TestWorkspace) =>
    (await fixtureSql<{ body: string }>("SELECT body FROM events WHERE workspace_id = $1 AND type = 'prospect.enrolled'", [ws.workspaceId]))
      .map((r) => enrollmentSchema.parse((JSON.parse(r.body) as { data: unknown }).data))
      .sort((a, b) => a.prospectId.localeCompare(b.prospectId));

  it('one event per new enrollment, its body the enrollment as listed, delivered to a subscribed endpoint', async () => {
    const ws = await newWorkspace();
    const receiver = await startReceiver(200);
    try {
      const endpoint = await api(ws.apiKey, 'POST', '/api/v1/webhook-endpoints', { url: receiver.url, eventTypes: ['prospect.enrolled'] });
      expect(endpoint.status).toBe(201);
      const campaign = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinFree], workflow_definition: connectionOnlyGraph() });
      const ids = await prospects(ws, 3, 'ev');
      await enrol(ws, campaign.campaignId, { prospectIds: ids.slice(0, 2) });
      // The second call enrols one more; the two already there emit nothing again.
      expect(enrollResultSchema.parse((await enrol(ws, campaign.campaignId, { prospectIds: ids })).body).enrolled).toBe(1);
      const listed = (await enrollments(ws, campaign.campaignId)).items.sort((a, b) => a.prospectId.localeCompare(b.prospectId));
      expect(await enrolledEvents(ws)).toEqual(listed);
      const received = await receiver.waitFor(3);
      const delivered = received.map((r) => JSON.parse(r.body) as { type: string; data: { prospectId: string } });
      expect(delivered.map((d) => d.type)).toEqual(['prospect.enrolled', 'prospect.enrolled', 'prospect.enrolled']);
      expect(delivered.map((d) => d.data.prospectId).sort()).toEqual([...ids].sort());
    } finally {
      await receiver.close();
    }
  });

  it('a refused or empty enrollment writes no event', async () => {
    const ws = await newWorkspace();
    const campaign = await createDraft(ws);
    const [p] = await prospects(ws, 1, 'none');
    expect((await enrol(ws, campaign.campaignId, { prospectIds: [MISSING] })).status).toBe(200);
    await setStatus(campaign.campaignId, 'completed');
    expect((await enrol(ws, campaign.campaignId, { prospectIds: [p] })).status).toBe(409);
    expect(await enrolledEvents(ws)).toEqual([]);
  });
});

describe('simulate-campaign with the audience', () => {
  it('without a sample prospect, fills placeholders from the first enrolled prospect (customFields, then top-level fields)', async () => {
    const ws = await newWorkspace();
    const saved = await saveGraph(ws, await createDraft(ws), scoredFollowUpGraph());
    const followUp = async () =>
      (await ok<any>(ws.apiKey, 'simulate-campaign', { campaignId: saved.campaignId })).paths
        .flatMap((p: any) => p.steps)
        .find((s: any) => s.nodeId === 'follow_up');
    expect((await followUp()).unfilledPlaceholders).toEqual(['firstName']);
    await api(ws.apiKey, 'POST', '/api/v1/prospects/import', {
      prospects: [{ profileUrl: 'https://www.linkedin.com/in/grace', name: 'Grace Hopper', customFields: { firstName: 'Grace' } }],
    });
    const [grace] = prospectPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/prospects')).body).items;
    await enrol(ws, saved.campaignId, { prospectIds: [grace!.prospectId] });
    expect(await followUp()).toMatchObject({ rendered: 'Any thoughts, Grace?', unfilledPlaceholders: [] });
  });
});

describe('GET enrollments and timelines', () => {
  it('filters by status and step, pages with cursors, answers the same through list-enrollments', async () => {
    const ws = await newWorkspace();
    const campaign = await createDraft(ws);
    const ids = await prospects(ws, 5);
    await enrol(ws, campaign.campaignId, { prospectIds: ids });
    const all = (await enrollments(ws, campaign.campaignId)).items;
    await fixtureSql("UPDATE enrollments SET status = 'active', current_node_id = 'connection_request' WHERE id = ANY($1::uuid[])", [
      all.slice(0, 2).map((e) => e.enrollmentId),
    ]);
    expect((await enrollments(ws, campaign.campaignId, '&status=active')).items).toHaveLength(2);
    expect((await enrollments(ws, campaign.campaignId, '&status=waiting')).items).toHaveLength(3);
    expect((await enrollments(ws, campaign.campaignId, '&nodeId=connection_request')).items).toHaveLength(2);
    expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments?status=nope`)).status).toBe(400);
    // The run view's search: by the prospect's name (case aside) or profile, with the other filters; a cursor keeps it.
    expect((await enrollments(ws, campaign.campaignId, '&search=P%203')).items.map((e) => e.prospect.name)).toEqual(['p 3']);
    expect((await enrollments(ws, campaign.campaignId, '&search=in%2Fp-1')).items.map((e) => e.prospect.name)).toEqual(['p 1']);
    expect((await enrollments(ws, campaign.campaignId, '&search=p&status=active')).items).toHaveLength(2);
    expect((await enrollments(ws, campaign.campaignId, '&search=nobody')).items).toEqual([]);
    expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments?search=${'x'.repeat(501)}`)).status).toBe(
      400,
    );
    const firstOfSearch = enrollmentPageSchema.parse(
      (await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaign.campaignId}/enrollments?limit=1&search=p`)).body,
    );
    const otherFilter = await api(
      ws.apiKey,
      'GET',
      `/api/v1/campaigns/${campaign.campaignId}/enrollments?limit=1&search=q&cursor=${encodeURIComponent(firstOfSearch.nextCursor!)}`,
    );
    expect(otherFilter.status).toBe(400);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = enrollmentPageSchema.parse(
        (
          await api(
            ws.apiKey,
            'GET',
            `/api/v1/campaigns/${campaign.campaignId}/enrollments?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          )
        ).body,
      );
      seen.push(...page.items.map((e) => e.enrollmentId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.enrollmentId));

    const viaTool = await ok<{ items: unknown[] }>(ws.apiKey, 'list-enrollments', { campaignId: campaign.campaignId, status: 'active' });
    expect(viaTool.items).toEqual((await enrollments(ws, campaign.campaignId, '&status=active')).items);
  });

  it('a timeline lists what the engine recorded, in order; empty before; 404 for unknown or foreign enrollments', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const campaign = await createDraft(ws);
    const [p] = await prospects(ws, 1);
    await enrol(ws, campaign.campaignId, { prospectIds: [p] });
    const [entry] = (await enrollments(ws, campaign.campaignId)).items;
    const path = `/api/v1/enrollments/${entry!.enrollmentId}/timeline`;
    expect(timelineSchema.parse((await api(ws.apiKey, 'GET', path)).body)).toEqual({ items: [] });
    await fixtureSql(
      `INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, scheduled_for, started_at, finished_at, handle, action_id, rendered)
       VALUES ($1, 'start', 'start', 'done', NULL, '2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z', NULL, NULL, NULL),
              ($1, 'connection_request', 'connection_request', 'running', '2026-11-21T10:00:00.123Z', '2026-11-21T10:01:00Z', NULL, NULL,
               'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', '{"text": "Hi Ada"}')`,
      [entry!.enrollmentId],
    );
    const timeline = timelineSchema.parse((await api(ws.apiKey, 'GET', path)).body);
    expect(timeline.items.map((i) => [i.nodeId, i.status])).toEqual([
      ['start', 'done'],
      ['connection_request', 'running'],
    ]);
    expect(timeline.items[1]).toMatchObject({
      scheduledFor: '2026-11-21T10:00:00.123Z',
      actionId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
      rendered: { text: 'Hi Ada' },
      handle: null,
      error: null,
    });
    expect((await ok(ws.apiKey, 'get-enrollment-timeline', { enrollmentId: entry!.enrollmentId })) as unknown).toEqual(timeline);
    expect((await api(other.apiKey, 'GET', path)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', `/api/v1/enrollments/${MISSING}/timeline`)).status).toBe(404);
    expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${MISSING}/enrollments`)).status).toBe(404);
  });
});

describe('PUT /api/v1/campaigns/{id}/schedule and PATCH /api/messaging/accounts/{id}', () => {
  it('sets the sending window on drafts and paused campaigns, validates it, refuses live ones', async () => {
    const ws = await newWorkspace();
    const campaign = await createDraft(ws);
    expect(campaign.schedule).toEqual(DEFAULT_SCHEDULE);
    const put = (body: unknown) => api(ws.apiKey, 'PUT', `/api/v1/campaigns/${campaign.campaignId}/schedule`, body);
    const saved = await put({ timeZone: 'Europe/Paris', days: ['fri', 'mon'], start: '08:30', end: '18:00' });
    expect(saved.status).toBe(200);
    const record = campaignRecordSchema.parse(saved.body);
    expect(record.schedule).toEqual({
      timeZone: 'Europe/Paris',
      days: ['mon', 'fri'],
      start: '08:30',
      end: '18:00',
      useProspectTimeZone: true,
    });
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: campaign.campaignId })).schedule).toEqual(record.schedule);

    const paths = async (body: unknown) => {
      const res = await put(body);
      expect(res.status).toBe(400);
      return res.body.errors.map((e: { path: string }) => e.path);
    };
    expect(await paths({ timeZone: 'Mars/Olympus' })).toEqual(['timeZone']);
    expect(await paths({ start: '17:00', end: '09:00' })).toEqual(['end']);
    expect(await paths({ days: [] })).toEqual(['days']);
    expect(await paths({ start: '9am' })).toEqual(['start']);
    const bad = await callTool(ws.apiKey, 'update-campaign-schedule', { campaignId: campaign.campaignId, days: [] });
    expect(bad.structured.error.code).toBe('invalid_arguments');

    const viaTool = await ok(ws.apiKey, 'update-campaign-schedule', { campaignId: campaign.campaignId, useProspectTimeZone: false });
    expect(viaTool.schedule).toEqual({ ...DEFAULT_SCHEDULE, useProspectTimeZone: false });

    await setStatus(campaign.campaignId, 'paused');
    expect((await put({})).status).toBe(200);
    await setStatus(campaign.campaignId, 'active');
    const live = await put({});
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ code: 'campaign_not_draft', status: 409, campaignStatus: 'active' });
    expect((await api(ws.apiKey, 'PUT', `/api/v1/campaigns/${MISSING}/schedule`, {})).status).toBe(404);
  });

  it('changes a sender’s daily limits, kind by kind', async () => {
    const [ws, other] = [await newWorkspace(), await newWorkspace()];
    const listed = await api(ws.apiKey, 'GET', '/api/messaging/accounts');
    expect(accountSchema.parse(listed.body.items[0]).dailyLimits).toEqual(DEFAULT_DAILY_LIMITS);
    const path = `/api/messaging/accounts/${ws.accounts.linkedinFree}`;
    const res = await api(ws.apiKey, 'PATCH', path, { dailyLimits: { connection_request: 10, message: 0 } });
    expect(res.status).toBe(200);
    expect(accountSchema.parse(res.body).dailyLimits).toEqual({ ...DEFAULT_DAILY_LIMITS, connection_request: 10, message: 0 });
    expect((await api(ws.apiKey, 'PATCH', path, { dailyLimits: { message: -1 } })).status).toBe(400);
    expect((await api(ws.apiKey, 'PATCH', path, { dailyLimits: { email: 5 } })).status).toBe(400);
    expect((await api(ws.apiKey, 'PATCH', path, {})).status).toBe(400);
    expect((await api(other.apiKey, 'PATCH', path, { dailyLimits: { message: 1 } })).status).toBe(404);
  });
});
