import { describe, expect, it } from 'vitest';
import { engineDbPerFile } from '../testing/engine-db';
import { listConversations, type ConversationFilters } from './queries';

/**
 * A search combined with other filters (search + tag + reply filter) reads the list in order first
 * and goes to the trigram index only when matches are sparse: every page equals the brute-force
 * answer, whichever way it was found — dense matches, sparse ones past the first rows the filters
 * keep, and none.
 */

const db = engineDbPerFile();
// 6,000 of them pass the tag and reply filters: more than the rows read in list order before the trigram index is used.
const CONVERSATIONS = 18_000;

async function seed(): Promise<string> {
  const ws = await db.query<{ id: string }>(
    `INSERT INTO workspaces (slug, name) VALUES ('search-' || md5(random()::text), 'S') RETURNING id`,
  );
  const workspaceId = ws.rows[0]!.id;
  const account = await db.query<{ id: string }>(
    `INSERT INTO accounts (workspace_id, channel, name) VALUES ($1, 'professional_network', 'A') RETURNING id`,
    [workspaceId],
  );
  // Every 2nd tagged, every 3rd awaiting a reply; "common" in every 7th, "needle" in 3 of the oldest only.
  await db.query(
    `INSERT INTO conversations (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_headline,
       last_message_text, last_message_direction, last_message_at, tags, tags_lower, message_texts)
     SELECT $1, $2, 'professional_network', 'c' || i, 'Contact ' || i, 'Head of Growth',
       'hello', CASE WHEN i % 3 = 0 THEN 'outbound' ELSE 'inbound' END, timestamptz '2026-01-01' - make_interval(mins => i),
       CASE WHEN i % 2 = 0 THEN ARRAY['Hot'] ELSE '{}' END, CASE WHEN i % 2 = 0 THEN ARRAY['hot'] ELSE '{}' END,
       'hello' || CASE WHEN i % 7 = 0 THEN ' common' ELSE '' END || CASE WHEN i IN (17990, 17992, 17996) THEN ' Needle' ELSE '' END
     FROM generate_series(1, $3::int) AS i`,
    [workspaceId, account.rows[0]!.id, CONVERSATIONS],
  );
  return workspaceId;
}

const filters = (workspaceId: string, search: string): ConversationFilters => ({
  workspaceId,
  accountIds: null,
  channel: null,
  search,
  tag: 'hot',
  replyFilter: 'need_to_reply',
  unread: null,
  campaignId: null,
  nodeId: null,
});

/** Every match of the filters, newest first: i even (tagged), not a multiple of 3 (inbound), the word in its texts. */
const expected = (has: (i: number) => boolean) =>
  Array.from({ length: CONVERSATIONS }, (_, k) => k + 1)
    .filter((i) => i % 2 === 0 && i % 3 !== 0 && has(i))
    .map((i) => `Contact ${i}`);

async function allPages(f: ConversationFilters, limit: number): Promise<string[]> {
  const names: string[] = [];
  let after: [string, string] | undefined;
  for (;;) {
    const rows = await listConversations(db, f, limit, after);
    names.push(...rows.slice(0, limit).map((r) => r.contact.name));
    if (rows.length <= limit) return names;
    const last = rows[limit - 1]!;
    after = [last.lastMessage.at, last.id];
  }
}

describe('search combined with a tag and the reply filter', () => {
  it('finds dense, sparse and no matches exactly as a brute-force filter does, page after page', async () => {
    const workspaceId = await seed();
    expect(await allPages(filters(workspaceId, 'common'), 50)).toEqual(expected((i) => i % 7 === 0));
    expect(await allPages(filters(workspaceId, 'needle'), 2)).toEqual(expected((i) => [17990, 17992, 17996].includes(i)));
    expect(await allPages(filters(workspaceId, 'nowhere'), 50)).toEqual([]);
  }, 60_000);
});
