import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { newWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok } from '../testing/campaigns';

/**
 * What a client sees for two defects the rest of the suite let through: a stamp from
 * the future is stale like any other mismatch (contract 3: compared as instants, stale before
 * invalid_workflow, `currentUpdatedAt` names the real stamp), and handle names are exact.
 */

const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

describe('a stamp from the future is a stale edit', async () => {
  const ws = await newWorkspace();

  it('update-campaign-workflow: stale_edit with the current stamp, and nothing saved', async () => {
    const draft = await createDraft(ws);
    const error = await fails(ws.apiKey, 'update-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: later(draft.updated_at, 60_000),
      workflow_definition: connectionOnlyGraph(),
    });
    expect(error.code).toBe('stale_edit');
    expect(error.currentUpdatedAt).toBe(draft.updated_at);
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).toEqual(draft);
  });

  it('update-campaign-workflow: stale comes before invalid_workflow, even one millisecond ahead', async () => {
    const draft = await createDraft(ws);
    const broken = { nodes: [{ id: 'x', type: 'nope', position: { x: 0, y: 0 }, data: {} }], edges: [] };
    const error = await fails(ws.apiKey, 'update-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: later(draft.updated_at, 1),
      workflow_definition: broken,
    });
    expect(error.code).toBe('stale_edit');
    expect(error.currentUpdatedAt).toBe(draft.updated_at);
  });

  it('launch-campaign: stale_edit with the current stamp, and the campaign stays a draft', async () => {
    const draft = await createDraft(ws);
    const error = await fails(ws.apiKey, 'launch-campaign', {
      campaignId: draft.campaignId,
      inspectedUpdatedAt: later(draft.updated_at, 60_000),
      confirm: true,
    });
    expect(error.code).toBe('stale_edit');
    expect(error.currentUpdatedAt).toBe(draft.updated_at);
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).status).toBe('draft');
  });

  it('a stamp from the past is stale too (the ordinary case, for symmetry)', async () => {
    const draft = await createDraft(ws);
    const error = await fails(ws.apiKey, 'launch-campaign', {
      campaignId: draft.campaignId,
      inspectedUpdatedAt: later(draft.updated_at, -1),
      confirm: true,
    });
    expect(error.code).toBe('stale_edit');
    expect(error.currentUpdatedAt).toBe(draft.updated_at);
  });
});

describe('handle names are exact over MCP', async () => {
  const ws = await newWorkspace();

  it("update-campaign-workflow refuses 'Accepted' for accepted and saves nothing", async () => {
    const draft = await createDraft(ws);
    const graph = connectionOnlyGraph();
    const accepted = graph.edges.find((e) => e.sourceHandle === 'accepted')!;
    accepted.sourceHandle = 'Accepted';
    const error = await fails(ws.apiKey, 'update-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: draft.updated_at,
      workflow_definition: graph,
    });
    expect(error.code).toBe('invalid_workflow');
    const codes = error.violations.map((v: { code: string }) => v.code);
    expect(error.violations).toContainEqual(
      expect.objectContaining({ code: 'unknown_source_handle', edgeId: accepted.id, handle: 'Accepted', severity: 'error' }),
    );
    // the real `accepted` output is then unconnected
    expect(codes).toContain('missing_output');
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).toEqual(draft);
  });
});
