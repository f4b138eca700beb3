import { describe, expect, it } from 'vitest';
import { findTemplate } from '../../domain/paths';
import type { WorkflowDefinition } from '../../domain';
import { createAccount, createWorkspace } from '../admin/ops';
import type { Queryable } from '../db/types';
import { WITHOUT_REQUEST } from '../http/change-origin';
import { cursorCodec, timeIdKey, type TimeIdKey } from '../http/pagination';
import { apiFailure } from '../testing/api-failure';
import { embeddedWebhooks } from '../testing/embedded-webhooks';
import { patchCampaignWorkflow } from './agent-ops';
import { createCampaign, getCampaign, judgeWorkflow, launchCampaign, updateCampaignWorkflow, type Campaign } from './service';
import { getCampaignVersion, listCampaigns, listCampaignVersions } from './listing';

/**
 * The save of a draft's graph as the tools' caller sees it (contract 3/4, spec 4.1), on an embedded
 * database without HTTP: saved verbatim with its counts, the replaced graph kept as a version, one
 * event per save; refused in contract-3 order (not found, not draft, stale, invalid) changing nothing.
 */
describe('saving a draft campaign’s graph', () => {
  const env = embeddedWebhooks('save');
  const ws = () => ({ id: env.workspaceId, slug: 'save' });
  const ms = (c: Campaign) => Date.parse(c.updated_at);
  const failure = apiFailure;
  let sender = '';
  const draft = async () => {
    if (!sender) sender = (await createAccount(env.db, env.workspaceId, { channel: 'professional_network', name: 'Ada' })).accountId;
    return createCampaign(env.db, ws(), { name: 'Q3 founders', senderAccountIds: [sender] });
  };
  /** The default graph with a different connection note: another valid graph. */
  const edited = (note: string): WorkflowDefinition => {
    const graph = findTemplate('connection-only')!.build();
    const invite = graph.nodes.find((n) => n.type === 'connection_request')!;
    invite.data = { ...invite.data, message_template: note };
    return graph;
  };
  let workspaces = 0;
  /** A fresh workspace of its own, so a list sees only what the test made. */
  const embeddedWorkspace = async () => {
    const { workspaceId } = await createWorkspace(env.db, `list-${++workspaces}`);
    return { id: workspaceId, slug: `list-${workspaces}` };
  };
  const eventsOf = async (type: string, campaignId: string) =>
    (await env.db.query<{ body: string }>('SELECT body FROM events WHERE type = $1 ORDER BY created_at', [type])).rows
      .map((r) => JSON.parse(r.body).data)
      .filter((d) => d.campaignId === campaignId);

  it('saves the graph as given, moves updated_at on, keeps the old graph as a version and tells subscribers', async () => {
    const campaign = await draft();
    const graph = edited('Hello {{firstName}}');
    const saved = await updateCampaignWorkflow(env.db, ws(), {
      campaignId: campaign.campaignId,
      expectedUpdatedAtMs: ms(campaign),
      workflowDefinition: graph,
    });
    expect(saved.workflow_definition).toEqual(graph);
    expect(ms(saved)).toBeGreaterThan(ms(campaign));
    expect((await getCampaign(env.db, ws(), campaign.campaignId)).workflow_definition).toEqual(graph);

    const versions = await listCampaignVersions(env.db, ws(), campaign.campaignId);
    expect(versions.items).toHaveLength(1);
    expect(versions.items[0]).toMatchObject({ version: 1, nodeCount: campaign.workflow_definition.nodes.length });
    expect(versions.current).toMatchObject({ version: 2, savedVia: 'other', summary: expect.stringMatching(/^Changed /) });
    const v1 = await getCampaignVersion(env.db, ws(), campaign.campaignId, 1);
    expect(v1.workflow_definition).toEqual(campaign.workflow_definition);

    const [event] = await eventsOf('campaign.workflow_updated', campaign.campaignId);
    expect(event).toEqual({
      campaignId: campaign.campaignId,
      workspaceId: env.workspaceId,
      name: 'Q3 founders',
      status: 'draft',
      editingMode: saved.editingMode,
      updated_at: saved.updated_at,
      nodeCount: graph.nodes.length,
      edgeCount: graph.edges.length,
      version: 2, // the saved graph is the campaign's second
    });
  });

  it('refuses a stamp from before or after the current one as stale, naming the current one', async () => {
    const campaign = await draft();
    for (const stamp of [ms(campaign) - 1, ms(campaign) + 1]) {
      const err = await failure(
        updateCampaignWorkflow(env.db, ws(), {
          campaignId: campaign.campaignId,
          expectedUpdatedAtMs: stamp,
          workflowDefinition: edited('x'),
        }),
      );
      expect(err).toMatchObject({ status: 409, code: 'stale_edit', extras: { currentUpdatedAt: campaign.updated_at } });
      expect(err.detail).toBe('The campaign changed since you read it: read it again with get-campaign and pass its updated_at.');
    }
    expect(await getCampaign(env.db, ws(), campaign.campaignId)).toEqual(campaign);
  });

  it('of two saves at one stamp, the second is stale and the first one’s graph stays', async () => {
    const campaign = await draft();
    const input = (note: string) => ({
      campaignId: campaign.campaignId,
      expectedUpdatedAtMs: ms(campaign),
      workflowDefinition: edited(note),
    });
    const [first, second] = await Promise.allSettled([
      updateCampaignWorkflow(env.db, ws(), input('first')),
      updateCampaignWorkflow(env.db, ws(), input('second')),
    ]);
    const results = [first, second];
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost[0]!.reason).toMatchObject({ code: 'stale_edit' });
    const stored = await getCampaign(env.db, ws(), campaign.campaignId);
    expect(stored).toEqual((won[0] as PromiseFulfilledResult<Campaign>).value);
  });

  it('refuses an invalid graph with every violation and the way out, saving nothing', async () => {
    const campaign = await draft();
    const err = await failure(
      updateCampaignWorkflow(env.db, ws(), {
        campaignId: campaign.campaignId,
        expectedUpdatedAtMs: ms(campaign),
        workflowDefinition: { nodes: [], edges: [] },
      }),
    );
    expect(err.status).toBe(422);
    expect(err.code).toBe('invalid_workflow');
    expect(err.detail).toMatch(/^The workflow breaks \d+ rule\(s\); nothing was saved\.$/);
    expect((err.extras as { violations: unknown[] }).violations.length).toBeGreaterThan(0);
    expect(err.extras).toHaveProperty('hint');
    expect(await getCampaign(env.db, ws(), campaign.campaignId)).toEqual(campaign);
    expect((await listCampaignVersions(env.db, ws(), campaign.campaignId)).items).toEqual([]);
  });

  it('checks in contract-3 order: stale before invalid, not draft before stale, unknown first', async () => {
    const campaign = await draft();
    const bad = { nodes: [], edges: [] };
    const staleAndInvalid = await failure(
      updateCampaignWorkflow(env.db, ws(), { campaignId: campaign.campaignId, expectedUpdatedAtMs: 1, workflowDefinition: bad }),
    );
    expect(staleAndInvalid.code).toBe('stale_edit');

    const launched = await launchCampaign(env.db, ws(), { campaignId: campaign.campaignId, inspectedUpdatedAtMs: ms(campaign) });
    expect(launched.status).toBe('active');
    const notDraft = await failure(
      updateCampaignWorkflow(env.db, ws(), { campaignId: campaign.campaignId, expectedUpdatedAtMs: 1, workflowDefinition: bad }),
    );
    expect(notDraft).toMatchObject({ status: 409, code: 'campaign_not_draft', extras: { status: 'active' } });
    expect(notDraft.detail).toContain('The campaign is active');

    const unknown = await failure(
      updateCampaignWorkflow(env.db, ws(), {
        campaignId: '00000000-0000-4000-8000-000000000000',
        expectedUpdatedAtMs: 1,
        workflowDefinition: bad,
      }),
    );
    expect(unknown).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('a launch needs the stamp the caller inspected, and tells subscribers', async () => {
    const campaign = await draft();
    const stale = await failure(launchCampaign(env.db, ws(), { campaignId: campaign.campaignId, inspectedUpdatedAtMs: ms(campaign) + 1 }));
    expect(stale).toMatchObject({ code: 'stale_edit', extras: { currentUpdatedAt: campaign.updated_at } });
    expect(stale.extras).toHaveProperty('hint');
    const launched = await launchCampaign(env.db, ws(), { campaignId: campaign.campaignId, inspectedUpdatedAtMs: ms(campaign) });
    expect(await eventsOf('campaign.launched', campaign.campaignId)).toEqual([
      {
        campaignId: campaign.campaignId,
        workspaceId: env.workspaceId,
        name: 'Q3 founders',
        status: 'active',
        updated_at: launched.updated_at,
        senderAccountIds: [sender],
      },
    ]);
  });

  it('judges a graph once for every surface: errors and warnings counted, the way out only when invalid', () => {
    const valid = judgeWorkflow(findTemplate('connection-only')!.build(), {});
    expect(valid).toMatchObject({ valid: true, errors: 0 });
    expect(valid.warnings).toBe(valid.violations.length);
    expect(valid).not.toHaveProperty('hint');
    const invalid = judgeWorkflow({ nodes: [], edges: [] }, {});
    expect(invalid.valid).toBe(false);
    expect(invalid.errors).toBe(invalid.violations.filter((v) => v.severity === 'error').length);
    expect(invalid.errors + invalid.warnings).toBe(invalid.violations.length);
    expect(typeof invalid.hint).toBe('string');
  });

  it('a new campaign starts from the given graph only when it is valid, else from the default one', async () => {
    await draft();
    const given = edited('Given note');
    const created = await createCampaign(env.db, ws(), { name: 'Given', senderAccountIds: [], workflowDefinition: given });
    expect(created.workflow_definition).toEqual(given);
    expect((await getCampaign(env.db, ws(), created.campaignId)).workflow_definition).toEqual(given);
    const plain = await createCampaign(env.db, ws(), { name: 'Plain', senderAccountIds: [sender] });
    expect(plain.workflow_definition).toEqual(findTemplate('connection-only')!.build());
    expect(plain.senderAccountIds).toEqual([sender]);
    const refused = await failure(
      createCampaign(env.db, ws(), { name: 'Bad', senderAccountIds: [], workflowDefinition: { nodes: [], edges: [] } }),
    );
    expect(refused).toMatchObject({ status: 422, code: 'invalid_workflow' });
  });

  it('lists newest first in pages whose cursor only fits the same filter, in full or as counts', async () => {
    const other = embeddedWorkspace;
    const w = await other();
    // updated_at one second apart: campaigns made within one millisecond would tie (and be ordered by id)
    let stamp = Date.parse('2026-01-01T00:00:00.000Z');
    const make = async (name: string) => {
      const { campaignId } = await createCampaign(env.db, w, { name, senderAccountIds: [] });
      await env.db.query('UPDATE campaigns SET updated_at = $2 WHERE id = $1', [campaignId, new Date((stamp += 1000))]);
      return getCampaign(env.db, w, campaignId);
    };
    const first = await make('one');
    const second = await make('two');
    const third = await make('three');
    const page1 = await listCampaigns(env.db, w, { limit: 2 });
    expect(page1.items.map((c) => (c as Campaign).name)).toEqual(['three', 'two']);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await listCampaigns(env.db, w, { limit: 2, cursor: page1.nextCursor! });
    // A list item adds its stats (contract 10.1): zeros for a draft.
    const noStats = { prospects: 0, contacted: 0, accepted: 0, replied: 0, replyRate: 0 };
    expect(page2).toEqual({ items: [{ ...first, stats: noStats }], nextCursor: null });
    const summary = await listCampaigns(env.db, w, { limit: 1, view: 'summary' });
    expect(summary.items[0]!.workflow_definition).toEqual({
      nodeCount: third.workflow_definition.nodes.length,
      edgeCount: third.workflow_definition.edges.length,
      types: { start: 1, connection_request: 1, end: third.workflow_definition.nodes.length - 2 },
    });
    const elsewhere = await failure(listCampaigns(env.db, w, { limit: 2, status: 'active', cursor: page1.nextCursor! }));
    expect(elsewhere).toMatchObject({
      status: 400,
      code: 'invalid_arguments',
      detail: 'The cursor is not one this server issued for these filters: start again without a cursor.',
      extras: { errors: [{ path: 'cursor', message: 'Not a cursor list-campaigns issued for these filters.' }] },
    });
    expect(second.name).toBe('two');
  });

  it('a cursor fits only the list and the status it was issued for', async () => {
    const w = await embeddedWorkspace();
    for (const name of ['one', 'two']) await createCampaign(env.db, w, { name, senderAccountIds: [] });
    const drafts = await listCampaigns(env.db, w, { limit: 1, status: 'draft' });
    expect(drafts.nextCursor).not.toBeNull();
    const badCursor = { status: 400, code: 'invalid_arguments', extras: { errors: [{ path: 'cursor' }] } };
    expect(await failure(listCampaigns(env.db, w, { limit: 1, status: 'active', cursor: drafts.nextCursor! }))).toMatchObject(badCursor);
    // the same filters and key, signed for another list
    const key: TimeIdKey = [drafts.items[0]!.updated_at, drafts.items[0]!.campaignId];
    const foreign = await cursorCodec(env.db, 'conversations', { workspaceId: w.id, status: 'draft' }, timeIdKey).encode(key);
    expect(await failure(listCampaigns(env.db, w, { limit: 1, status: 'draft', cursor: foreign }))).toMatchObject(badCursor);
    const own = await cursorCodec(env.db, 'campaigns', { workspaceId: w.id, status: 'draft', archived: false }, timeIdKey).encode(key);
    expect((await listCampaigns(env.db, w, { limit: 1, status: 'draft', cursor: own })).items).toHaveLength(1);
  });

  it('a database failure while reading a cursor is not blamed on the cursor', async () => {
    const w = await embeddedWorkspace();
    const broken: Queryable = {
      query: (sql, params) => (sql.includes('server_secrets') ? Promise.reject(new Error('connection lost')) : env.db.query(sql, params)),
    };
    // any cursor: its signature cannot be checked without the secret
    await expect(listCampaigns(broken, w, { limit: 1, cursor: 'payload.signature' })).rejects.toThrow('connection lost');
  });

  it('an earlier graph that does not exist is 404, naming how to list them', async () => {
    const campaign = await draft();
    const err = await failure(getCampaignVersion(env.db, ws(), campaign.campaignId, 7));
    expect(err).toMatchObject({ status: 404, code: 'not_found' });
    expect(err.detail).toBe('Campaign has no version 7: list them with list-campaign-versions.');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await failure(listCampaignVersions(env.db, ws(), unknown))).toMatchObject({ status: 404 });
    expect(await failure(getCampaignVersion(env.db, ws(), unknown, 1))).toMatchObject({ status: 404 });
    const notFound = { status: 404, code: 'not_found', detail: 'No campaign with that campaignId in this workspace.' };
    expect(await failure(getCampaign(env.db, ws(), unknown))).toMatchObject(notFound);
    expect(await failure(getCampaignVersion(env.db, ws(), unknown, 1))).toMatchObject(notFound);
    // another workspace's campaign, with a version 1 of its own, is not found either
    const saved = await updateCampaignWorkflow(env.db, ws(), {
      campaignId: campaign.campaignId,
      expectedUpdatedAtMs: ms(campaign),
      workflowDefinition: edited('v2'),
    });
    expect((await getCampaignVersion(env.db, ws(), saved.campaignId, 1)).version).toBe(1);
    const elsewhere = await embeddedWorkspace();
    expect(await failure(getCampaignVersion(env.db, elsewhere, saved.campaignId, 1))).toMatchObject(notFound);
    expect(await failure(listCampaignVersions(env.db, elsewhere, saved.campaignId))).toMatchObject(notFound);
  });

  it('a patch whose operation cannot be applied is invalid_arguments naming it, with the way out, saving nothing', async () => {
    const campaign = await draft();
    const err = await failure(
      patchCampaignWorkflow(
        env.db,
        ws(),
        { campaignId: campaign.campaignId, expectedUpdatedAtMs: ms(campaign), operations: [{ op: 'remove_node', id: 'no-such-node' }] },
        WITHOUT_REQUEST,
      ),
    );
    expect(err).toMatchObject({ status: 400, code: 'invalid_arguments', extras: { errors: [{ path: 'operations.0.id' }] } });
    expect(err.detail).toMatch(/^Operation 0 cannot be applied: .* Nothing was saved\.$/);
    expect((err.extras as { hint: string }).hint).toMatch(/^Call get-campaign to see the node and edge ids/);
    expect(await getCampaign(env.db, ws(), campaign.campaignId)).toEqual(campaign);
  });

  it('a new campaign needs senders of this workspace, named by position', async () => {
    await draft();
    const err = await failure(
      createCampaign(env.db, ws(), { name: 'x', senderAccountIds: [sender.toUpperCase(), '00000000-0000-4000-8000-000000000000'] }),
    );
    expect(err).toMatchObject({ status: 400, code: 'invalid_arguments' });
    expect(err.detail).toBe('senderAccountIds must name accounts of this workspace.');
    expect(err.extras).toEqual({ errors: [{ path: 'senderAccountIds.1', message: 'Not an account of this workspace.' }] });
  });
});
