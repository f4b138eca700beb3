import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, NODE_TYPES } from '../../domain';
import { validWorkflow } from '../../domain/testing/arbitraries';
import { connectionOnlyGraph, edge, node, scoredFollowUpGraph } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain';
import { callTool, newWorkspace, type TestWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok, saveGraph, type CampaignRecord } from '../testing/campaigns';

/** Contract 8.1: list-node-types, validate, patch, simulate, summary views and error hints over real HTTP. */

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await newWorkspace();
});

const versions = async (campaignId: string) =>
  (await ok<{ items: unknown[] }>(ws.apiKey, 'list-campaign-versions', { campaignId })).items.length;

describe('list-node-types', () => {
  it('lists all 40 catalog types with outputs and data schemas with the spec 2.5 bounds', async () => {
    const { items } = await ok<{ items: any[] }>(ws.apiKey, 'list-node-types', {});
    expect(items.map((i) => i.type)).toEqual([...NODE_TYPES]);
    const byType = new Map(items.map((i) => [i.type, i]));
    for (const type of NODE_TYPES) {
      const outputs = CATALOG[type].outputs;
      expect(byType.get(type).outputs).toEqual(outputs.kind === 'branch' ? outputs.handles.map((h) => h.name) : []);
      expect(byType.get(type).sends).toBe(CATALOG[type].sends);
    }
    expect(byType.get('icp_scoring').dataSchema.properties.icpThreshold).toMatchObject({ type: 'number', minimum: 0, maximum: 100 });
    expect(byType.get('message').dataSchema.properties.reply_wait_days).toMatchObject({ exclusiveMinimum: 0 });
    expect(byType.get('email_campaign_push_1').dataSchema.required).toEqual(['credential_id', 'campaign_id']);
  });
});

describe('validate-campaign-workflow', () => {
  it('gives the verdict without saving or emitting anything', async () => {
    const campaign = await createDraft(ws);
    const broken = connectionOnlyGraph();
    broken.edges = broken.edges.filter((e) => !(e.source === 'invite' && e.sourceHandle === 'no_response'));
    const verdict = await ok<any>(ws.apiKey, 'validate-campaign-workflow', {
      campaignId: campaign.campaignId,
      workflow_definition: broken,
    });
    expect(verdict).toMatchObject({ valid: false, errors: 1, warnings: 0 });
    expect(verdict.violations).toEqual([expect.objectContaining({ code: 'missing_output', nodeId: 'invite', handle: 'no_response' })]);
    expect(verdict.hint).toMatch(/sourceHandle: "no_response"/);
    const good = await ok<any>(ws.apiKey, 'validate-campaign-workflow', { workflow_definition: scoredFollowUpGraph() });
    expect(good).toEqual({ valid: true, violations: [], errors: 0, warnings: 0 });
    const after = await ok(ws.apiKey, 'get-campaign', { campaignId: campaign.campaignId });
    expect(after.updated_at).toBe(campaign.updated_at);
    expect(await versions(campaign.campaignId)).toBe(0);
  });

  it('uses the campaign’s senders as context, and refuses what update refuses as arguments', async () => {
    const free = await ok(ws.apiKey, 'create-campaign', { name: 'Free', senderAccountIds: [ws.accounts.linkedinFree] });
    const inmail: WorkflowDefinition = {
      nodes: [node('start', 'start'), node('mail', 'inmail', { only_open_profiles: false }), node('end', 'end')],
      edges: [edge('start', 'mail'), edge('mail', 'end', 'replied'), edge('mail', 'end', 'no_reply')],
    };
    const withContext = await ok<any>(ws.apiKey, 'validate-campaign-workflow', {
      campaignId: free.campaignId,
      workflow_definition: inmail,
    });
    expect(withContext).toMatchObject({
      valid: false,
      violations: [expect.objectContaining({ code: 'inmail_premium', severity: 'error' })],
    });
    const without = await ok<any>(ws.apiKey, 'validate-campaign-workflow', { workflow_definition: inmail });
    expect(without).toMatchObject({ valid: true, warnings: 1 });
    expect((await fails(ws.apiKey, 'validate-campaign-workflow', {})).code).toBe('invalid_arguments');
    expect(
      (await fails(ws.apiKey, 'validate-campaign-workflow', { workflow_definition: [], extra: 1 })).errors.map((e: any) => e.path).sort(),
    ).toEqual(['extra', 'workflow_definition']);
    const missing = await fails(ws.apiKey, 'validate-campaign-workflow', { campaignId: randomUUID(), workflow_definition: inmail });
    expect(missing).toMatchObject({ code: 'not_found', hint: expect.stringMatching(/list-campaigns/) });
  });

  it('decides exactly as update-campaign-workflow for random valid and mutated graphs', async () => {
    let campaign = await createDraft(ws);
    const mutation = fc.constantFrom('none', 'drop_edge', 'bad_field', 'retarget', 'drop_node', 'bad_handle', 'inmail_closed');
    const cases = fc.sample(fc.tuple(validWorkflow, mutation, fc.nat()), { numRuns: 30, seed: 42 });
    let refused = 0;
    for (const [graph, how, pick] of cases) {
      const g = structuredClone(graph) as WorkflowDefinition;
      const n = g.nodes[pick % g.nodes.length]!;
      const e = g.edges[pick % g.edges.length]!;
      if (how === 'drop_edge') g.edges.splice(pick % g.edges.length, 1);
      else if (how === 'bad_field') n.data.icpThreshold = 101;
      else if (how === 'retarget') e.target = g.nodes[(pick + 1) % g.nodes.length]!.id;
      else if (how === 'drop_node') g.nodes.splice(pick % g.nodes.length, 1);
      else if (how === 'bad_handle') e.sourceHandle = 'maybe';
      else if (how === 'inmail_closed') g.nodes.push(node('closed_inmail', 'inmail', { only_open_profiles: false }));
      const verdict = await ok<any>(ws.apiKey, 'validate-campaign-workflow', { campaignId: campaign.campaignId, workflow_definition: g });
      const save = await callTool(ws.apiKey, 'update-campaign-workflow', {
        campaignId: campaign.campaignId,
        expectedUpdatedAt: campaign.updated_at,
        workflow_definition: g,
      });
      expect(save.isError).toBe(!verdict.valid);
      if (save.isError) {
        refused++;
        expect(save.structured.error.code).toBe('invalid_workflow');
        expect(save.structured.error.violations).toEqual(verdict.violations);
        expect(save.structured.error.hint).toBe(verdict.hint);
      } else campaign = save.structured;
    }
    expect(refused).toBeGreaterThan(5);
    expect(refused).toBeLessThan(cases.length);
  });
});

describe('patch-campaign-workflow', () => {
  const followUp = (updatedAt: string, campaignId: string) => ({
    campaignId,
    expectedUpdatedAt: updatedAt,
    operations: [
      { op: 'remove_edge', id: 'e_thanks_no_reply' },
      { op: 'add_node', node: node('nudge', 'message', { message_template: 'Still keen, {{firstName}}?' }, { x: 9, y: 9 }) },
      { op: 'add_edge', edge: { source: 'thanks', sourceHandle: 'no_reply', target: 'nudge' } },
      { op: 'add_edge', edge: { source: 'nudge', sourceHandle: 'replied', target: 'end' } },
      { op: 'add_edge', edge: { id: 'mine', source: 'nudge', sourceHandle: 'no_reply', target: 'end' } },
      { op: 'update_node', id: 'thanks', data: { reply_wait_days: 5, message_template: null } },
    ],
  });
  const withThanks = (): WorkflowDefinition => ({
    nodes: [node('start', 'start'), node('invite', 'connection_request'), node('thanks', 'message'), node('end', 'end')],
    edges: [
      edge('start', 'invite'),
      edge('invite', 'thanks', 'accepted'),
      edge('invite', 'end', 'no_response'),
      edge('thanks', 'end', 'replied'),
      edge('thanks', 'end', 'no_reply'),
    ],
  });

  it('applies operations in order and saves like a full save (version, event, new updated_at)', async () => {
    const created = await createDraft(ws);
    const base = await saveGraph(ws, created, withThanks());
    const patched = await ok(ws.apiKey, 'patch-campaign-workflow', followUp(base.updated_at, base.campaignId));
    expect(patched.updated_at > base.updated_at).toBe(true);
    expect(patched.editingMode).toBe('advanced');
    const def = patched.workflow_definition;
    expect(def.nodes.map((n) => n.id)).toEqual(['start', 'invite', 'thanks', 'end', 'nudge']);
    expect(def.edges.map((e) => e.id)).toContain('e_thanks_no_reply_nudge');
    expect(def.edges.map((e) => e.id)).toContain('mine');
    expect(def.nodes.find((n) => n.id === 'thanks')!.data).toEqual({ reply_wait_days: 5 });
    expect(await versions(base.campaignId)).toBe(2);
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: base.campaignId })).toEqual(patched);
  });

  it('names the bad operation, saves nothing, and keeps the contract-3 order', async () => {
    const created = await createDraft(ws);
    const base = await saveGraph(ws, created, withThanks());
    const args = (operations: unknown[]) => ({ campaignId: base.campaignId, expectedUpdatedAt: base.updated_at, operations });
    const missing = await fails(
      ws.apiKey,
      'patch-campaign-workflow',
      args([
        { op: 'remove_node', id: 'thanks' },
        { op: 'remove_edge', id: 'e_thanks_replied' },
      ]),
    );
    expect(missing).toMatchObject({
      code: 'invalid_arguments',
      errors: [{ path: 'operations.1.id' }],
      hint: expect.stringMatching(/get-campaign/),
    });
    const dup = await fails(ws.apiKey, 'patch-campaign-workflow', args([{ op: 'add_node', node: node('thanks', 'message') }]));
    expect(dup.errors).toEqual([expect.objectContaining({ path: 'operations.0.node.id' })]);
    const target = await fails(
      ws.apiKey,
      'patch-campaign-workflow',
      args([{ op: 'add_edge', edge: { source: 'thanks', target: 'ghost' } }]),
    );
    expect(target.errors).toEqual([expect.objectContaining({ path: 'operations.0.edge.target' })]);
    const schema = await fails(ws.apiKey, 'patch-campaign-workflow', args([{ op: 'rename_node', id: 'x' }]));
    expect(schema.errors[0].path).toBe('operations.0.op');
    expect((await fails(ws.apiKey, 'patch-campaign-workflow', args([]))).errors[0].path).toBe('operations');
    const rules = await fails(ws.apiKey, 'patch-campaign-workflow', args([{ op: 'remove_edge', id: 'e_thanks_replied' }]));
    expect(rules).toMatchObject({
      code: 'invalid_workflow',
      violations: [expect.objectContaining({ code: 'missing_output', handle: 'replied' })],
    });
    expect(rules.hint).toMatch(/^Fix first: /);
    const stale = await fails(ws.apiKey, 'patch-campaign-workflow', {
      ...args([{ op: 'remove_node', id: 'ghost' }]),
      expectedUpdatedAt: created.updated_at,
    });
    expect(stale).toMatchObject({ code: 'stale_edit', currentUpdatedAt: base.updated_at, hint: expect.stringMatching(/re-apply/) });
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: base.campaignId })).updated_at).toBe(base.updated_at);
    const live = await ok(ws.apiKey, 'launch-campaign', {
      campaignId: base.campaignId,
      inspectedUpdatedAt: base.updated_at,
      confirm: true,
    });
    const notDraft = await fails(ws.apiKey, 'patch-campaign-workflow', {
      ...args([{ op: 'remove_node', id: 'ghost' }]),
      expectedUpdatedAt: live.updated_at,
    });
    expect(notDraft).toMatchObject({ code: 'campaign_not_draft', status: 'active', hint: expect.stringMatching(/create a copy/) });
  });

  it('of 20 concurrent patches with the same expectedUpdatedAt exactly one wins', async () => {
    const created = await createDraft(ws);
    const base = await saveGraph(ws, created, withThanks());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callTool(ws.apiKey, 'patch-campaign-workflow', {
          campaignId: base.campaignId,
          expectedUpdatedAt: base.updated_at,
          operations: [{ op: 'update_node', id: 'thanks', data: { message_template: `Take ${i}` } }],
        }),
      ),
    );
    const winners = results.filter((r) => !r.isError);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.isError)) expect(loser.structured.error.code).toBe('stale_edit');
    expect(await versions(base.campaignId)).toBe(2);
    const now = await ok(ws.apiKey, 'get-campaign', { campaignId: base.campaignId });
    expect(now.updated_at).toBe(winners[0]!.structured.updated_at);
  });
});

describe('simulate-campaign and summary views', () => {
  it('walks every outcome combination of the saved graph with the prospect’s fields', async () => {
    const created = await createDraft(ws);
    const saved = await saveGraph(ws, created, scoredFollowUpGraph());
    const sim = await ok<any>(ws.apiKey, 'simulate-campaign', {
      campaignId: saved.campaignId,
      prospect: { customFields: { firstName: 'Ada' } },
    });
    expect(sim.truncated).toBe(false);
    expect(sim.paths[0].outcomes.map((o: any) => o.handle)).toEqual(['qualified', 'accepted', 'replied']);
    const outcomeSets = sim.paths.map((p: any) => p.outcomes.map((o: any) => `${o.nodeId}:${o.handle}`).join(','));
    expect(new Set(outcomeSets).size).toBe(sim.paths.length);
    expect(sim.paths.length).toBe(5); // not qualified; accepted × (replied, no reply × (replied, no reply)); no response
    for (const path of sim.paths) expect(path.endNodeId).toMatch(/^end/);
    const followUp = sim.paths.flatMap((p: any) => p.steps).find((s: any) => s.nodeId === 'follow_up');
    expect(followUp).toMatchObject({ sends: true, rendered: 'Any thoughts, Ada?', unfilledPlaceholders: [] });
    const anonymous = await ok<any>(ws.apiKey, 'simulate-campaign', { campaignId: saved.campaignId });
    expect(anonymous.paths.flatMap((p: any) => p.steps).find((s: any) => s.nodeId === 'follow_up').unfilledPlaceholders).toEqual([
      'firstName',
    ]);
    expect((await fails(ws.apiKey, 'simulate-campaign', { campaignId: randomUUID() })).code).toBe('not_found');
    // The next save is what the next simulation walks (graph texts are kept per version).
    const changed = scoredFollowUpGraph();
    for (const n of changed.nodes) if (n.id === 'follow_up') n.data.message_template = 'Still keen, {{firstName}}?';
    await saveGraph(ws, saved, changed);
    const again = await ok<any>(ws.apiKey, 'simulate-campaign', {
      campaignId: saved.campaignId,
      prospect: { customFields: { firstName: 'Ada' } },
    });
    expect(again.paths.flatMap((p: any) => p.steps).find((s: any) => s.nodeId === 'follow_up').rendered).toBe('Still keen, Ada?');
  });

  it('view: "summary" replaces the graph by its counts on get and list', async () => {
    const created = await createDraft(ws);
    const summary = await ok<any>(ws.apiKey, 'get-campaign', { campaignId: created.campaignId, view: 'summary' });
    expect(summary.workflow_definition).toEqual({ nodeCount: 3, edgeCount: 3, types: { start: 1, connection_request: 1, end: 1 } });
    expect(summary.updated_at).toBe(created.updated_at);
    const list = await ok<{ items: any[] }>(ws.apiKey, 'list-campaigns', { view: 'summary', limit: 100 });
    for (const item of list.items) expect(item.workflow_definition.nodes).toBeUndefined();
    const full = await ok<{ items: CampaignRecord[] }>(ws.apiKey, 'list-campaigns', { limit: 1 });
    expect(full.items[0]!.workflow_definition.nodes.length).toBeGreaterThan(0);
  });
});
