import { describe, expect, it } from 'vitest';
import { bulkConversationsBody, ingestMessageBody, listConversationsQuery, MAX_TAG_LENGTH, MAX_TAGS, putTagsBody } from './conversations';

/** The inbox's requests as a client sends them (contract 7, 8.2): what is accepted, what is refused and where. */
const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('list conversations query', () => {
  it('filters by a step only within a campaign', () => {
    const campaignId = '0b5e8a4e-9a53-4c1f-8e0c-1b2d3c4d5e6f';
    expect(listConversationsQuery.safeParse({ campaignId, nodeId: 'n1' }).success).toBe(true);
    expect(listConversationsQuery.safeParse({ campaignId }).success).toBe(true);
    expect(listConversationsQuery.safeParse({}).success).toBe(true);
    expect(issuePaths(listConversationsQuery.safeParse({ nodeId: 'n1' }))).toEqual(['nodeId: only together with campaignId']);
  });
});

describe('ingesting a message', () => {
  const message = {
    accountId: '0b5e8a4e-9a53-4c1f-8e0c-1b2d3c4d5e6f',
    externalConversationId: 'c1',
    externalMessageId: 'm1',
    contact: { name: '  Ada Lovelace ', avatarUrl: 'https://cdn.example/a.png' },
    direction: 'inbound',
    text: 'Hello',
    sentAt: '2026-11-21T10:15:30+01:00',
  };

  it('takes a message with its contact (name trimmed) and its campaign step', () => {
    const parsed = ingestMessageBody.parse({ ...message, campaignId: '1b5e8a4e-9a53-4c1f-8e0c-1b2d3c4d5e6f', nodeId: 'n1' });
    expect(parsed.contact.name).toBe('Ada Lovelace');
    expect(ingestMessageBody.safeParse({ ...message, campaignId: null, nodeId: null }).success).toBe(true);
  });

  it('names a step only with its campaign', () => {
    expect(issuePaths(ingestMessageBody.safeParse({ ...message, nodeId: 'n1' }))).toEqual(['nodeId: only together with campaignId']);
    expect(issuePaths(ingestMessageBody.safeParse({ ...message, campaignId: null, nodeId: 'n1' }))).toEqual([
      'nodeId: only together with campaignId',
    ]);
  });

  it('refuses links that are not http(s), text the database cannot store and dates outside years 1–9999', () => {
    const refused = (patch: Record<string, unknown>) => ingestMessageBody.safeParse({ ...message, ...patch }).success;
    expect(refused({ contact: { name: 'Ada', profileUrl: 'javascript:alert(1)' } })).toBe(false);
    expect(refused({ contact: { name: '   ' } })).toBe(false);
    expect(refused({ text: 'a\u0000b' })).toBe(false);
    expect(refused({ sentAt: '0000-06-01T00:00:00Z' })).toBe(false);
  });
});

describe('tags and bulk actions', () => {
  const ids = ['0b5e8a4e-9a53-4c1f-8e0c-1b2d3c4d5e6f'];

  it('stores tags trimmed, 1 to 50 characters, at most 20', () => {
    expect(putTagsBody.parse({ tags: ['  vip  '] }).tags).toEqual(['vip']);
    expect(putTagsBody.safeParse({ tags: ['x'.repeat(MAX_TAG_LENGTH)] }).success).toBe(true);
    expect(putTagsBody.safeParse({ tags: ['x'.repeat(MAX_TAG_LENGTH + 1)] }).success).toBe(false);
    expect(putTagsBody.safeParse({ tags: [' '] }).success).toBe(false);
    expect(putTagsBody.safeParse({ tags: Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`) }).success).toBe(false);
  });

  it('needs a tag to add or remove one, and refuses a tag with any other action', () => {
    for (const action of ['add_tag', 'remove_tag']) {
      expect(bulkConversationsBody.safeParse({ conversationIds: ids, action, tag: 'vip' }).success).toBe(true);
      expect(issuePaths(bulkConversationsBody.safeParse({ conversationIds: ids, action }))).toEqual([`tag: is required for ${action}`]);
    }
    for (const action of ['mark_read', 'mark_unread']) {
      expect(bulkConversationsBody.safeParse({ conversationIds: ids, action }).success).toBe(true);
      expect(issuePaths(bulkConversationsBody.safeParse({ conversationIds: ids, action, tag: 'vip' }))).toEqual([
        'tag: is only for add_tag and remove_tag',
      ]);
    }
  });
});
