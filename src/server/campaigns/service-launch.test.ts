import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition } from '../../domain';
import { findTemplate } from '../../domain/paths';
import { createAccount } from '../admin/ops';
import { ApiError } from '../http/errors';
import { apiFailure } from '../testing/api-failure';
import { embeddedWebhooks } from '../testing/embedded-webhooks';
import { createCampaign, getCampaign, judgeWorkflow, launchCampaign, updateCampaignWorkflow, type Campaign } from './service';

/**
 * What the campaign's senders change (spec 4.1 rule 10, contract 8.6) and launching (contract 4), on
 * an embedded database without HTTP: a save or launch is judged with the senders' premium seats; a
 * launch is refused while the saved graph has a blocking warning; of two launches one wins.
 */
describe('launching, and the senders a graph is judged with', () => {
  const env = embeddedWebhooks('launch');
  const ws = () => ({ id: env.workspaceId, slug: 'launch' });
  const ms = (c: Campaign) => Date.parse(c.updated_at);
  const sender = async (name: string, premium: boolean) =>
    (await createAccount(env.db, env.workspaceId, { channel: 'professional_network', name, premium })).accountId;
  /** The default graph with its connection note replaced. */
  const withNote = (note: string): WorkflowDefinition => {
    const graph = findTemplate('connection-only')!.build();
    const invite = graph.nodes.find((n) => n.type === 'connection_request')!;
    invite.data = { ...invite.data, message_template: note };
    return graph;
  };
  /** A graph with an InMail step sent to every profile (so its senders need a premium seat). */
  const withInmail = (): WorkflowDefinition => {
    const graph = findTemplate('inmail-fallback')!.build();
    const inmail = graph.nodes.find((n) => n.type === 'inmail')!;
    inmail.data = { ...inmail.data, only_open_profiles: false };
    return graph;
  };
  const launchedEvents = async (campaignId: string) =>
    (await env.db.query<{ body: string }>(`SELECT body FROM events WHERE type = 'campaign.launched'`)).rows.filter(
      (r) => JSON.parse(r.body).data.campaignId === campaignId,
    );
  const launch = (c: Campaign) => launchCampaign(env.db, ws(), { campaignId: c.campaignId, inspectedUpdatedAtMs: ms(c) });

  it('refuses to launch while the note is over the limit of a sender without a premium seat; the campaign stays a draft', async () => {
    const note = 'x'.repeat(250); // a premium seat allows 300 characters, none 200
    const campaign = await createCampaign(env.db, ws(), {
      name: 'Long note',
      senderAccountIds: [await sender('Ada', false)],
      workflowDefinition: withNote(note),
    });
    const err = await apiFailure(launch(campaign));
    expect(err).toMatchObject({
      status: 422,
      code: 'invalid_workflow',
      detail: 'The saved workflow has 1 problem(s) to fix before launch; the campaign was not launched.',
    });
    const extras = err.extras as { violations: { code: string; severity: string }[]; hint: string };
    expect(extras.violations).toEqual([expect.objectContaining({ code: 'provider_limit', severity: 'warning' })]);
    expect(extras.hint).toMatch(/^Fix first: The connection note of .* has 250 characters/);
    expect(await getCampaign(env.db, ws(), campaign.campaignId)).toEqual(campaign);
    expect(await launchedEvents(campaign.campaignId)).toEqual([]);

    const withSeat = await createCampaign(env.db, ws(), {
      name: 'Long note, premium',
      senderAccountIds: [await sender('Grace', true)],
      workflowDefinition: withNote(note),
    });
    expect((await launch(withSeat)).status).toBe('active');
  });

  it('saving an InMail step sent to every profile: an error naming a sender without a seat, a warning only while the senders are unknown', async () => {
    const free = await createCampaign(env.db, ws(), { name: 'Free', senderAccountIds: [await sender('Linus', false)] });
    const save = (c: Campaign) =>
      updateCampaignWorkflow(env.db, ws(), { campaignId: c.campaignId, expectedUpdatedAtMs: ms(c), workflowDefinition: withInmail() });
    const err = await apiFailure(save(free));
    expect(err).toMatchObject({ status: 422, code: 'invalid_workflow' });
    expect((err.extras as { violations: unknown[] }).violations).toEqual([
      expect.objectContaining({ code: 'inmail_premium', severity: 'error', message: expect.stringContaining('which Linus lacks') }),
    ]);
    expect(await getCampaign(env.db, ws(), free.campaignId)).toEqual(free);

    const unknown = await createCampaign(env.db, ws(), { name: 'No senders', senderAccountIds: [] });
    const saved = await save(unknown);
    expect(saved.workflow_definition).toEqual(withInmail());
    // inmail_premium as a warning does not block a launch; having no sender at all does (contract 9.4 no_sender)
    const refused = await apiFailure(launch(saved));
    expect((refused.extras as { violations: { code: string }[] }).violations.map((v) => v.code)).toContain('no_sender');
    const premium = await createCampaign(env.db, ws(), { name: 'Premium', senderAccountIds: [await sender('Ida', true)] });
    expect((await save(premium)).workflow_definition).toEqual(withInmail());
  });

  it('judges a graph with warnings only as valid: counted apart, and no way out to follow', () => {
    const verdict = judgeWorkflow(withInmail(), {});
    expect(verdict).toEqual({ valid: true, violations: [expect.objectContaining({ code: 'inmail_premium' })], errors: 0, warnings: 1 });
  });

  it('of two launches at one inspected stamp, one launches and the other is told the campaign is no longer a draft', async () => {
    const campaign = await createCampaign(env.db, ws(), { name: 'Twice', senderAccountIds: [await sender('Tess', false)] });
    const results = await Promise.allSettled([launch(campaign), launch(campaign)]);
    const won = results.filter((r): r is PromiseFulfilledResult<Campaign> => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won.map((r) => r.value.status)).toEqual(['active']);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(ApiError);
    expect(lost[0]!.reason).toMatchObject({ status: 409, code: 'campaign_not_draft' });
    expect(await launchedEvents(campaign.campaignId)).toHaveLength(1);
  });

  it('keeps each sender once, by its id in lower case', async () => {
    const id = await sender('Mary', false);
    const campaign = await createCampaign(env.db, ws(), { name: 'Case', senderAccountIds: [id.toUpperCase(), id] });
    expect(campaign.senderAccountIds).toEqual([id]);
    expect((await getCampaign(env.db, ws(), campaign.campaignId)).senderAccountIds).toEqual([id]);
  });
});
