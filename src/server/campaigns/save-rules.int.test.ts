import { describe, expect, it } from 'vitest';
import { inmailFallbackGraph } from '../../domain/testing/fixtures';
import { newWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok, saveGraph } from '../testing/campaigns';

/** What a client sees of the save rules that the error-order tests do not reach. */

describe('saving and creating', async () => {
  const ws = await newWorkspace();

  it('warnings never block a save: InMail to all profiles with unknown senders is saved', async () => {
    const draft = await createDraft(ws, { senderAccountIds: [] });
    const graph = inmailFallbackGraph();
    graph.nodes.find((n) => n.type === 'inmail')!.data.only_open_profiles = false;
    const saved = await saveGraph(ws, draft, graph);
    expect(saved.workflow_definition).toEqual(graph);
    expect(saved.updated_at > draft.updated_at).toBe(true);
  });

  it('the same InMail with a known sender lacking a premium seat is refused, naming the rule break', async () => {
    const draft = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinFree] });
    const graph = inmailFallbackGraph();
    graph.nodes.find((n) => n.type === 'inmail')!.data.only_open_profiles = false;
    const error = await fails(ws.apiKey, 'update-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: draft.updated_at,
      workflow_definition: graph,
    });
    expect(error.code).toBe('invalid_workflow');
    expect(error.violations).toContainEqual(expect.objectContaining({ code: 'inmail_premium', severity: 'error', nodeId: 'inmail' }));
    expect(error.message).toMatch(/breaks 1 rule/);
  });

  it('sender ids are UUIDs in any case: stored once, in lower case', async () => {
    const upper = ws.accounts.linkedinPremium.toUpperCase();
    const c = await ok(ws.apiKey, 'create-campaign', { name: 'Case', senderAccountIds: [upper, ws.accounts.linkedinPremium] });
    expect(c.senderAccountIds).toEqual([ws.accounts.linkedinPremium]);
  });

  it('an unknown sender is named by its position', async () => {
    const error = await fails(ws.apiKey, 'create-campaign', {
      name: 'x',
      senderAccountIds: [ws.accounts.linkedinPremium, '00000000-0000-4000-8000-000000000000'],
    });
    expect(error.code).toBe('invalid_arguments');
    expect(error.errors).toEqual([{ path: 'senderAccountIds.1', message: expect.any(String) }]);
  });
});
