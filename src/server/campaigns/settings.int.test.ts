import { describe, expect, it } from 'vitest';
import { api, newWorkspace } from '../testing/fixtures';
import { createDraft, fails, ok } from '../testing/campaigns';

/**
 * A campaign's settings beside its graph: rename and senders (update-campaign, PATCH), deleting a
 * draft (delete-campaign, DELETE), archive and restore (contract 4), and contract 9.4's no_sender,
 * which refuses a launch.
 */

describe('campaign settings', async () => {
  const ws = await newWorkspace();
  const launchArgs = (c: { campaignId: string; updated_at: string }) => ({
    campaignId: c.campaignId,
    inspectedUpdatedAt: c.updated_at,
    confirm: true,
  });

  it('renames and replaces the senders without moving updated_at, by tool and by REST', async () => {
    const draft = await createDraft(ws);
    const renamed = await ok(ws.apiKey, 'update-campaign', { campaignId: draft.campaignId, name: '  Q4 founders  ' });
    expect(renamed).toMatchObject({ name: 'Q4 founders', senderAccountIds: draft.senderAccountIds, updated_at: draft.updated_at });
    expect(renamed.workflow_definition).toEqual(draft.workflow_definition);

    const patched = await api(ws.apiKey, 'PATCH', `/api/v1/campaigns/${draft.campaignId}`, {
      senderAccountIds: [ws.accounts.whatsapp.toUpperCase(), ws.accounts.linkedinFree, ws.accounts.whatsapp],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Q4 founders', senderAccountIds: [ws.accounts.whatsapp, ws.accounts.linkedinFree] });
    expect(patched.body.updated_at).toBe(draft.updated_at);
  });

  it('refuses an empty change, an unknown sender and a missing campaign, changing nothing', async () => {
    const draft = await createDraft(ws);
    expect((await fails(ws.apiKey, 'update-campaign', { campaignId: draft.campaignId })).code).toBe('invalid_arguments');
    const unknown = await fails(ws.apiKey, 'update-campaign', {
      campaignId: draft.campaignId,
      senderAccountIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown).toMatchObject({ code: 'invalid_arguments', errors: [{ path: 'senderAccountIds.0' }] });
    const blank = await api(ws.apiKey, 'PATCH', `/api/v1/campaigns/${draft.campaignId}`, { name: '   ' });
    expect(blank.status).toBe(400);
    const missing = await api(ws.apiKey, 'PATCH', '/api/v1/campaigns/00000000-0000-4000-8000-000000000000', { name: 'x' });
    expect(missing.status).toBe(404);
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).toMatchObject({
      name: draft.name,
      senderAccountIds: draft.senderAccountIds,
    });
  });

  it('refuses to launch a campaign with no sender for its sending steps (no_sender), then launches once one is added', async () => {
    const draft = await createDraft(ws, { senderAccountIds: [] });
    const verdict = await ok<{ valid: boolean; violations: { code: string; severity: string }[] }>(
      ws.apiKey,
      'validate-campaign-workflow',
      {
        campaignId: draft.campaignId,
        workflow_definition: draft.workflow_definition,
      },
    );
    expect(verdict.valid).toBe(true);
    expect(verdict.violations).toContainEqual(expect.objectContaining({ code: 'no_sender', severity: 'warning' }));

    const refused = await fails(ws.apiKey, 'launch-campaign', launchArgs(draft));
    expect(refused.code).toBe('invalid_workflow');
    expect(refused.violations).toContainEqual(expect.objectContaining({ code: 'no_sender' }));
    expect(refused.hint).toMatch(/Add a sender account/);

    // A WhatsApp account cannot send a connection request.
    await ok(ws.apiKey, 'update-campaign', { campaignId: draft.campaignId, senderAccountIds: [ws.accounts.whatsapp] });
    expect((await fails(ws.apiKey, 'launch-campaign', launchArgs(draft))).code).toBe('invalid_workflow');

    await ok(ws.apiKey, 'update-campaign', { campaignId: draft.campaignId, senderAccountIds: [ws.accounts.linkedinFree] });
    expect((await ok(ws.apiKey, 'launch-campaign', launchArgs(draft))).status).toBe('active');
  });

  it('deletes a draft with its versions, and refuses to delete a launched campaign', async () => {
    const draft = await createDraft(ws);
    expect(await ok(ws.apiKey, 'delete-campaign', { campaignId: draft.campaignId })).toEqual({
      campaignId: draft.campaignId,
      deleted: true,
    });
    expect((await fails(ws.apiKey, 'get-campaign', { campaignId: draft.campaignId })).code).toBe('not_found');
    expect((await fails(ws.apiKey, 'delete-campaign', { campaignId: draft.campaignId })).code).toBe('not_found');

    const other = await createDraft(ws);
    expect((await api(ws.apiKey, 'DELETE', `/api/v1/campaigns/${other.campaignId}`)).status).toBe(204);

    const live = await createDraft(ws);
    await ok(ws.apiKey, 'launch-campaign', launchArgs(live));
    const refused = await api(ws.apiKey, 'DELETE', `/api/v1/campaigns/${live.campaignId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'campaign_not_draft' });
    expect(refused.body.detail).toMatch(/duplicate it/);
    expect((await ok(ws.apiKey, 'get-campaign', { campaignId: live.campaignId })).status).toBe('active');
  });

  it('archives a campaign out of the everyday list and restores it, by tool and by REST', async () => {
    const names = async (args: Record<string, unknown>) =>
      (await ok<{ items: { name: string }[] }>(ws.apiKey, 'list-campaigns', { view: 'summary', ...args })).items.map((c) => c.name);
    const draft = await createDraft(ws, { name: 'To archive' });
    expect(draft.archivedAt).toBeNull();

    const archived = await ok(ws.apiKey, 'update-campaign', { campaignId: draft.campaignId, archived: true });
    expect(archived).toMatchObject({ archivedAt: expect.stringMatching(/Z$/), updated_at: draft.updated_at, status: 'draft' });
    expect(await names({})).not.toContain('To archive');
    expect(await names({ archived: true })).toContain('To archive');
    expect(await names({ archived: true, status: 'active' })).not.toContain('To archive');
    // Archiving again keeps the first date.
    expect((await ok(ws.apiKey, 'update-campaign', { campaignId: draft.campaignId, archived: true })).archivedAt).toBe(archived.archivedAt);

    const restored = await api(ws.apiKey, 'PATCH', `/api/v1/campaigns/${draft.campaignId}`, { archived: false });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ archivedAt: null, name: 'To archive' });
    expect(await names({})).toContain('To archive');
    expect(await names({ archived: true })).not.toContain('To archive');
  });

  it('refuses to archive a running campaign (campaign_running), archives it once paused, and keeps cursors to their filter', async () => {
    const live = await createDraft(ws, { name: 'Running one' });
    await ok(ws.apiKey, 'launch-campaign', launchArgs(live));
    const refused = await fails(ws.apiKey, 'update-campaign', { campaignId: live.campaignId, archived: true, name: 'Renamed' });
    expect(refused).toMatchObject({ code: 'campaign_running', status: 'active' });
    expect(refused.hint).toMatch(/pause or stop/);
    const rest = await api(ws.apiKey, 'PATCH', `/api/v1/campaigns/${live.campaignId}`, { archived: true });
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ code: 'campaign_running', status: 409, campaignStatus: 'active' });
    expect(await ok(ws.apiKey, 'get-campaign', { campaignId: live.campaignId })).toMatchObject({ name: 'Running one', archivedAt: null });

    expect((await api(ws.apiKey, 'POST', `/api/v1/campaigns/${live.campaignId}/pause`, {})).status).toBe(200);
    expect((await ok(ws.apiKey, 'update-campaign', { campaignId: live.campaignId, archived: true })).archivedAt).not.toBeNull();

    await createDraft(ws);
    await createDraft(ws);
    const page = await ok<{ nextCursor: string | null }>(ws.apiKey, 'list-campaigns', { view: 'summary', limit: 1 });
    expect(page.nextCursor).not.toBeNull();
    const crossed = await fails(ws.apiKey, 'list-campaigns', { archived: true, cursor: page.nextCursor });
    expect(crossed.code).toBe('invalid_arguments');
  });
});
