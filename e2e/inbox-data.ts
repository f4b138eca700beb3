import { expect, type Page } from '@playwright/test';
import { apiRequest } from './support/session';

/** Test data for the inbox / inspiration / webhooks / dock specs: made through the API, unique per test. */

export const uniqueToken = (prefix = 'e2e'): string => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export interface Accounts {
  linkedin: string;
  linkedin2: string | null;
  whatsapp: string;
}

export async function demoAccounts(page: Page): Promise<Accounts> {
  const res = await apiRequest(page, 'GET', '/api/messaging/accounts');
  expect(res.status).toBe(200);
  const items = res.body.items as { id: string; channel: string }[];
  const linkedin = items.filter((a) => a.channel === 'professional_network');
  const whatsapp = items.find((a) => a.channel === 'messaging_app');
  if (!linkedin.length || !whatsapp) throw new Error('the demo workspace needs a LinkedIn and a WhatsApp account');
  return { linkedin: linkedin[0].id, linkedin2: linkedin[1]?.id ?? null, whatsapp: whatsapp.id };
}

let seq = 0;
/** Ingests one message (contract 7) and returns the conversation id. */
export async function ingest(
  page: Page,
  m: {
    accountId: string;
    conversation: string;
    name: string;
    text: string;
    direction?: 'inbound' | 'outbound';
    headline?: string;
    at?: Date;
    campaignId?: string;
    nodeId?: string;
  },
): Promise<string> {
  seq += 1;
  const res = await apiRequest(page, 'POST', '/api/messaging/messages', {
    accountId: m.accountId,
    externalConversationId: m.conversation,
    externalMessageId: `${m.conversation}-m${seq}-${Math.random().toString(36).slice(2)}`,
    contact: { name: m.name, headline: m.headline ?? 'VP Sales at Example' },
    direction: m.direction ?? 'inbound',
    text: m.text,
    sentAt: (m.at ?? new Date()).toISOString(),
    ...(m.campaignId ? { campaignId: m.campaignId, nodeId: m.nodeId } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.conversationId as string;
}

/** The row names currently rendered in the inbox list. */
export const rowNames = (page: Page) => page.getByRole('listbox', { name: 'Conversations' }).locator('.conv-name');
