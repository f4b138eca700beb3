import type { Queryable } from '../src/server/db/types';

/**
 * Bulk-inserts `count` conversations (one message each) straight through SQL — seconds for 100k,
 * where ingesting over HTTP would take minutes. Spread over the given accounts, newest first by index,
 * with a mix of reply states, unread counts and tags so rows look like a real inbox.
 */
export async function seedInboxConversations(db: Queryable, workspaceId: string, accountIds: string[], count: number, batch = 20_000): Promise<void> {
  const { rows } = await db.query<{ id: string; channel: string }>('SELECT id, channel FROM accounts WHERE id = ANY($1::uuid[])', [accountIds]);
  const accounts = rows.map((r) => r.id);
  const channels = rows.map((r) => r.channel);
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch) - 1;
    await db.query(
      `INSERT INTO conversations (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_headline,
         last_message_text, last_message_direction, last_message_at, unread_count, tags, tags_lower, message_texts)
       SELECT $1::uuid, ($2::uuid[])[1 + i % array_length($2::uuid[], 1)], ($3::text[])[1 + i % array_length($3::text[], 1)],
         'bench-' || i, 'Contact ' || i, 'Head of Growth at Company ' || (i % 977),
         'Message text number ' || i || ' about the quarterly outreach plan',
         CASE WHEN i % 3 = 0 THEN 'outbound' ELSE 'inbound' END,
         timestamptz '2026-01-01T00:00:00Z' - make_interval(secs => i * 37),
         CASE WHEN i % 3 = 0 THEN 0 ELSE i % 4 END,
         CASE WHEN i % 5 = 0 THEN ARRAY['Lead', 'Q3'] WHEN i % 7 = 0 THEN ARRAY['Customer'] ELSE '{}'::text[] END,
         CASE WHEN i % 5 = 0 THEN ARRAY['lead', 'q3'] WHEN i % 7 = 0 THEN ARRAY['customer'] ELSE '{}'::text[] END,
         'Message text number ' || i || ' about the quarterly outreach plan'
       FROM generate_series($4::int, $5::int) AS i`,
      [workspaceId, accounts, channels, from, to],
    );
  }
  await db.query(
    `INSERT INTO messages (workspace_id, account_id, conversation_id, external_message_id, direction, text, sent_at)
     SELECT workspace_id, account_id, id, 'bench-m-' || external_conversation_id, last_message_direction, last_message_text, last_message_at
     FROM conversations WHERE workspace_id = $1 AND external_conversation_id LIKE 'bench-%'
     ON CONFLICT DO NOTHING`,
    [workspaceId],
  );
}
