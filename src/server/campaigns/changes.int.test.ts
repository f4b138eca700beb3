import { afterAll, describe, expect, it } from 'vitest';
import { connectionOnlyGraph, scoredFollowUpGraph } from '../../domain/testing/fixtures';
import { api, newWorkspace, testEnv } from '../testing/fixtures';
import { openChanges, toolWithHeaders, type ChangeStream } from '../testing/change-stream';
import { createDraft, ok } from '../testing/campaigns';

/**
 * Contract 8.5 over real HTTP: every save or launch of a campaign reaches its open change streams
 * (after commit), with who made it (`via`) and the saving client's X-Client-Id; nothing else does.
 */

const streams: ChangeStream[] = [];
const open = async (apiKey: string, campaignId: string) => {
  const stream = await openChanges(testEnv().baseUrl, apiKey, campaignId);
  streams.push(stream);
  return stream;
};
afterAll(() => streams.forEach((s) => s.close()));

const changesOf = (campaignId: string) => `/api/v1/campaigns/${campaignId}/changes`;

describe('GET /api/v1/campaigns/{campaignId}/changes', async () => {
  const ws = await newWorkspace();

  it('an app save arrives as campaign.changed with via "app" and the saving tab’s clientId', async () => {
    const draft = await createDraft(ws);
    const stream = await open(ws.apiKey, draft.campaignId);
    const res = await toolWithHeaders(
      ws.apiKey,
      'update-campaign-workflow',
      { campaignId: draft.campaignId, expectedUpdatedAt: draft.updated_at, workflow_definition: scoredFollowUpGraph() },
      { 'X-Client': 'app', 'X-Client-Id': 'tab-1f3a' },
    );
    const saved = res.body.result.structuredContent;
    expect(await stream.next()).toEqual({
      campaignId: draft.campaignId,
      updated_at: saved.updated_at,
      status: 'draft',
      via: 'app',
      clientId: 'tab-1f3a',
    });
  });

  it('an MCP save (update and patch) arrives with via "mcp" and no clientId when none was sent', async () => {
    const draft = await createDraft(ws);
    const stream = await open(ws.apiKey, draft.campaignId);
    const saved = await ok(ws.apiKey, 'update-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: draft.updated_at,
      workflow_definition: connectionOnlyGraph(),
    });
    expect(await stream.next()).toEqual({ campaignId: draft.campaignId, updated_at: saved.updated_at, status: 'draft', via: 'mcp' });
    const patched = await ok(ws.apiKey, 'patch-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: saved.updated_at,
      operations: [{ op: 'update_node', id: 'invite', position: { x: 40, y: 200 } }],
    });
    expect(await stream.next()).toMatchObject({ updated_at: patched.updated_at, via: 'mcp' });
  });

  it('a launch arrives with status "active"; two streams of one campaign both get it', async () => {
    const draft = await createDraft(ws);
    const [first, second] = [await open(ws.apiKey, draft.campaignId), await open(ws.apiKey, draft.campaignId)];
    const res = await toolWithHeaders(
      ws.apiKey,
      'launch-campaign',
      { campaignId: draft.campaignId, inspectedUpdatedAt: draft.updated_at, confirm: true },
      { 'X-Client-Id': 'agent-7' },
    );
    const launched = res.body.result.structuredContent;
    const expected = { campaignId: draft.campaignId, updated_at: launched.updated_at, status: 'active', via: 'mcp', clientId: 'agent-7' };
    expect(await first.next()).toEqual(expected);
    expect(await second.next()).toEqual(expected);
  });

  it('a change of another campaign, or a refused save, sends nothing', async () => {
    const watched = await createDraft(ws);
    const other = await createDraft(ws);
    const stream = await open(ws.apiKey, watched.campaignId);
    await ok(ws.apiKey, 'update-campaign-workflow', {
      campaignId: other.campaignId,
      expectedUpdatedAt: other.updated_at,
      workflow_definition: connectionOnlyGraph(),
    });
    const stale = await toolWithHeaders(
      ws.apiKey,
      'update-campaign-workflow',
      { campaignId: watched.campaignId, expectedUpdatedAt: '2020-01-01T00:00:00.000Z', workflow_definition: connectionOnlyGraph() },
      {},
    );
    expect(stale.body.result.structuredContent.error.code).toBe('stale_edit');
    const saved = await ok(ws.apiKey, 'update-campaign-workflow', {
      campaignId: watched.campaignId,
      expectedUpdatedAt: watched.updated_at,
      workflow_definition: connectionOnlyGraph(),
    });
    // The first event the stream sees is the watched campaign's own save: nothing came before it.
    expect(await stream.next()).toMatchObject({ campaignId: watched.campaignId, updated_at: saved.updated_at });
  });

  it('another workspace’s campaign, an unknown one and a malformed id answer like every campaign route', async () => {
    const draft = await createDraft(ws);
    const stranger = await newWorkspace();
    const foreign = await api(stranger.apiKey, 'GET', changesOf(draft.campaignId));
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toContain('application/problem+json');
    expect(foreign.body).toMatchObject({ status: 404, code: 'not_found' });
    const unknown = await api(ws.apiKey, 'GET', changesOf('00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const malformed = await api(ws.apiKey, 'GET', changesOf('not-a-uuid'));
    expect(malformed.status).toBe(400);
  });

  it('401 without a key', async () => {
    const draft = await createDraft(ws);
    const res = await api(null, 'GET', changesOf(draft.campaignId));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('a malformed X-Client-Id is a 400 problem on POST /mcp and changes nothing', async () => {
    const draft = await createDraft(ws);
    for (const bad of ['x'.repeat(65), 'has space', 'tab\u00e9']) {
      const res = await toolWithHeaders(
        ws.apiKey,
        'update-campaign-workflow',
        { campaignId: draft.campaignId, expectedUpdatedAt: draft.updated_at, workflow_definition: connectionOnlyGraph() },
        { 'X-Client-Id': bad },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_request', errors: [{ path: 'X-Client-Id' }] });
    }
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).updated_at).toBe(draft.updated_at);
  });
});
