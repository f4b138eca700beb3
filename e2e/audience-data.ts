import { expect, type Page } from './support/test';
import { uniqueToken } from './inbox-data';
import { apiRequest, tool } from './support/session';

/** A draft campaign whose first message uses {{firstName}}, {{company}} and {{favouriteColour}}, sent from the demo LinkedIn account. */
export async function draftCampaign(
  page: Page,
  name = `Audience ${uniqueToken()}`,
): Promise<{ campaignId: string; name: string; senderId: string }> {
  const accounts = (await apiRequest(page, 'GET', '/api/messaging/accounts')).body.items as { id: string; channel: string }[];
  const senderId = accounts.find((a) => a.channel === 'professional_network')!.id;
  const at = (x: number, y: number) => ({ x, y });
  const campaign = await tool(page, 'create-campaign', {
    name,
    senderAccountIds: [senderId],
    workflow_definition: {
      nodes: [
        { id: 'start', type: 'start', position: at(0, 0), data: {} },
        {
          id: 'invite',
          type: 'connection_request',
          position: at(0, 170),
          data: {
            send_empty_request: false,
            wait_for_response_days: 7,
            message_template: 'Hi {{firstName}}, {{company}} looks great. {{favouriteColour}}?',
          },
        },
        { id: 'done', type: 'end', position: at(0, 340), data: {} },
        { id: 'gone', type: 'end', position: at(300, 340), data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'invite' },
        { id: 'e2', source: 'invite', target: 'done', sourceHandle: 'accepted' },
        { id: 'e3', source: 'invite', target: 'gone', sourceHandle: 'no_response' },
      ],
    },
  });
  return { campaignId: campaign.campaignId, name, senderId };
}

/** Imports prospects through the API; answers their ids (looked up by this test's token). */
export async function importViaApi(page: Page, token: string, count: number): Promise<string[]> {
  const prospects = Array.from({ length: count }, (_, i) => ({
    profileUrl: `https://www.linkedin.com/in/${token}-${i}`,
    name: `Person ${i} ${token}`,
    company: `Company ${i}`,
    headline: `Head of things ${i}`,
    customFields: { firstName: `Person${i}`, score: i },
  }));
  const result = await apiRequest(page, 'POST', '/api/v1/prospects/import', { prospects });
  expect(result.status).toBe(200);
  expect(result.body.created).toBe(count);
  const list = await apiRequest(page, 'GET', `/api/v1/prospects?search=${token}&limit=250`);
  const items = list.body.items as { prospectId: string; name: string }[];
  // In import order: ids[i] is "Person i".
  return Array.from({ length: count }, (_, i) => items.find((p) => p.name === `Person ${i} ${token}`)!.prospectId);
}
