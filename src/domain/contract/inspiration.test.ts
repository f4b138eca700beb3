import { describe, expect, it } from 'vitest';
import { inspirationInputSchema, mediaItemSchema } from './inspiration';

const media = { type: 'image', url: 'https://cdn.example.com/a.png', thumbnailUrl: null, width: 1200, height: null };

describe('mediaItemSchema (spec 2.6)', () => {
  it('accepts a complete item', () => {
    expect(mediaItemSchema.safeParse(media).success).toBe(true);
    expect(
      mediaItemSchema.safeParse({ ...media, type: 'video', thumbnailUrl: 'https://cdn.example.com/t.jpg', width: 0, height: 0 }).success,
    ).toBe(true);
  });
  it.each([
    ['missing thumbnailUrl', (({ thumbnailUrl: _t, ...rest }) => rest)(media)],
    ['extra property', { ...media, alt: 'x' }],
    ['gif type', { ...media, type: 'gif' }],
    ['url not a URI', { ...media, url: 'not a url' }],
    ['negative width', { ...media, width: -1 }],
    ['fractional height', { ...media, height: 1.5 }],
    ['undefined width', { ...media, width: undefined }],
  ])('rejects %s', (_name, item) => {
    expect(mediaItemSchema.safeParse(item).success).toBe(false);
  });
});

describe('inspirationInputSchema (spec 4.3)', () => {
  it('accepts the largest 32-bit counts and a well-formed surrogate pair', () => {
    expect(inspirationInputSchema.safeParse({ text: '\ud83d\ude00', reactions: 2147483647 }).success).toBe(true);
  });
  it('needs only text', () => {
    expect(inspirationInputSchema.safeParse({ text: '' }).success).toBe(true);
  });
  it('accepts every field with its nullability', () => {
    const full = {
      workspaceId: 'demo',
      text: 'Post',
      author: 'Ada',
      url: null,
      providerId: 'p1',
      notes: null,
      authorId: null,
      authorUrl: null,
      linkedinAccountId: null,
      reactions: null,
      comments: 0,
      reposts: 3,
      observedAt: '2026-01-01T09:30:00+02:00',
      publishedAt: null,
      avatarUrl: null,
      media: [media, media, media, media],
    };
    expect(inspirationInputSchema.safeParse(full).success).toBe(true);
  });
  it.each([
    ['no text', {}],
    ['author null (not nullable)', { text: 'x', author: null }],
    ['providerId null', { text: 'x', providerId: null }],
    ['observedAt null', { text: 'x', observedAt: null }],
    ['observedAt only a date', { text: 'x', observedAt: '2026-01-01' }],
    ['publishedAt free text', { text: 'x', publishedAt: 'yesterday' }],
    ['five media', { text: 'x', media: [media, media, media, media, media] }],
    ['fractional reactions', { text: 'x', reactions: 1.5 }],
    ['negative comments', { text: 'x', comments: -1 }],
    ['avatarUrl not a URI', { text: 'x', avatarUrl: 'avatar' }],
    ['unknown property', { text: 'x', analysis: true }],
    ['reactions above 32 bits', { text: 'x', reactions: 2147483648 }],
    ['comments above 32 bits', { text: 'x', comments: 2147483648 }],
    ['reposts above 32 bits', { text: 'x', reposts: 2 ** 53 }],
    ['NUL in the text', { text: 'a\u0000b' }],
    ['a lone surrogate in the author', { text: 'x', author: '\ud800' }],
    ['a lone surrogate in notes', { text: 'x', notes: 'a\udc00' }],
    ['NUL in a media URL', { text: 'x', media: [{ ...media, url: 'https://cdn.example.com/a\u0000.png' }] }],
    ['a media width above 32 bits', { text: 'x', media: [{ ...media, width: 2147483648 }] }],
  ])('rejects %s', (_name, body) => {
    expect(inspirationInputSchema.safeParse(body).success).toBe(false);
  });
});

describe('media links the database cannot store', () => {
  it('are refused saying why', () => {
    const result = mediaItemSchema.safeParse({ ...media, url: 'https://cdn.example.com/\ud800.png' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['must not contain a lone surrogate (broken Unicode)']);
  });
});
