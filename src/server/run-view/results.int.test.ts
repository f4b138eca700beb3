import { beforeAll, describe, expect, it } from 'vitest';
import { campaignPageSchema } from '../../domain/contract/campaigns';
import { campaignResultsSchema, type CampaignResults } from '../../domain/contract/results';
import { variantGraph } from '../../domain/testing/fixtures';
import { api, fixtureSql, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok, saveGraph } from '../testing/campaigns';

/**
 * Contract 10.1 over real HTTP: GET /api/v1/campaigns with `stats`, GET …/results (JSON, CSV and
 * get-campaign-results), and choosing a winner (REST and choose-variant-winner) with its bad inputs.
 * The counters are written with fixture SQL as migration 080's triggers write them (the engine's own
 * writes are proved in results/counters.int.test.ts and the sandbox proof).
 */

const MISSING = '00000000-0000-4000-8000-000000000000';
let ws: TestWorkspace;
let campaignId: string;
let draftId: string;

beforeAll(async () => {
  ws = await newWorkspace();
  const draft = await createDraft(ws);
  await saveGraph(ws, draft, variantGraph());
  campaignId = draft.campaignId;
  await fixtureSql("UPDATE campaigns SET status = 'active', launched_version = graph_version WHERE id = $1", [campaignId]);
  const version = (await fixtureSql<{ v: number }>('SELECT launched_version AS v FROM campaigns WHERE id = $1', [campaignId]))[0]!.v;
  await fixtureSql(
    `INSERT INTO result_step_counts (campaign_id, node_id, version, variant_id, sent, converted)
     VALUES ($1, 'invite', $2, 'a', 600, 48), ($1, 'invite', $2, 'b', 300, 40), ($1, 'invite', $2, 'b', 300, 44), ($1, 'thanks', $2, 'a', 5, 1)`,
    [campaignId, version],
  );
  await fixtureSql(`INSERT INTO result_sender_counts VALUES ($1, $2, 1205, 132, 1)`, [campaignId, ws.accounts.linkedinPremium]);
  await fixtureSql(`INSERT INTO result_daily_counts VALUES ($1, '2026-03-02', 1200, 100, 5, 1), ($1, '2026-03-03', 0, 32, 0, 0)`, [
    campaignId,
  ]);
  await fixtureSql(`INSERT INTO result_campaign_counts VALUES ($1, 1200, 132, 1)`, [campaignId]);
  draftId = (await createDraft(ws)).campaignId;
});

const results = async (id = campaignId): Promise<CampaignResults> => {
  const res = await api(ws.apiKey, 'GET', `/api/v1/campaigns/${id}/results`);
  expect(res.status).toBe(200);
  return campaignResultsSchema.parse(res.body);
};

describe('contract 10.1 results over HTTP', () => {
  it('GET …/results: per step and variant, rates, intervals and the verdict; senders; days — the same as get-campaign-results', async () => {
    const body = await results();
    const invite = body.steps.find((s) => s.nodeId === 'invite')!;
    expect(invite).toMatchObject({ name: expect.any(String), metric: 'accepted' });
    expect(invite.variants.map((v) => [v.variantId, v.label, v.sent, v.converted])).toEqual([
      ['a', 'Short', 600, 48],
      ['b', 'Warm', 600, 84],
    ]);
    expect(invite.variants[0]!.rate).toBeCloseTo(0.08);
    expect(invite.variants[1]!.interval!.low).toBeLessThan(0.14);
    expect(invite.verdict).toMatchObject({ status: 'winner', variantId: 'b' });
    expect(invite.verdict.note).toMatch(/^Warm is ahead: 14 % vs 8 %/);
    const thanks = body.steps.find((s) => s.nodeId === 'thanks')!;
    expect(thanks.metric).toBe('replied');
    expect(thanks.variants.map((v) => [v.variantId, v.sent, v.rate])).toEqual([
      ['a', 5, 0.2],
      ['b', 0, null],
    ]);
    expect(thanks.verdict.status).toBe('collecting');
    // A sending step without variants: one row, the step's name as its label.
    const followUp = body.steps.find((s) => s.nodeId === 'follow_up')!;
    expect(followUp.variants).toEqual([{ variantId: null, label: followUp.name, sent: 0, converted: 0, rate: null, interval: null }]);
    expect(body.senders).toEqual([{ accountId: ws.accounts.linkedinPremium, sent: 1205, accepted: 132, replied: 1 }]);
    expect(body.daily).toEqual([
      { date: '2026-03-02', invitations: 1200, accepted: 100, messages: 5, replied: 1 },
      { date: '2026-03-03', invitations: 0, accepted: 32, messages: 0, replied: 0 },
    ]);
    const viaTool = await ok<CampaignResults>(ws.apiKey, 'get-campaign-results', { campaignId });
    expect({ ...viaTool, asOf: '' }).toEqual({ ...body, asOf: '' });
  });

  it('?format=csv: the step rows, one line per step, version and variant, formulas escaped', async () => {
    await fixtureSql(
      `UPDATE campaign_versions SET workflow_definition = replace(workflow_definition::text, '"label":"Warm"', '"label":"=cmd()"')::text
       WHERE campaign_id = $1`,
      [campaignId],
    );
    const res = await api<string>(ws.apiKey, 'GET', `/api/v1/campaigns/${campaignId}/results?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Step,Node id,Version,Counts,Variant,Label,Sent,Converted,Rate,Interval low,Interval high,Verdict,Confidence,Note',
    );
    expect(lines).toHaveLength(1 + 2 + 2 + 1);
    expect(lines.find((l) => l.includes(',B,'))).toContain(",'=cmd(),600,84,0.14,");
    await fixtureSql(
      `UPDATE campaign_versions SET workflow_definition = replace(workflow_definition::text, '"label":"=cmd()"', '"label":"Warm"')::text WHERE campaign_id = $1`,
      [campaignId],
    );
    expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${campaignId}/results?format=xml`)).status).toBe(400);
    expect((await api(ws.apiKey, 'GET', `/api/v1/campaigns/${MISSING}/results`)).status).toBe(404);
  });

  it('GET /api/v1/campaigns and list-campaigns: every item has its stats, zeros for a draft', async () => {
    const res = await api(ws.apiKey, 'GET', '/api/v1/campaigns?view=summary&limit=10');
    expect(res.status).toBe(200);
    const page = campaignPageSchema.parse(res.body);
    const stats = (id: string) => page.items.find((c) => c.campaignId === id)!.stats;
    expect(stats(campaignId)).toEqual({ prospects: 0, contacted: 1200, accepted: 132, replied: 1, replyRate: 1 / 1200 });
    expect(stats(draftId)).toEqual({ prospects: 0, contacted: 0, accepted: 0, replied: 0, replyRate: 0 });
    const viaTool = await ok<{ items: { campaignId: string; stats: unknown }[] }>(ws.apiKey, 'list-campaigns', {
      view: 'summary',
      limit: 10,
    });
    expect(viaTool.items.map((c) => [c.campaignId, c.stats])).toEqual(page.items.map((c) => [c.campaignId, c.stats]));
    expect((await api(ws.apiKey, 'GET', '/api/v1/campaigns?limit=0')).status).toBe(400);
    expect((await api(ws.apiKey, 'GET', '/api/v1/campaigns?status=nope')).status).toBe(400);
  });

  it('choosing a winner: REST and MCP answer the results; bad choices are clear errors and change nothing', async () => {
    const winners = async () =>
      (await fixtureSql<{ w: Record<string, string> }>('SELECT variant_winners AS w FROM campaigns WHERE id = $1', [campaignId]))[0]!.w;
    const post = (nodeId: string, body: unknown, id = campaignId) =>
      api(ws.apiKey, 'POST', `/api/v1/campaigns/${id}/steps/${nodeId}/winner`, body);

    const noVariants = await post('follow_up', { variantId: 'a' });
    expect(noVariants.status).toBe(400);
    expect(noVariants.body.detail).toMatch(/no variants/);
    expect((await post('invite', { variantId: 'c' })).status).toBe(404);
    expect((await post('nowhere', { variantId: 'a' })).status).toBe(404);
    expect((await post('invite', { variantId: 'z' })).status).toBe(400);
    expect((await post('invite', { variantId: 'b' }, draftId)).status).toBe(409);
    expect((await post('invite', { variantId: 'b' }, MISSING)).status).toBe(404);
    expect(await winners()).toEqual({});
    expect((await fails(ws.apiKey, 'choose-variant-winner', { campaignId, nodeId: 'invite', variantId: 'd' })).code).toBe('not_found');

    const chosen = await post('invite', { variantId: 'b' });
    expect(chosen.status).toBe(200);
    expect(campaignResultsSchema.parse(chosen.body).steps.length).toBeGreaterThan(0);
    // The invitation's group is "tone": the winner applies to the whole group.
    expect(await winners()).toEqual({ tone: 'b' });
    await ok(ws.apiKey, 'choose-variant-winner', { campaignId, nodeId: 'thanks', variantId: 'a' });
    expect(await winners()).toEqual({ tone: 'a' });
    const history = await fixtureSql<{ node_id: string; variant_id: string }>(
      'SELECT node_id, variant_id FROM variant_winner_choices WHERE campaign_id = $1 ORDER BY id',
      [campaignId],
    );
    expect(history).toEqual([
      { node_id: 'invite', variant_id: 'b' },
      { node_id: 'thanks', variant_id: 'a' },
    ]);
  });
});
