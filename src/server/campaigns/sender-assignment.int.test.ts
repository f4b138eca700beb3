import { describe, expect, it } from 'vitest';
import { campaignRecordSchema } from '../../domain/contract/campaigns';
import { enrollmentPageSchema } from '../../domain/contract/enrollments';
import { prospectPageSchema } from '../../domain/contract/prospects';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { api, callTool, fixtureSql, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { createDraft, ok } from '../testing/campaigns';

/** Contract 10.2 sender assignment over real HTTP and MCP: the setting, its refusals, and who gets which sender. */

async function importProspects(ws: TestWorkspace, rows: { tag: string; owner?: string }[]): Promise<string[]> {
  const prospects = rows.map((r) => ({
    profileUrl: `https://www.linkedin.com/in/${r.tag}`,
    name: r.tag,
    ...(r.owner === undefined ? {} : { customFields: { owner: r.owner } }),
  }));
  expect((await api(ws.apiKey, 'POST', '/api/v1/prospects/import', { prospects })).status).toBe(200);
  const page = prospectPageSchema.parse((await api(ws.apiKey, 'GET', '/api/v1/prospects?limit=250')).body);
  const byName = new Map(page.items.map((p) => [p.name, p.prospectId]));
  return rows.map((r) => byName.get(r.tag)!);
}

async function sendersOf(ws: TestWorkspace, campaignId: string): Promise<Map<string, string | null>> {
  const page = enrollmentPageSchema.parse((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaignId}/enrollments?limit=250`)).body);
  return new Map(page.items.map((e) => [e.prospect.name ?? '', e.senderAccountId]));
}

describe('a campaign’s sender assignment (contract 10.2)', () => {
  it('is least_loaded by default; by_field follows a custom field naming a sender by name or id, case-insensitive', async () => {
    const ws = await newWorkspace();
    const campaign = await createDraft(ws, {
      senderAccountIds: [ws.accounts.linkedinPremium, ws.accounts.linkedinFree],
      workflow_definition: connectionOnlyGraph(),
    });
    expect(campaign).toMatchObject({ senderAssignment: 'least_loaded', senderField: null });
    const patch = (body: unknown) => api(ws.apiKey, 'PATCH', `/api/v1/campaigns/${campaign.campaignId}`, body);
    const set = await patch({ senderAssignment: 'by_field', senderField: 'owner' });
    expect(set.status).toBe(200);
    expect(campaignRecordSchema.parse(set.body)).toMatchObject({ senderAssignment: 'by_field', senderField: 'owner' });
    const names = await fixtureSql<{ id: string; name: string }>('SELECT id, name FROM accounts WHERE id = ANY($1::uuid[])', [
      [ws.accounts.linkedinPremium, ws.accounts.linkedinFree],
    ]);
    const freeName = names.find((a) => a.id === ws.accounts.linkedinFree)!.name;
    // The free account is busy elsewhere: whoever no field names goes to the premium one (least loaded).
    const busy = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinFree], workflow_definition: connectionOnlyGraph() });
    const elsewhere = await importProspects(
      ws,
      ['b0', 'b1', 'b2', 'b3', 'b4'].map((tag) => ({ tag })),
    );
    await api(ws.apiKey, 'POST', `/api/v1/campaigns/${busy.campaignId}/enrollments`, { prospectIds: elsewhere });
    const ids = await importProspects(ws, [
      { tag: 'by-name', owner: freeName.toUpperCase() },
      { tag: 'by-id', owner: ws.accounts.linkedinFree.toUpperCase() },
      { tag: 'nobody', owner: 'Someone Else' },
      { tag: 'blank' },
    ]);
    expect((await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds: ids })).status).toBe(200);
    const senders = await sendersOf(ws, campaign.campaignId);
    expect(senders.get('by-name')).toBe(ws.accounts.linkedinFree);
    expect(senders.get('by-id')).toBe(ws.accounts.linkedinFree);
    // No match, or no value: the least loaded.
    expect(senders.get('nobody')).toBe(ws.accounts.linkedinPremium);
    expect(senders.get('blank')).toBe(ws.accounts.linkedinPremium);
  });

  it('round_robin gives each sender in turn whatever their loads, across enrolment calls; a prospect keeps its sender', async () => {
    const ws = await newWorkspace();
    // The premium account is already busy elsewhere: least_loaded would give everything to the other one.
    const busy = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinPremium], workflow_definition: connectionOnlyGraph() });
    const elsewhere = await importProspects(
      ws,
      ['b0', 'b1', 'b2', 'b3'].map((tag) => ({ tag })),
    );
    await api(ws.apiKey, 'POST', `/api/v1/campaigns/${busy.campaignId}/enrollments`, { prospectIds: elsewhere });
    const campaign = await createDraft(ws, {
      senderAccountIds: [ws.accounts.linkedinPremium, ws.accounts.linkedinFree],
      workflow_definition: connectionOnlyGraph(),
    });
    const viaTool = await callTool(ws.apiKey, 'update-campaign', { campaignId: campaign.campaignId, senderAssignment: 'round_robin' });
    expect(viaTool.structured).toMatchObject({ senderAssignment: 'round_robin' });
    const ids = await importProspects(
      ws,
      ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'].map((tag) => ({ tag })),
    );
    const enrol = (prospectIds: string[]) =>
      api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/enrollments`, { prospectIds });
    await enrol(ids.slice(0, 3));
    await enrol(ids.slice(3));
    const senders = await sendersOf(ws, campaign.campaignId);
    const given = [...senders.values()];
    expect(given.filter((s) => s === ws.accounts.linkedinPremium)).toHaveLength(3);
    expect(given.filter((s) => s === ws.accounts.linkedinFree)).toHaveLength(3);
    // Sticky: changing the strategy leaves given senders as they are.
    await api(ws.apiKey, 'PATCH', `/api/v1/campaigns/${campaign.campaignId}`, { senderAssignment: 'least_loaded' });
    expect(await sendersOf(ws, campaign.campaignId)).toEqual(senders);
  });

  it('refuses an unknown strategy or field, by_field without a field, and a running campaign; nothing changes', async () => {
    const ws = await newWorkspace();
    const campaign = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinFree], workflow_definition: connectionOnlyGraph() });
    const path = `/api/v1/campaigns/${campaign.campaignId}`;
    const refused = async (body: unknown, status = 400) => {
      const res = await api(ws.apiKey, 'PATCH', path, body);
      expect(res.status).toBe(status);
      return res.body;
    };
    expect((await refused({ senderAssignment: 'random' })).errors.map((e: { path: string }) => e.path)).toEqual(['senderAssignment']);
    expect((await refused({ senderAssignment: 'by_field' })).errors).toEqual([{ path: 'senderField', message: expect.any(String) }]);
    expect((await refused({ senderAssignment: 'by_field', senderField: 'data.owner' })).errors[0].path).toBe('senderField');
    expect((await refused({ senderField: '' })).errors[0].path).toBe('senderField');
    await fixtureSql("UPDATE campaigns SET status = 'active' WHERE id = $1", [campaign.campaignId]);
    expect(await refused({ senderAssignment: 'round_robin' }, 409)).toMatchObject({ code: 'campaign_not_draft' });
    const tool = await callTool(ws.apiKey, 'update-campaign', { campaignId: campaign.campaignId, senderAssignment: 'sideways' });
    expect(tool.structured.error.code).toBe('invalid_arguments');
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: campaign.campaignId })).toMatchObject({
      senderAssignment: 'least_loaded',
      senderField: null,
    });
  });
});
