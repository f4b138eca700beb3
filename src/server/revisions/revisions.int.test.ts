import { describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { createDraft, fails, ok, type CampaignRecord } from '../testing/campaigns';
import { api, fixtureSql, newWorkspace, type TestWorkspace } from '../testing/fixtures';

/**
 * Contract 10.4 over real HTTP and MCP: opening a revision of a running campaign, what is refused on
 * it, its impact, publish's checks in the contract's order (each leaving everything as it was), a
 * publish, discard, and stop discarding it.
 */

const launchedGraph = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start'),
    node('visit', 'profile_visit'),
    node('invite', 'connection_request', { message_template: 'Hi {{firstName}}, shall we connect?' }),
    node('thanks', 'message', { message_template: 'Thanks for connecting, {{firstName}}!' }),
    node('end', 'end'),
  ],
  edges: [
    edge('start', 'visit'),
    edge('visit', 'invite'),
    edge('invite', 'thanks', 'accepted'),
    edge('invite', 'end', 'no_response'),
    edge('thanks', 'end', 'replied'),
    edge('thanks', 'end', 'no_reply'),
  ],
});

/** The launched graph without the profile visit, the thank-you reworded. */
const revisedGraph = (): WorkflowDefinition => {
  const g = launchedGraph();
  return {
    nodes: g.nodes
      .filter((n) => n.id !== 'visit')
      .map((n) => (n.id === 'thanks' ? { ...n, data: { ...n.data, message_template: 'Great to be connected, {{firstName}}.' } } : n)),
    edges: [edge('start', 'invite'), ...g.edges.filter((e) => e.source !== 'start' && e.source !== 'visit')],
  };
};

async function launched(ws: TestWorkspace): Promise<CampaignRecord> {
  const draft = await createDraft(ws, { workflow_definition: launchedGraph() });
  return ok(ws.apiKey, 'launch-campaign', { campaignId: draft.campaignId, inspectedUpdatedAt: draft.updated_at, confirm: true });
}

/** A prospect standing on `nodeId` of the campaign, waiting for nothing the engine would move. */
async function prospectAt(ws: TestWorkspace, campaignId: string, nodeId: string): Promise<string> {
  const [prospect] = await fixtureSql<{ id: string }>(
    `INSERT INTO prospects (workspace_id, profile_url, name) VALUES ($1, 'https://network.example/in/rev-' || gen_random_uuid(), 'Robin') RETURNING id`,
    [ws.workspaceId],
  );
  const [enrollment] = await fixtureSql<{ id: string }>(
    `INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id, status, current_node_id, phase, next_step_at, graph_version)
     VALUES ($1, $2, $3, $4, 'active', $5, 'wait', NULL, 1) RETURNING id`,
    [ws.workspaceId, campaignId, prospect!.id, ws.accounts.linkedinPremium, nodeId],
  );
  return enrollment!.id;
}

const revisionsOf = (id: string) => `/api/v1/campaigns/${id}/revisions`;

describe('revisions of a running campaign (contract 10.4)', async () => {
  const ws = await newWorkspace();

  it('opens one revision holding the launched graph; a second, a draft’s and a completed one’s are refused', async () => {
    const campaign = await launched(ws);
    const created = await api<CampaignRecord>(ws.apiKey, 'POST', revisionsOf(campaign.campaignId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', revisionOf: campaign.campaignId, openRevisionId: null, name: campaign.name });
    expect(created.body.workflow_definition).toEqual(campaign.workflow_definition);
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: campaign.campaignId })).toMatchObject({
      openRevisionId: created.body.campaignId,
    });

    const second = await api(ws.apiKey, 'POST', revisionsOf(campaign.campaignId));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'revision_open', revisionId: created.body.campaignId });
    expect(await fails(ws.apiKey, 'create-revision', { campaignId: campaign.campaignId })).toMatchObject({
      code: 'revision_open',
      revisionId: created.body.campaignId,
    });

    const draft = await createDraft(ws);
    expect((await api(ws.apiKey, 'POST', revisionsOf(draft.campaignId))).body).toMatchObject({ code: 'campaign_not_active' });
    const stopped = await launched(ws);
    await api(ws.apiKey, 'POST', `/api/v1/campaigns/${stopped.campaignId}/stop`);
    expect((await fails(ws.apiKey, 'create-revision', { campaignId: stopped.campaignId })).code).toBe('campaign_not_active');
    expect((await api(ws.apiKey, 'POST', revisionsOf('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    // A revision of a revision is no campaign of its own.
    expect((await api(ws.apiKey, 'POST', revisionsOf(created.body.campaignId))).status).toBe(404);
  });

  it('edits a revision only through the graph tools; the rest is refused (campaign_is_revision) and it is not listed', async () => {
    const campaign = await launched(ws);
    const revision = await ok(ws.apiKey, 'create-revision', { campaignId: campaign.campaignId });
    const saved = await ok(ws.apiKey, 'update-campaign-workflow', {
      campaignId: revision.campaignId,
      expectedUpdatedAt: revision.updated_at,
      workflow_definition: revisedGraph(),
    });
    expect(saved.workflow_definition.nodes.map((n) => n.id)).toEqual(['start', 'invite', 'thanks', 'end']);
    const verdict = await ok<{ valid: boolean }>(ws.apiKey, 'validate-campaign-workflow', {
      campaignId: revision.campaignId,
      workflow_definition: revisedGraph(),
    });
    expect(verdict.valid).toBe(true);

    const id = revision.campaignId;
    const refused = [
      await fails(ws.apiKey, 'launch-campaign', { campaignId: id, inspectedUpdatedAt: saved.updated_at, confirm: true }),
      await fails(ws.apiKey, 'update-campaign', { campaignId: id, name: 'Renamed' }),
      await fails(ws.apiKey, 'update-campaign', { campaignId: id, senderAccountIds: [] }),
      (await api(ws.apiKey, 'PUT', `/api/v1/campaigns/${id}/schedule`, { timeZone: 'Europe/Paris' })).body,
      (await api(ws.apiKey, 'POST', `/api/v1/campaigns/${id}/enrollments`, { prospectIds: ['00000000-0000-4000-8000-000000000001'] })).body,
    ];
    for (const error of refused) expect(error).toMatchObject({ code: 'campaign_is_revision', revisionOf: campaign.campaignId });
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: id })).toMatchObject({ name: campaign.name, status: 'draft' });

    const listed = await ok<{ items: { campaignId: string }[] }>(ws.apiKey, 'list-campaigns', { view: 'summary', limit: 100 });
    expect(listed.items.map((c) => c.campaignId)).toContain(campaign.campaignId);
    expect(listed.items.map((c) => c.campaignId)).not.toContain(id);
    expect((await ok<{ items: unknown[] }>(ws.apiKey, 'list-campaigns', { status: 'draft', limit: 100 })).items).not.toContainEqual(
      expect.objectContaining({ campaignId: id }),
    );
  });

  it('checks publish in the contract’s order, changing nothing, then publishes in one step', async () => {
    const campaign = await launched(ws);
    const revision = await ok(ws.apiKey, 'create-revision', { campaignId: campaign.campaignId });
    const saved = await ok(ws.apiKey, 'update-campaign-workflow', {
      campaignId: revision.campaignId,
      expectedUpdatedAt: revision.updated_at,
      workflow_definition: revisedGraph(),
    });
    const atVisit = await prospectAt(ws, campaign.campaignId, 'visit');
    await prospectAt(ws, campaign.campaignId, 'visit');

    const impact = await api(ws.apiKey, 'GET', `${revisionsOf(campaign.campaignId)}/${revision.campaignId}/impact`);
    expect(impact.status).toBe(200);
    expect(impact.body).toEqual({
      removed: [{ nodeId: 'visit', prospects: 2 }],
      changedText: [{ nodeId: 'thanks', prospectsAhead: 2 }],
      added: [],
    });
    expect(await ok(ws.apiKey, 'get-revision-impact', { campaignId: campaign.campaignId, revisionId: revision.campaignId })).toEqual(
      impact.body,
    );

    const publish = (body: Record<string, unknown>) => api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/publish`, body);
    const good = { revisionId: revision.campaignId, inspectedUpdatedAt: saved.updated_at, confirm: true };
    // Everything wrong at once: the first check of the contract's order answers.
    expect((await publish({ ...good, revisionId: '00000000-0000-4000-8000-000000000000', confirm: false })).status).toBe(404);
    const noConfirm = await publish({ ...good, confirm: undefined, inspectedUpdatedAt: revision.updated_at });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body).toMatchObject({ code: 'invalid_request', errors: [{ path: 'confirm' }] });
    const stale = await publish({ ...good, inspectedUpdatedAt: revision.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'stale_edit', currentUpdatedAt: saved.updated_at });
    const required = await publish(good);
    expect(required.status).toBe(409);
    expect(required.body).toMatchObject({ code: 'moves_required', nodeIds: ['visit'] });
    const unknownTarget = await publish({ ...good, moves: { visit: 'nowhere' } });
    expect(unknownTarget.status).toBe(400);
    expect(unknownTarget.body).toMatchObject({ code: 'invalid_request', errors: [{ path: 'moves.visit' }] });
    expect((await publish({ ...good, moves: { visit: 'invite', invite: 'end' } })).status).toBe(400);
    expect((await fails(ws.apiKey, 'publish-revision', { campaignId: campaign.campaignId, ...good, confirm: false })).code).toBe(
      'invalid_arguments',
    );
    // Nothing changed: the campaign runs its graph, the prospects stand where they stood, the revision is open.
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: campaign.campaignId })).toMatchObject({
      workflow_definition: campaign.workflow_definition,
      openRevisionId: revision.campaignId,
    });
    expect(await fixtureSql('SELECT current_node_id, graph_version FROM enrollments WHERE id = $1', [atVisit])).toEqual([
      { current_node_id: 'visit', graph_version: 1 },
    ]);

    const published = await ok(ws.apiKey, 'publish-revision', { campaignId: campaign.campaignId, ...good, moves: { visit: 'invite' } });
    expect(published).toMatchObject({ status: 'active', openRevisionId: null });
    expect(published.workflow_definition.nodes.map((n) => n.id)).toEqual(['start', 'invite', 'thanks', 'end']);
    const [moved] = await fixtureSql<{ current_node_id: string; phase: string; graph_version: number; revised: boolean }>(
      'SELECT current_node_id, phase, graph_version, revised FROM enrollments WHERE id = $1',
      [atVisit],
    );
    expect(moved).toMatchObject({ current_node_id: 'invite', phase: 'enter', revised: true });
    const [version] = await fixtureSql<{ version: number; text_versions: Record<string, number> }>(
      'SELECT graph_version AS version, (SELECT text_versions FROM campaign_versions v WHERE v.campaign_id = c.id AND v.version = c.graph_version) FROM campaigns c WHERE id = $1',
      [campaign.campaignId],
    );
    expect(moved!.graph_version).toBe(version!.version);
    expect(version!.text_versions).toMatchObject({ invite: 1, thanks: version!.version });
    expect((await fails(ws.apiKey, 'get-campaign', { campaignId: revision.campaignId })).code).toBe('not_found');
    const [event] = await fixtureSql<{ body: string }>(
      `SELECT body FROM events WHERE workspace_id = $1 AND type = 'campaign.revised' AND body::jsonb -> 'data' ->> 'campaignId' = $2`,
      [ws.workspaceId, campaign.campaignId],
    );
    expect(JSON.parse(event!.body).data).toEqual({ campaignId: campaign.campaignId, fromVersion: 1, toVersion: version!.version });
  });

  it('discards a revision (REST and MCP), and stopping the campaign discards its open one', async () => {
    const campaign = await launched(ws);
    const first = await ok(ws.apiKey, 'create-revision', { campaignId: campaign.campaignId });
    expect((await api(ws.apiKey, 'DELETE', `${revisionsOf(campaign.campaignId)}/${first.campaignId}`)).status).toBe(204);
    expect((await api(ws.apiKey, 'DELETE', `${revisionsOf(campaign.campaignId)}/${first.campaignId}`)).status).toBe(404);
    const second = await ok(ws.apiKey, 'create-revision', { campaignId: campaign.campaignId });
    expect(await ok(ws.apiKey, 'discard-revision', { campaignId: campaign.campaignId, revisionId: second.campaignId })).toEqual({
      revisionId: second.campaignId,
      discarded: true,
    });
    const third = await ok(ws.apiKey, 'create-revision', { campaignId: campaign.campaignId });
    await api(ws.apiKey, 'POST', `/api/v1/campaigns/${campaign.campaignId}/stop`);
    expect((await fails(ws.apiKey, 'get-campaign', { campaignId: third.campaignId })).code).toBe('not_found');
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: campaign.campaignId })).toMatchObject({ openRevisionId: null });
  });
});
