import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { newWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok, saveGraph } from '../testing/campaigns';

/**
 * Contract 8.6: provider_limit and invalid_url are warnings — a save goes through — but launch-campaign
 * refuses while one remains, as invalid_workflow with those violations, after the other checks of
 * contract 3's order. Contract 8.4: a text that cannot be stored is invalid_field, never a 5xx.
 */

const withNote = (note: string) => {
  const g = connectionOnlyGraph();
  g.nodes[1]!.data.message_template = note;
  return g;
};

const withHttpUrl = (url: string) => {
  const g = connectionOnlyGraph();
  g.nodes.push({ id: 'call', type: 'http_request', position: { x: 0, y: 300 }, data: { method: 'POST', url } });
  g.edges = g.edges.map((e) => (e.sourceHandle === 'accepted' ? { ...e, target: 'call' } : e));
  g.edges.push({ id: 'e_call', source: 'call', target: 'end' });
  return g;
};

const launch = (apiKey: string, c: { campaignId: string; updated_at: string }) =>
  ({ campaignId: c.campaignId, inspectedUpdatedAt: c.updated_at, confirm: true }) as Record<string, unknown>;

describe('launch readiness (contract 8.6)', async () => {
  const ws = await newWorkspace();

  it('saves a 301-character connection note with a warning, then refuses to launch it', async () => {
    const draft = await createDraft(ws);
    const saved = await saveGraph(ws, draft, withNote('n'.repeat(301)));
    const error = await fails(ws.apiKey, 'launch-campaign', launch(ws.apiKey, saved));
    expect(error.code).toBe('invalid_workflow');
    expect(error.violations).toContainEqual(
      expect.objectContaining({ code: 'provider_limit', severity: 'warning', nodeId: 'invite', path: 'nodes.1.data.message_template' }),
    );
    const after = await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId });
    expect(after).toMatchObject({ status: 'draft', updated_at: saved.updated_at });
  });

  it('uses the 200-character limit when a sender has no premium seat, and names that sender', async () => {
    const note = 'n'.repeat(250);
    const free = await createDraft(ws, { senderAccountIds: [ws.accounts.linkedinFree] });
    const savedFree = await saveGraph(ws, free, withNote(note));
    const error = await fails(ws.apiKey, 'launch-campaign', launch(ws.apiKey, savedFree));
    const violation = error.violations.find((v: { code: string }) => v.code === 'provider_limit');
    expect(violation.message).toMatch(/at most 200/);
    expect(violation.message).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);

    const premium = await createDraft(ws);
    const savedPremium = await saveGraph(ws, premium, withNote(note));
    expect((await ok(ws.apiKey, 'launch-campaign', launch(ws.apiKey, savedPremium))).status).toBe('active');
  });

  it('refuses to launch an HTTP request whose URL is not a web address; launches once fixed', async () => {
    const draft = await createDraft(ws);
    const saved = await saveGraph(ws, draft, withHttpUrl('not a url'));
    const error = await fails(ws.apiKey, 'launch-campaign', launch(ws.apiKey, saved));
    expect(error.code).toBe('invalid_workflow');
    expect(error.violations).toContainEqual(expect.objectContaining({ code: 'invalid_url', nodeId: 'call', path: 'nodes.3.data.url' }));
    const fixed = await saveGraph(ws, saved, withHttpUrl('https://api.example.com/leads'));
    expect((await ok(ws.apiKey, 'launch-campaign', launch(ws.apiKey, fixed))).status).toBe('active');
  });

  it('keeps contract 3 order: a stale inspection is stale_edit before the readiness check', async () => {
    const draft = await createDraft(ws);
    const saved = await saveGraph(ws, draft, withNote('n'.repeat(400)));
    const error = await fails(ws.apiKey, 'launch-campaign', launch(ws.apiKey, draft));
    expect(error).toMatchObject({ code: 'stale_edit', currentUpdatedAt: saved.updated_at });
  });
});

describe('unstorable text inside a graph (contract 8.4)', async () => {
  const ws = await newWorkspace();

  it.each([
    ['a NUL character in an extra data property', 'note', 'a\u0000b'],
    ['a lone surrogate in the note', 'message_template', 'Hi \ud800'],
  ])('%s is invalid_field naming its path, and nothing is saved', async (_name, key, value) => {
    const draft = await createDraft(ws);
    const g = connectionOnlyGraph();
    g.nodes[1]!.data[key] = value;
    const error = await fails(ws.apiKey, 'update-campaign-workflow', {
      campaignId: draft.campaignId,
      expectedUpdatedAt: draft.updated_at,
      workflow_definition: g,
    });
    expect(error.code).toBe('invalid_workflow');
    expect(error.violations).toContainEqual(
      expect.objectContaining({ code: 'invalid_field', path: `nodes.1.data.${key}`, nodeId: 'invite' }),
    );
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).updated_at).toBe(draft.updated_at);
  });
});
