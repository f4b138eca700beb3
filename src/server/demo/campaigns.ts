import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from '../../domain';
import { createAccount } from '../admin/ops';
import { createCampaign, launchCampaign, updateCampaignWorkflow } from '../campaigns/service';
import type { DemoSeeder } from './seed';

/**
 * Demo accounts and campaigns (contract 2 "demo data"). Runs first: the other modules' seeders
 * (conversations, …) use these accounts. Campaigns go through the real service, so the shared
 * validator vouches for the demo graphs.
 */

const at = (column: number, row: number) => ({ x: column * 300, y: row * 170 });
const step = (id: string, type: string, position: { x: number; y: number }, data: Record<string, unknown> = {}): WorkflowNode => ({
  id,
  type,
  position,
  data,
});
const link = (source: string, target: string, sourceHandle?: string): WorkflowEdge =>
  sourceHandle ? { id: `e_${source}_${sourceHandle}`, source, target, sourceHandle } : { id: `e_${source}`, source, target };

/** ICP scoring → connection request with a note → thank-you message → two follow-ups; withdrawal when the invitation gets no response. */
export function founderOutreachGraph(): WorkflowDefinition {
  return {
    nodes: [
      step('start', 'start', at(1, 0)),
      step('icp_score', 'icp_scoring', at(1, 1), {
        icpThreshold: 70,
        thresholdOperator: '>=',
        outputVariable: 'icp_score',
        customInstructions: 'B2B SaaS founders or heads of sales, 10–200 employees, based in Europe.',
      }),
      step('not_a_fit', 'end', at(2, 2)),
      step('invite', 'connection_request', at(1, 2), {
        send_empty_request: false,
        wait_for_response_days: 14,
        message_template:
          'Hi {{firstName}}, I saw {{companyName}} is hiring SDRs — we help teams like yours book more first calls. Happy to connect!',
      }),
      step('withdraw', 'cancel_invitation', at(0, 3)),
      step('thanks', 'message', at(1, 3), {
        reply_wait_days: 3,
        message_template: 'Thanks for connecting, {{firstName}}! How are you handling outbound at {{companyName}} today?',
      }),
      step('follow_up_1', 'message', at(1, 4), {
        reply_wait_days: 5,
        message_template: 'Hi {{firstName}}, quick follow-up: would a 15-minute call next week be useful?',
      }),
      step('follow_up_2', 'message', at(1, 5), {
        reply_wait_days: 7,
        message_template: 'Last note from me, {{firstName}} — here is a 2-minute overview if timing is better later: {{demoUrl}}',
      }),
      step('done', 'end', at(1, 6)),
    ],
    edges: [
      link('start', 'icp_score'),
      link('icp_score', 'invite', 'qualified'),
      link('icp_score', 'not_a_fit', 'not_qualified'),
      link('invite', 'thanks', 'accepted'),
      link('invite', 'withdraw', 'no_response'),
      link('withdraw', 'done'),
      link('thanks', 'done', 'replied'),
      link('thanks', 'follow_up_1', 'no_reply'),
      link('follow_up_1', 'done', 'replied'),
      link('follow_up_1', 'follow_up_2', 'no_reply'),
      link('follow_up_2', 'done', 'replied'),
      link('follow_up_2', 'done', 'no_reply'),
    ],
  };
}

/** A running campaign: connection request, then one message for those who accept. */
export function webinarInviteGraph(): WorkflowDefinition {
  return {
    nodes: [
      step('start', 'start', at(0, 0)),
      step('invite', 'connection_request', at(0, 1), {
        send_empty_request: false,
        wait_for_response_days: 10,
        message_template: 'Hi {{firstName}}, we are hosting a webinar on pipeline hygiene for {{industry}} teams — would love to connect.',
      }),
      step('webinar_link', 'message', at(0, 2), {
        reply_wait_days: 4,
        message_template: 'Thanks {{firstName}}! Here is the registration link: {{webinarUrl}}',
      }),
      step('end', 'end', at(0, 3)),
    ],
    edges: [
      link('start', 'invite'),
      link('invite', 'webinar_link', 'accepted'),
      link('invite', 'end', 'no_response'),
      link('webinar_link', 'end', 'replied'),
      link('webinar_link', 'end', 'no_reply'),
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
