import { api, type ApiResponse, type TestWorkspace } from './fixtures';

/** Test helper: ingests one message over HTTP with sensible defaults. */
let seq = 0;
export async function ingest(ws: TestWorkspace, over: Record<string, unknown> = {}) {
  seq += 1;
  const body = {
    accountId: ws.accounts.linkedinPremium,
    externalConversationId: `conv-${seq}`,
    externalMessageId: `msg-${seq}-${Math.random().toString(36).slice(2)}`,
    contact: { name: `Contact ${seq}`, headline: 'Head of Growth at Acme' },
    direction: 'inbound',
    text: `Hello number ${seq}`,
    sentAt: new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
    ...over,
  };
  const res = await api(ws.apiKey, 'POST', '/api/messaging/messages', body);
  if (res.status !== 201 && res.status !== 200) throw new Error(`ingest: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { conversationId: string; messageId: string };
}

/** Follows nextCursor to the end and returns every item. */
export async function allPages(apiKey: string, path: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const res: ApiResponse = await api(apiKey, 'GET', cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}
