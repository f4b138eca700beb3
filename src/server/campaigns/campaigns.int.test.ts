import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph, inmailFallbackGraph, scoredFollowUpGraph } from '../../domain/testing/fixtures';
import { DEFAULT_SCHEDULE } from '../../domain/contract/schedule';
import { api, newWorkspace } from '../testing/fixtures';
import { createDraft, ok, saveGraph, type CampaignRecord } from '../testing/campaigns';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('campaign tools — happy paths (contract 4)', () => {
  it('create-campaign makes an easy-mode draft with the default graph start → connection_request → end', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    expect(c).toMatchObject({
      workspaceId: ws.workspaceId,
      name: 'Q3 founders',
      status: 'draft',
      editingMode: 'easy',
      senderAccountIds: [ws.accounts.linkedinPremium],
    });
    expect(c.created_at).toMatch(ISO_MS);
    expect(c.updated_at).toMatch(ISO_MS);
    expect(c.workflow_definition.nodes.map((n) => n.type)).toEqual(['start', 'connection_request', 'end']);
    expect(
      c.workflow_definition.edges
        .filter((e) => e.source === 'connection_request')
        .map((e) => e.sourceHandle)
        .sort(),
    ).toEqual(['accepted', 'no_response']);
    expect(c.schedule).toEqual(DEFAULT_SCHEDULE);
    expect(c.archivedAt).toBeNull();
    expect(c).toMatchObject({ revisionOf: null, openRevisionId: null });
    expect(Object.keys(c).sort()).toEqual([
      'archivedAt',
      'campaignId',
      'created_at',
      'editingMode',
      'name',
      'openRevisionId',
      'revisionOf',
      'schedule',
      'senderAccountIds',
      'status',
      'updated_at',
      'workflow_definition',
      'workspaceId',
    ]);
  });

  it('create-campaign keeps a given valid graph and accepts the workspace slug', async () => {
    const ws = await newWorkspace();
    const graph = scoredFollowUpGraph();
    const c = await ok(ws.apiKey, 'create-campaign', { workspaceId: ws.slug, name: 'Scored', workflow_definition: graph });
    expect(c.workflow_definition).toEqual(graph);
    expect(c.senderAccountIds).toEqual([]);
  });

  it('get-campaign returns what create-campaign returned', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: c.campaignId })).toEqual(c);
    expect(await ok(ws.apiKey, 'get-campaign', { workspaceId: ws.workspaceId, campaignId: c.campaignId })).toEqual(c);
  });

  it('update-campaign-workflow replaces the whole graph, switches to advanced mode, stays a draft, bumps updated_at', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    const graph = scoredFollowUpGraph();
    const saved = await saveGraph(ws, c, graph);
    expect(saved).toMatchObject({
      campaignId: c.campaignId,
      status: 'draft',
      editingMode: 'advanced',
      created_at: c.created_at,
      name: c.name,
    });
    expect(saved.workflow_definition).toEqual(graph);
    expect(saved.updated_at).toMatch(ISO_MS);
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(c.updated_at));
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: c.campaignId })).toEqual(saved);
  });

  it('removing steps: a later save with fewer nodes replaces, never merges', async () => {
    const ws = await newWorkspace();
    let c = await createDraft(ws);
    c = await saveGraph(ws, c, scoredFollowUpGraph());
    c = await saveGraph(ws, c, connectionOnlyGraph());
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: c.campaignId })).workflow_definition).toEqual(connectionOnlyGraph());
  });

  it('stores the graph verbatim: extra properties on graph parts and data, and key order, survive', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    const graph: any = connectionOnlyGraph();
    graph.nodes[1] = {
      zIndex: 3,
      ...graph.nodes[1],
      selected: true,
      data: { custom_note: 'keep me', ...graph.nodes[1].data, nested: { b: 1, a: [1, { z: null }] } },
    };
    graph.edges[0] = { animated: true, ...graph.edges[0], label: 'go', style: { stroke: '#f00' } };
    graph.nodes[0].position = { x: 12.5, y: -3 };
    const saved = await saveGraph(ws, c, graph);
    const read = await ok(ws.apiKey, 'get-campaign', { campaignId: c.campaignId });
    expect(JSON.stringify(read.workflow_definition)).toBe(JSON.stringify(graph));
    expect(JSON.stringify(saved.workflow_definition)).toBe(JSON.stringify(graph));
  });

  it('updated_at is strictly increasing over quick successive saves, and instants compare loosely (…30.1Z = …30.100Z)', async () => {
    const ws = await newWorkspace();
    let c = await createDraft(ws);
    const stamps = [c.updated_at];
    for (let i = 0; i < 8; i++) {
      // Trailing zeros of the fraction dropped: the same instant, so the save must be accepted.
      const loose = c.updated_at.replace(/\.(\d*?)0+Z$/, (_m, d: string) => (d ? `.${d}Z` : 'Z'));
      c = await ok(ws.apiKey, 'update-campaign-workflow', {
        campaignId: c.campaignId,
        expectedUpdatedAt: loose,
        workflow_definition: connectionOnlyGraph(),
      });
      stamps.push(c.updated_at);
    }
    for (let i = 1; i < stamps.length; i++) expect(Date.parse(stamps[i])).toBeGreaterThan(Date.parse(stamps[i - 1]));
  });

  it('keeps every replaced graph as a version (saved-graph history)', async () => {
    const ws = await newWorkspace();
    const c0 = await createDraft(ws);
    const c1 = await saveGraph(ws, c0, scoredFollowUpGraph());
    const c2 = await saveGraph(ws, c1, inmailFallbackGraph());
    const versions = await ok<{ items: any[]; current: any }>(ws.apiKey, 'list-campaign-versions', { campaignId: c0.campaignId });
    // Who saved each version (an MCP caller here) and what its save changed, in step names.
    expect(versions.items).toEqual([
      {
        version: 2,
        savedAt: c1.updated_at,
        nodeCount: scoredFollowUpGraph().nodes.length,
        edgeCount: scoredFollowUpGraph().edges.length,
        savedVia: 'mcp',
        summary: expect.stringMatching(/^Added ICP scoring, /),
      },
      { version: 1, savedAt: c0.updated_at, nodeCount: 3, edgeCount: 3, savedVia: 'mcp', summary: null },
    ]);
    expect(versions.current).toMatchObject({
      version: 3,
      savedAt: c2.updated_at,
      savedVia: 'mcp',
      summary: expect.stringMatching(/^Added /),
    });
    const v1 = await ok<any>(ws.apiKey, 'get-campaign-version', { campaignId: c0.campaignId, version: 1 });
    expect(v1).toEqual({ version: 1, savedAt: c0.updated_at, workflow_definition: c0.workflow_definition });
    const v2 = await ok<any>(ws.apiKey, 'get-campaign-version', { campaignId: c0.campaignId, version: 2 });
    expect(v2.workflow_definition).toEqual(scoredFollowUpGraph());
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: c2.campaignId })).workflow_definition).toEqual(inmailFallbackGraph());
  });

  it('a new campaign has no versions', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    expect(await ok(ws.apiKey, 'list-campaign-versions', { campaignId: c.campaignId })).toEqual({
      items: [],
      current: { version: 1, savedAt: c.updated_at, nodeCount: 3, edgeCount: 3, savedVia: 'mcp', summary: null },
    });
  });

  it('launch-campaign moves an inspected valid draft to active', async () => {
    const ws = await newWorkspace();
    const c = await saveGraph(ws, await createDraft(ws), scoredFollowUpGraph());
    const launched = await ok(ws.apiKey, 'launch-campaign', { campaignId: c.campaignId, inspectedUpdatedAt: c.updated_at, confirm: true });
    expect(launched).toMatchObject({ campaignId: c.campaignId, status: 'active', editingMode: 'advanced' });
    expect(launched.workflow_definition).toEqual(scoredFollowUpGraph());
    expect(Date.parse(launched.updated_at)).toBeGreaterThan(Date.parse(c.updated_at));
  });

  it('list-campaigns pages newest-updated first with an opaque cursor, and filters by status', async () => {
    const ws = await newWorkspace();
    const made: CampaignRecord[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await ok(ws.apiKey, 'create-campaign', { name: `C${i}`, senderAccountIds: [ws.accounts.linkedinFree] }));
    const launched = await ok(ws.apiKey, 'launch-campaign', {
      campaignId: made[1].campaignId,
      inspectedUpdatedAt: made[1].updated_at,
      confirm: true,
    });

    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await ok<{ items: CampaignRecord[]; nextCursor: string | null }>(ws.apiKey, 'list-campaigns', {
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.campaignId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen[0]).toBe(launched.campaignId); // launching bumped its updated_at
    expect(new Set(seen).size).toBe(5);

    const all = await ok<{ items: CampaignRecord[]; nextCursor: string | null }>(ws.apiKey, 'list-campaigns', {});
    expect(all.nextCursor).toBeNull();
    const stamps = all.items.map((c) => Date.parse(c.updated_at));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);

    const active = await ok<{ items: CampaignRecord[] }>(ws.apiKey, 'list-campaigns', { status: 'active' });
    expect(active.items.map((c) => c.campaignId)).toEqual([launched.campaignId]);
    const drafts = await ok<{ items: CampaignRecord[] }>(ws.apiKey, 'list-campaigns', { status: 'draft', limit: 100 });
    expect(drafts.items).toHaveLength(4);
  });

  it('saving writes a campaign.workflow_updated event (and launching one the endpoint did not subscribe to)', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    // An endpoint subscribed to the event gets a delivery for the save (contract 6); we only check it exists.
    const endpoint = await api(ws.apiKey, 'POST', '/api/v1/webhook-endpoints', {
      url: 'http://127.0.0.1:9/hook',
      eventTypes: ['campaign.workflow_updated'],
    });
    expect(endpoint.status).toBe(201);
    const saved = await saveGraph(ws, c, connectionOnlyGraph());
    await ok(ws.apiKey, 'launch-campaign', { campaignId: c.campaignId, inspectedUpdatedAt: saved.updated_at, confirm: true });
    const deliveries = await api(ws.apiKey, 'GET', `/api/v1/webhook-endpoints/${endpoint.body.endpointId}/deliveries`);
    expect(deliveries.body.items.map((d: any) => d.eventType)).toEqual(['campaign.workflow_updated']);
  });
});
