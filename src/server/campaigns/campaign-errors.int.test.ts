import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph, inmailFallbackGraph, scoredFollowUpGraph } from '../../domain/testing/fixtures';
import { callTool, keyFor, newWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok, saveGraph } from '../testing/campaigns';

/** Contract 3: every failure is a tool error with the right code, nothing is saved, never a 5xx. */

describe('update-campaign-workflow — bad input never saves', async () => {
  const ws = await newWorkspace();
  const draft = await createDraft(ws);
  const base = () => ({ campaignId: draft.campaignId, expectedUpdatedAt: draft.updated_at, workflow_definition: connectionOnlyGraph() });

  const badArguments: [string, Record<string, unknown>, string][] = [
    ['campaignId not a UUID', { ...base(), campaignId: 'abc' }, 'campaignId'],
    ['campaignId missing', { ...base(), campaignId: undefined }, 'campaignId'],
    ['campaignId a number', { ...base(), campaignId: 42 }, 'campaignId'],
    ['expectedUpdatedAt missing', { ...base(), expectedUpdatedAt: undefined }, 'expectedUpdatedAt'],
    ['expectedUpdatedAt with offset', { ...base(), expectedUpdatedAt: '2026-11-21T10:15:30.100+00:00' }, 'expectedUpdatedAt'],
    ['expectedUpdatedAt lowercase z', { ...base(), expectedUpdatedAt: '2026-11-21T10:15:30.100z' }, 'expectedUpdatedAt'],
    ['expectedUpdatedAt no time', { ...base(), expectedUpdatedAt: '2026-11-21' }, 'expectedUpdatedAt'],
    ['expectedUpdatedAt 29 Feb of a common year', { ...base(), expectedUpdatedAt: '2026-02-29T10:00:00Z' }, 'expectedUpdatedAt'],
    ['expectedUpdatedAt 31 April', { ...base(), expectedUpdatedAt: '2026-04-31T10:00:00Z' }, 'expectedUpdatedAt'],
    ['expectedUpdatedAt hour 24', { ...base(), expectedUpdatedAt: '2026-04-30T24:00:00Z' }, 'expectedUpdatedAt'],
    ['expectedUpdatedAt a number', { ...base(), expectedUpdatedAt: 1763720130100 }, 'expectedUpdatedAt'],
    ['workflow_definition missing', { ...base(), workflow_definition: undefined }, 'workflow_definition'],
    ['workflow_definition an array', { ...base(), workflow_definition: [] }, 'workflow_definition'],
    ['workflow_definition a string', { ...base(), workflow_definition: '{"nodes":[]}' }, 'workflow_definition'],
    ['workflow_definition null', { ...base(), workflow_definition: null }, 'workflow_definition'],
    ['unknown argument', { ...base(), force: true }, 'force'],
    ['workspaceId empty', { ...base(), workspaceId: '' }, 'workspaceId'],
  ];
  it.each(badArguments)('%s → invalid_arguments naming %s', async (_name, args, path) => {
    const error = await fails(ws.apiKey, 'update-campaign-workflow', JSON.parse(JSON.stringify(args)));
    expect(error.code).toBe('invalid_arguments');
    expect(error.errors.map((e: any) => e.path)).toContain(path);
  });

  const badGraphs: [string, (g: any) => unknown, string][] = [
    ['no nodes', (g) => ({ ...g, nodes: [] }), 'node_count'],
    ['extra top-level property', (g) => ({ ...g, viewport: { x: 0 } }), 'invalid_field'],
    ['unknown node type (cancel_connection_request)', (g) => ((g.nodes[1].type = 'cancel_connection_request'), g), 'unknown_node_type'],
    ['icpThreshold 101', (g) => ((g.nodes[1].data.icpThreshold = 101), g), 'invalid_field'],
    ['position with extra property', (g) => ((g.nodes[0].position = { x: 0, y: 0, z: 1 }), g), 'invalid_field'],
    ['dangling no_response', (g) => ({ ...g, edges: g.edges.filter((e: any) => e.sourceHandle !== 'no_response') }), 'missing_output'],
    [
      'cycle',
      (g) => ({
        ...g,
        edges: [
          ...g.edges.filter((e: any) => e.sourceHandle !== 'no_response'),
          { id: 'back', source: 'connection_request', target: 'connection_request', sourceHandle: 'no_response' },
        ],
      }),
      'cycle',
    ],
    ['edge to an unknown node', (g) => ((g.edges[0].target = 'ghost'), g), 'edge_unknown_node'],
    ['nodes not an array', (g) => ({ ...g, nodes: {} }), 'invalid_field'],
  ];
  it.each(badGraphs)('graph with %s → invalid_workflow (%s) and nothing saved', async (_name, mutate, code) => {
    const graph = mutate(structuredClone(draft.workflow_definition));
    const error = await fails(ws.apiKey, 'update-campaign-workflow', { ...base(), workflow_definition: graph });
    expect(error.code).toBe('invalid_workflow');
    expect(error.violations.map((v: any) => v.code)).toContain(code);
    for (const v of error.violations) expect(['error', 'warning']).toContain(v.severity);
  });

  it('after all of that the draft is unchanged', async () => {
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).toEqual(draft);
    expect(await ok(ws.apiKey, 'list-campaign-versions', { campaignId: draft.campaignId })).toMatchObject({
      items: [],
      current: { version: 1 },
    });
  });
});

describe('error precedence: arguments, workspace, not found, not draft, stale, invalid workflow', () => {
  it('walks the chain one condition at a time', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const active = await createDraft(ws);
    await ok(ws.apiKey, 'launch-campaign', { campaignId: active.campaignId, inspectedUpdatedAt: active.updated_at, confirm: true });
    const broken = { nodes: [{ id: 'x', type: 'nope', position: { x: 0, y: 0 }, data: {} }], edges: [] };
    const stale = '2020-01-01T00:00:00.000Z';
    const twoKey = await keyFor([ws.workspaceId, other.workspaceId]);
    const call = (key: string, args: Record<string, unknown>) => fails(key, 'update-campaign-workflow', args);

    expect((await call(twoKey, { campaignId: 'bad', expectedUpdatedAt: stale, workflow_definition: broken })).code).toBe(
      'invalid_arguments',
    );
    expect((await call(twoKey, { campaignId: active.campaignId, expectedUpdatedAt: stale, workflow_definition: broken })).code).toBe(
      'workspace_required',
    );
    expect(
      (
        await call(ws.apiKey, {
          workspaceId: other.slug,
          campaignId: active.campaignId,
          expectedUpdatedAt: stale,
          workflow_definition: broken,
        })
      ).code,
    ).toBe('workspace_not_found');
    expect((await call(ws.apiKey, { campaignId: randomUUID(), expectedUpdatedAt: stale, workflow_definition: broken })).code).toBe(
      'not_found',
    );
    expect(await call(ws.apiKey, { campaignId: active.campaignId, expectedUpdatedAt: stale, workflow_definition: broken })).toMatchObject({
      code: 'campaign_not_draft',
      status: 'active',
    });
    const draft = await createDraft(ws);
    expect(await call(ws.apiKey, { campaignId: draft.campaignId, expectedUpdatedAt: stale, workflow_definition: broken })).toMatchObject({
      code: 'stale_edit',
      currentUpdatedAt: draft.updated_at,
    });
    expect(
      (await call(ws.apiKey, { campaignId: draft.campaignId, expectedUpdatedAt: draft.updated_at, workflow_definition: broken })).code,
    ).toBe('invalid_workflow');
  });
});

describe('workspace isolation (contract 2)', () => {
  it('a foreign campaign is not_found for every campaign tool', async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    const c = await createDraft(a);
    const id = { campaignId: c.campaignId };
    expect((await fails(b.apiKey, 'get-campaign', id)).code).toBe('not_found');
    expect(
      (
        await fails(b.apiKey, 'update-campaign-workflow', {
          ...id,
          expectedUpdatedAt: c.updated_at,
          workflow_definition: connectionOnlyGraph(),
        })
      ).code,
    ).toBe('not_found');
    expect((await fails(b.apiKey, 'launch-campaign', { ...id, inspectedUpdatedAt: c.updated_at, confirm: true })).code).toBe('not_found');
    expect((await fails(b.apiKey, 'list-campaign-versions', id)).code).toBe('not_found');
    expect((await fails(b.apiKey, 'get-campaign-version', { ...id, version: 1 })).code).toBe('not_found');
    expect((await ok<any>(b.apiKey, 'list-campaigns', {})).items).toEqual([]);
    expect((await ok(a.apiKey, 'get-campaign', id)).updated_at).toBe(c.updated_at);
  });

  it('a key for two workspaces needs workspaceId; an unknown or foreign one is workspace_not_found', async () => {
    const [a, b, c] = [await newWorkspace(), await newWorkspace(), await newWorkspace()];
    const key = await keyFor([a.workspaceId, b.workspaceId]);
    for (const tool of ['list-campaigns', 'create-campaign']) {
      expect((await fails(key, tool, tool === 'create-campaign' ? { name: 'x' } : {})).code).toBe('workspace_required');
    }
    expect((await fails(key, 'list-campaigns', { workspaceId: c.slug })).code).toBe('workspace_not_found');
    expect((await fails(key, 'list-campaigns', { workspaceId: randomUUID() })).code).toBe('workspace_not_found');
    const made = await ok(key, 'create-campaign', { workspaceId: b.slug, name: 'In B' });
    expect(made.workspaceId).toBe(b.workspaceId);
    expect((await ok<any>(key, 'list-campaigns', { workspaceId: b.workspaceId })).items).toHaveLength(1);
    expect((await ok<any>(key, 'list-campaigns', { workspaceId: a.workspaceId })).items).toHaveLength(0);
  });
});

describe('other tools — bad input tables', async () => {
  const ws = await newWorkspace();
  const other = await newWorkspace();
  const draft = await createDraft(ws);
  const table: [string, string, Record<string, unknown>, string][] = [
    ['get-campaign', 'no campaignId', {}, 'invalid_arguments'],
    ['get-campaign', 'unknown argument', { campaignId: draft.campaignId, verbose: true }, 'invalid_arguments'],
    ['get-campaign', 'unknown campaign', { campaignId: randomUUID() }, 'not_found'],
    ['create-campaign', 'no name', {}, 'invalid_arguments'],
    ['create-campaign', 'blank name', { name: '   ' }, 'invalid_arguments'],
    ['create-campaign', 'sender not a UUID', { name: 'x', senderAccountIds: ['abc'] }, 'invalid_arguments'],
    ['create-campaign', 'sender of another workspace', { name: 'x', senderAccountIds: [other.accounts.linkedinFree] }, 'invalid_arguments'],
    ['create-campaign', 'graph not an object', { name: 'x', workflow_definition: 'start' }, 'invalid_arguments'],
    ['create-campaign', 'invalid graph', { name: 'x', workflow_definition: { nodes: [], edges: [] } }, 'invalid_workflow'],
    ['create-campaign', 'status given', { name: 'x', status: 'active' }, 'invalid_arguments'],
    ['list-campaigns', 'limit 0', { limit: 0 }, 'invalid_arguments'],
    ['list-campaigns', 'limit 101', { limit: 101 }, 'invalid_arguments'],
    ['list-campaigns', 'limit 2.5', { limit: 2.5 }, 'invalid_arguments'],
    ['list-campaigns', 'limit as text', { limit: '10' }, 'invalid_arguments'],
    ['list-campaigns', 'unknown status', { status: 'archived' }, 'invalid_arguments'],
    ['list-campaigns', 'forged cursor', { cursor: 'bm90LWEtY3Vyc29y' }, 'invalid_arguments'],
    [
      'launch-campaign',
      'confirm false',
      { campaignId: draft.campaignId, inspectedUpdatedAt: draft.updated_at, confirm: false },
      'invalid_arguments',
    ],
    [
      'launch-campaign',
      'confirm "true"',
      { campaignId: draft.campaignId, inspectedUpdatedAt: draft.updated_at, confirm: 'true' },
      'invalid_arguments',
    ],
    ['launch-campaign', 'confirm missing', { campaignId: draft.campaignId, inspectedUpdatedAt: draft.updated_at }, 'invalid_arguments'],
    ['launch-campaign', 'inspectedUpdatedAt missing', { campaignId: draft.campaignId, confirm: true }, 'invalid_arguments'],
    [
      'launch-campaign',
      'not inspected at the current stamp',
      { campaignId: draft.campaignId, inspectedUpdatedAt: '2020-01-01T00:00:00Z', confirm: true },
      'stale_edit',
    ],
    ['list-campaign-versions', 'bad id', { campaignId: 'x' }, 'invalid_arguments'],
    ['get-campaign-version', 'version 0', { campaignId: draft.campaignId, version: 0 }, 'invalid_arguments'],
    ['get-campaign-version', 'version missing', { campaignId: draft.campaignId }, 'invalid_arguments'],
    ['get-campaign-version', 'no such version', { campaignId: draft.campaignId, version: 7 }, 'not_found'],
  ];
  it.each(table)('%s with %s → %s', async (tool, _name, args, code) => {
    expect((await fails(ws.apiKey, tool, args)).code).toBe(code);
  });

  it('nothing of that was saved', async () => {
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).toEqual(draft);
    expect((await ok<any>(ws.apiKey, 'list-campaigns', {})).items).toHaveLength(1);
  });

  it('a cursor issued for another status filter is refused', async () => {
    await createDraft(ws);
    const page = await ok<any>(ws.apiKey, 'list-campaigns', { limit: 1 });
    expect(page.nextCursor).toEqual(expect.any(String));
    expect((await fails(ws.apiKey, 'list-campaigns', { cursor: page.nextCursor, status: 'draft' })).code).toBe('invalid_arguments');
  });
});

describe('launch-campaign rules', () => {
  it('a launched campaign cannot be saved or launched again', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    const launched = await ok(ws.apiKey, 'launch-campaign', { campaignId: c.campaignId, inspectedUpdatedAt: c.updated_at, confirm: true });
    expect(
      await fails(ws.apiKey, 'launch-campaign', { campaignId: c.campaignId, inspectedUpdatedAt: launched.updated_at, confirm: true }),
    ).toMatchObject({ code: 'campaign_not_draft', status: 'active' });
    expect(
      (
        await fails(ws.apiKey, 'update-campaign-workflow', {
          campaignId: c.campaignId,
          expectedUpdatedAt: launched.updated_at,
          workflow_definition: connectionOnlyGraph(),
        })
      ).code,
    ).toBe('campaign_not_draft');
  });

  it('InMail to free senders blocks save and launch; premium or unknown senders do not (spec 4.1 rule 10)', async () => {
    const ws = await newWorkspace();
    const graph: any = inmailFallbackGraph();
    graph.nodes.find((n: any) => n.type === 'inmail').data.only_open_profiles = false;
    const free = await ok(ws.apiKey, 'create-campaign', { name: 'free', senderAccountIds: [ws.accounts.linkedinFree] });
    const error = await fails(ws.apiKey, 'update-campaign-workflow', {
      campaignId: free.campaignId,
      expectedUpdatedAt: free.updated_at,
      workflow_definition: graph,
    });
    expect(error.violations.find((v: any) => v.code === 'inmail_premium')?.severity).toBe('error');
    await saveGraph(ws, await createDraft(ws), graph); // premium sender
    await saveGraph(ws, await ok(ws.apiKey, 'create-campaign', { name: 'nobody' }), graph); // unknown senders: warning only
  });
});

describe('the save race (spec 3.1: stale check atomic with the write)', () => {
  it('20 concurrent saves with the same expectedUpdatedAt: exactly one wins, the rest are stale_edit', async () => {
    const ws = await newWorkspace();
    const c = await createDraft(ws);
    const graphs = Array.from({ length: 20 }, (_, i) => {
      const g: any = scoredFollowUpGraph();
      g.nodes[0].data.attempt = i;
      return g;
    });
    const results = await Promise.all(
      graphs.map((g) =>
        callTool(ws.apiKey, 'update-campaign-workflow', {
          campaignId: c.campaignId,
          expectedUpdatedAt: c.updated_at,
          workflow_definition: g,
        }),
      ),
    );
    const winners = results.filter((r) => !r.isError);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.isError))
      expect(loser.structured.error).toMatchObject({ code: 'stale_edit', currentUpdatedAt: winners[0].structured.updated_at });
    const stored = await ok(ws.apiKey, 'get-campaign', { campaignId: c.campaignId });
    expect(stored).toEqual(winners[0].structured);
    expect((await ok<any>(ws.apiKey, 'list-campaign-versions', { campaignId: c.campaignId })).items).toHaveLength(1);
  });
});
