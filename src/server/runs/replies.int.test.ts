import { describe, expect, it } from 'vitest';
import type { Executor } from '../executors/executor';
import { drainDueWork } from '../testing/run-loop';
import { edge, node } from '../../domain/testing/fixtures';
import { ingestInTx } from '../conversations/ingest';
import { engineDeps, seedRun, startClock } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { conversationReplies, queueReply } from './replies';

/**
 * Contract 9.4 replying from the inbox, through the engine on a real database (embedded, or
 * PostgreSQL with DATABASE_URL): the reply's action takes the sender's message quota with it, is
 * offered with no enrollment, and once done is the thread's outbound message; a failure stays on it.
 */

const db = engineDbPerFile();

/** A workspace, a sender with `messageLimit` messages a day and one conversation with an inbound message. */
async function seedConversation(messageLimit = 60) {
  const slug = `reply-${Math.random().toString(36).slice(2)}`;
  const ws = await db.query<{ id: string }>('INSERT INTO workspaces (slug, name) VALUES ($1, $1) RETURNING id', [slug]);
  const workspaceId = ws.rows[0]!.id;
  const account = await db.query<{ id: string }>(
    `INSERT INTO accounts (workspace_id, channel, name, premium, daily_limits) VALUES ($1, 'professional_network', 'Sam Sender', true, $2) RETURNING id`,
    [workspaceId, JSON.stringify({ message: messageLimit })],
  );
  const accountId = account.rows[0]!.id;
  const conversation = await db.query<{ id: string }>(
    `INSERT INTO conversations (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_profile_url,
       last_message_text, last_message_direction, last_message_at, unread_count, message_texts)
     VALUES ($1, $2, 'professional_network', 'thread-1', 'Anna Berg', 'https://network.example/in/anna', 'Tell me more', 'inbound', '2026-03-02T19:00:00Z', 1, 'Tell me more')
     RETURNING id`,
    [workspaceId, accountId],
  );
  return { workspaceId, accountId, conversationId: conversation.rows[0]!.id };
}

const NOW = Date.parse('2026-03-02T20:00:00Z');
const queue = (ws: { workspaceId: string; conversationId: string }, text: string) =>
  db.transaction((tx) => queueReply(tx, ws.workspaceId, ws.conversationId, text, NOW));

describe('a reply from the inbox', () => {
  it('is offered at once, outside any sending window, and becomes the thread’s outbound message', async () => {
    const ws = await seedConversation();
    const queued = await queue(ws, 'Happy to — how about Tuesday?');
    expect(queued).toMatchObject({ ok: true });
    const actionId = queued.ok ? queued.actionId : '';
    expect((await conversationReplies(db, ws.workspaceId, ws.conversationId, NOW))!).toEqual({
      items: [expect.objectContaining({ actionId, status: 'sending', text: 'Happy to — how about Tuesday?', error: null })],
      senderToday: { used: 1, limit: 60 },
    });
    const offered: { enrollmentId: string | null; text: string | undefined; profileUrl: string }[] = [];
    const deps = engineDeps(db, startClock('2026-03-02T20:00:00Z'));
    const watching: Executor = {
      offer: (a) => {
        offered.push({ enrollmentId: a.enrollmentId, text: a.payload.text, profileUrl: a.prospect.profileUrl });
        return deps.executor.offer(a);
      },
    };
    await drainDueWork({ ...deps, executor: watching });
    expect(offered).toEqual([{ enrollmentId: null, text: 'Happy to — how about Tuesday?', profileUrl: 'https://network.example/in/anna' }]);
    const messages = await db.query<{ direction: string; text: string; external_message_id: string }>(
      'SELECT direction, text, external_message_id FROM messages WHERE conversation_id = $1',
      [ws.conversationId],
    );
    expect(messages.rows).toEqual([{ direction: 'outbound', text: 'Happy to — how about Tuesday?', external_message_id: actionId }]);
    const conversation = await db.query<{ last_message_direction: string; unread_count: number }>(
      'SELECT last_message_direction, unread_count FROM conversations WHERE id = $1',
      [ws.conversationId],
    );
    expect(conversation.rows[0]).toEqual({ last_message_direction: 'outbound', unread_count: 0 });
    expect((await conversationReplies(db, ws.workspaceId, ws.conversationId, NOW))!.items[0]!.status).toBe('sent');
    // Offered once: nothing is left to offer.
    await drainDueWork({ ...deps, executor: watching });
    expect(offered).toHaveLength(1);
  });

  it('over the sender’s message limit of the day: refused, nothing queued, nothing taken', async () => {
    const ws = await seedConversation(1);
    expect(await queue(ws, 'First')).toMatchObject({ ok: true });
    expect(await queue(ws, 'Second')).toEqual({ ok: false, why: 'limit' });
    const replies = (await conversationReplies(db, ws.workspaceId, ws.conversationId, NOW))!;
    expect(replies.items.map((r) => r.text)).toEqual(['First']);
    expect(replies.senderToday).toEqual({ used: 1, limit: 1 });
  });

  it('a conversation of another workspace is not found and takes nothing', async () => {
    const mine = await seedConversation();
    const theirs = await seedConversation();
    expect(await db.transaction((tx) => queueReply(tx, mine.workspaceId, theirs.conversationId, 'Hi', NOW))).toEqual({
      ok: false,
      why: 'not_found',
    });
    expect(await conversationReplies(db, mine.workspaceId, theirs.conversationId, NOW)).toBeNull();
    expect((await conversationReplies(db, theirs.workspaceId, theirs.conversationId, NOW))!.senderToday.used).toBe(0);
  });

  it('a failure shows on the reply with the executor’s reason, and no message appears', async () => {
    const ws = await seedConversation();
    await queue(ws, 'Hello again');
    const failing: Executor = { offer: async () => ({ status: 'failed', error: 'The recipient cannot receive messages' }) };
    await drainDueWork(engineDeps(db, startClock('2026-03-02T20:00:00Z'), { executor: failing }));
    expect((await conversationReplies(db, ws.workspaceId, ws.conversationId, NOW))!.items).toEqual([
      expect.objectContaining({ status: 'failed', error: 'The recipient cannot receive messages' }),
    ]);
    expect((await db.query('SELECT 1 FROM messages WHERE conversation_id = $1', [ws.conversationId])).rows).toHaveLength(0);
  });

  it('on the sandbox lands in its own thread only, once, badged sandbox (issue 39)', async () => {
    const ws = await seedConversation();
    await queue(ws, 'Through the sandbox');
    await drainDueWork(engineDeps(db, startClock('2026-03-02T20:00:00Z')));
    const conversations = await db.query<{ id: string }>('SELECT id FROM conversations WHERE workspace_id = $1', [ws.workspaceId]);
    expect(conversations.rows).toEqual([{ id: ws.conversationId }]);
    const messages = await db.query('SELECT direction, text, sandbox FROM messages WHERE workspace_id = $1', [ws.workspaceId]);
    expect(messages.rows).toEqual([{ direction: 'outbound', text: 'Through the sandbox', sandbox: true }]);
  });
});

describe('a campaign’s send on the sandbox (issue 39)', () => {
  it('lands in the thread the sender already has with that person, not in a second one', async () => {
    const run = await seedRun(db, {
      graph: {
        nodes: [node('start', 'start'), node('hello', 'message', { message_template: 'Hi {{firstName}}' }), node('end', 'end')],
        edges: [edge('start', 'hello'), edge('hello', 'end', 'replied'), edge('hello', 'end', 'no_reply')],
      },
      prospects: 1,
    });
    const thread = await db.transaction((tx) =>
      ingestInTx(tx, run.workspaceId, 'professional_network', {
        accountId: run.accountId,
        externalConversationId: 'earlier-thread',
        externalMessageId: 'earlier-1',
        contact: { name: 'Prospect 1', profileUrl: 'https://network.example/in/p1' },
        direction: 'outbound',
        text: 'We met at the fair',
        sentAt: '2026-03-01T10:00:00Z',
      }),
    );
    await drainDueWork(engineDeps(db, startClock('2026-03-02T08:00:00Z'), { spacingMs: 1000 }));
    const conversations = await db.query<{ id: string }>('SELECT id FROM conversations WHERE workspace_id = $1', [run.workspaceId]);
    expect(conversations.rows).toEqual([{ id: thread.conversationId }]);
    const messages = await db.query('SELECT text, sandbox FROM messages WHERE conversation_id = $1 ORDER BY sent_at', [
      thread.conversationId,
    ]);
    expect(messages.rows).toEqual([
      { text: 'We met at the fair', sandbox: false },
      { text: 'Hi P1', sandbox: true },
    ]);
  });
});
