import { HANDLE, type WorkflowDefinition } from '../../domain';
import { graphBuilder } from '../../domain/paths';
import { createAccount } from '../admin/ops';
import { createCampaign, launchCampaign, updateCampaignWorkflow } from '../campaigns/service';
import type { DemoSeeder } from './seeder';

/**
 * Demo accounts and campaigns (contract 2 "demo data"). Runs first: the other modules' seeders
 * (conversations, …) use these accounts. Campaigns go through the real service, so the shared
 * validator vouches for the demo graphs.
 */

const { step, link } = graphBuilder({ column: 300, row: 170 });

/** ICP scoring → connection request with a note → thank-you message → two follow-ups; withdrawal when the invitation gets no response. */
export function founderOutreachGraph(): WorkflowDefinition {
  return {
    nodes: [
      step('start', 'start', 1, 0),
      step('icp_score', 'icp_scoring', 1, 1, {
        icpThreshold: 70,
        thresholdOperator: '>=',
        outputVariable: 'icp_score',
        customInstructions: 'B2B SaaS founders or heads of sales, 10–200 employees, based in Europe.',
      }),
      step('not_a_fit', 'end', 2, 2),
      step('invite', 'connection_request', 1, 2, {
        send_empty_request: false,
        wait_for_response_days: 14,
        message_template:
          'Hi {{firstName}}, I saw {{company}} is hiring SDRs — we help teams like yours book more first calls. Happy to connect!',
      }),
      step('withdraw', 'cancel_invitation', 0, 3),
      step('thanks', 'message', 1, 3, {
        reply_wait_days: 3,
        message_template: 'Thanks for connecting, {{firstName}}! How are you handling outbound at {{company}} today?',
      }),
      step('follow_up_1', 'message', 1, 4, {
        reply_wait_days: 5,
        message_template: 'Hi {{firstName}}, quick follow-up: would a 15-minute call next week be useful?',
      }),
      step('follow_up_2', 'message', 1, 5, {
        reply_wait_days: 7,
        message_template: 'Last note from me, {{firstName}} — here is a 2-minute overview if timing is better later: {{demoUrl}}',
      }),
      step('done', 'end', 1, 6),
    ],
    edges: [
      link('start', 'icp_score'),
      link('icp_score', 'invite', HANDLE.qualified),
      link('icp_score', 'not_a_fit', HANDLE.notQualified),
      link('invite', 'thanks', HANDLE.accepted),
      link('invite', 'withdraw', HANDLE.noResponse),
      link('withdraw', 'done'),
      link('thanks', 'done', HANDLE.replied),
      link('thanks', 'follow_up_1', HANDLE.noReply),
      link('follow_up_1', 'done', HANDLE.replied),
      link('follow_up_1', 'follow_up_2', HANDLE.noReply),
      link('follow_up_2', 'done', HANDLE.replied),
      link('follow_up_2', 'done', HANDLE.noReply),
    ],
  };
}

/** A running campaign: connection request, then one message for those who accept. */
export function webinarInviteGraph(): WorkflowDefinition {
  return {
    nodes: [
      step('start', 'start', 0, 0),
      step('invite', 'connection_request', 0, 1, {
        send_empty_request: false,
        wait_for_response_days: 10,
        message_template: 'Hi {{firstName}}, we are hosting a webinar on pipeline hygiene for {{industry}} teams — would love to connect.',
      }),
      step('webinar_link', 'message', 0, 2, {
        reply_wait_days: 4,
        message_template: 'Thanks {{firstName}}! Here is the registration link: {{webinarUrl}}',
      }),
      step('end', 'end', 0, 3),
    ],
    edges: [
      link('start', 'invite'),
      link('invite', 'webinar_link', HANDLE.accepted),
      link('invite', 'end', HANDLE.noResponse),
      link('webinar_link', 'end', HANDLE.replied),
      link('webinar_link', 'end', HANDLE.noReply),
    ],
  };
}

export const seedAccountsAndCampaigns: DemoSeeder = async (db, workspaceId) => {
  const workspace = { id: workspaceId, slug: 'demo' };
  const premium = (
    await createAccount(db, workspaceId, { channel: 'professional_network', name: 'Ada Lovelace (LinkedIn Premium)', premium: true })
  ).accountId;
  const free = (await createAccount(db, workspaceId, { channel: 'professional_network', name: 'Ben Carter (LinkedIn)' })).accountId;
  await createAccount(db, workspaceId, { channel: 'messaging_app', name: 'Sales team WhatsApp' });

  const webinar = await createCampaign(db, workspace, {
    name: 'Webinar invites — RevOps leaders',
    senderAccountIds: [free],
    workflowDefinition: { ...webinarInviteGraph() },
  });
  await launchCampaign(db, workspace, { campaignId: webinar.campaignId, inspectedUpdatedAtMs: Date.parse(webinar.updated_at) });

  const founders = await createCampaign(db, workspace, { name: 'Founder outreach — Q3', senderAccountIds: [premium, free] });
  await updateCampaignWorkflow(db, workspace, {
    campaignId: founders.campaignId,
    expectedUpdatedAtMs: Date.parse(founders.updated_at),
    workflowDefinition: { ...founderOutreachGraph() },
  });
};
