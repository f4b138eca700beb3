import { describe, expect, it } from 'vitest';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { prospectPageSchema } from '../../domain/contract/prospects';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { createDraft } from '../testing/campaigns';
import { api, callTool, fixtureSql, newWorkspace, type TestWorkspace } from '../testing/fixtures';

/** Contract 9.3 over real HTTP: POST /api/v1/campaigns/{id}/pause|resume|stop. */

const MISSING = '00000000-0000-4000-8000-000000000000';

const post = (ws: TestWorkspace, campaignId: string, command: string) =>
  api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaignId}/${command}`);

async function launched(ws: TestWorkspace, prospects: number) {
  const campaign = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinPremium], workflow_definition: connectionOnlyGraph() });
  const tag = campaign.campaignId.slice(0, 8);
  const rows = Array.from({ length: prospects }, (_, i) => ({ profileUrl: `https://www.linkedin.com/in/steer-${tag}-${i}` }));
  expect((await api(ws.apiKey, 'POST', '/api/v1/prospects/import', { prospects: rows })).status).toBe(200);
  const page = prospectPageSchema.parse((await api(ws.apiKey, 'GET', `/api/v1/prospects?limit=250&search=steer-${tag}`)).body);
  const prospectIds = page.items.map((p) => p.prospectId);
  expect((await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds })).status).toBe(200);
  // The launch itself is launch-campaign's (tested there); here the campaign only needs to be running.
  await fixtureSql("UPDATE campaigns SET status = 'active', launched_version = graph_version WHERE id = $1", [campaign.campaignId]);
  return campaign.campaignId;
}

const eventTypes = async (campaignId: string) =>
  (
    await fixtureSql<{ type: string }>("SELECT type FROM events WHERE body::jsonb -> 'data' ->> 'campaignId' = $1 ORDER BY created_at", [
      campaignId,
    ])
  ).map((r) => r.type);

describe('pause, resume and stop a launched campaign', async () => {
  const ws = await newWorkspace();

  it('pause and resume move active ⇄ paused, answer the campaign, and asking again changes nothing', async () => {
    const campaignId = await launched(ws, 2);
    const paused = await post(ws, campaignId, 'pause');
    expect(paused.status).toBe(200);
    expect(campaignRecordSchema.parse(paused.body).status).toBe('paused');
    const again = await post(ws, campaignId, 'pause');
    expect(again.status).toBe(200);
    expect(campaignRecordSchema.parse(again.body)).toEqual(campaignRecordSchema.parse(paused.body));
    const resumed = await post(ws, campaignId, 'resume');
    expect(campaignRecordSchema.parse(resumed.body).status).toBe('active');
    expect((await eventTypes(campaignId)).filter((t) => t === 'campaign.paused' || t === 'campaign.resumed')).toEqual([
      'campaign.paused',
      'campaign.resumed',
    ]);
  });

  it('stop ends every unfinished enrollment as stopped, and a finished campaign cannot run again', async () => {
    const campaignId = await launched(ws, 3);
    const stopped = await post(ws, campaignId, 'stop');
    expect(stopped.status).toBe(200);
    expect(campaignRecordSchema.parse(stopped.body).status).toBe('completed');
    const left = await fixtureSql<{ status: string; outcome: string }>('SELECT status, outcome FROM enrollments WHERE campaign_id = $1', [
      campaignId,
    ]);
    expect(left).toEqual(Array.from({ length: 3 }, () => ({ status: 'stopped', outcome: 'stopped' })));
    expect((await eventTypes(campaignId)).filter((t) => t === 'campaign.completed')).toHaveLength(1);
    for (const command of ['pause', 'resume']) {
      const refused = await post(ws, campaignId, command);
      expect(refused.status).toBe(409);
      // RFC 9457 / contract 3: `status` is the HTTP code; the campaign's own status has its own field.
      expect(refused.body).toMatchObject({ code: 'campaign_not_active', status: 409, campaignStatus: 'completed' });
    }
    expect((await post(ws, campaignId, 'stop')).status).toBe(200);
  });

  it('pause-campaign / resume-campaign / stop-campaign do the same as MCP tools, with the same error codes', async () => {
    const campaignId = await launched(ws, 1);
    const paused = await callTool(ws.apiKey, 'pause-campaign', { campaignId });
    expect(paused.isError).toBe(false);
    expect(campaignRecordSchema.parse(paused.structured).status).toBe('paused');
    expect(campaignRecordSchema.parse((await callTool(ws.apiKey, 'resume-campaign', { campaignId })).structured).status).toBe('active');
    expect(campaignRecordSchema.parse((await callTool(ws.apiKey, 'stop-campaign', { campaignId })).structured).status).toBe('completed');
    const refused = await callTool(ws.apiKey, 'resume-campaign', { campaignId });
    expect(refused.isError).toBe(true);
    expect(refused.structured).toMatchObject({ error: { code: 'campaign_not_active', status: 'completed' } });
  });

  it('a draft is not running: 409 campaign_not_active, nothing changed; unknown is 404, a bad id 400', async () => {
    const draft = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinPremium] });
    const refused = await post(ws, draft.campaignId, 'pause');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'campaign_not_active' });
    expect((await fixtureSql<{ status: string }>('SELECT status FROM campaigns WHERE id = $1', [draft.campaignId]))[0]!.status).toBe(
      'draft',
    );
    expect((await post(ws, MISSING, 'stop')).status).toBe(404);
    expect((await post(ws, 'not-a-uuid', 'stop')).status).toBe(400);
  });
});
