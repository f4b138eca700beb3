import { describe, expect, it } from 'vitest';
import { inspirationInputSchema, mediaItemSchema, workflowDefinitionSchema } from './schemas';
import { connectionOnlyGraph, followUpChain } from './testing/fixtures';

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
      observedAt: '2026-01-01',
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
    ['five media', { text: 'x', media: [media, media, media, media, media] }],
    ['fractional reactions', { text: 'x', reactions: 1.5 }],
    ['negative comments', { text: 'x', comments: -1 }],
    ['avatarUrl not a URI', { text: 'x', avatarUrl: 'avatar' }],
    ['unknown property', { text: 'x', analysis: true }],
  ])('rejects %s', (_name, body) => {
    expect(inspirationInputSchema.safeParse(body).success).toBe(false);
  });
});

describe('workflowDefinitionSchema (spec 2.2–2.5)', () => {
  it('accepts fixtures and keeps extra node and edge properties', () => {
    const g = connectionOnlyGraph();
    (g.nodes[0] as Record<string, unknown>).selected = true;
    const parsed = workflowDefinitionSchema.parse(g);
    expect(parsed.nodes[0]).toHaveProperty('selected', true);
    expect(workflowDefinitionSchema.safeParse(followUpChain(500)).success).toBe(true);
  });
  it('rejects extra top-level properties, extra position properties and infinite positions', () => {
    const g = connectionOnlyGraph();
    expect(workflowDefinitionSchema.safeParse({ ...g, viewport: {} }).success).toBe(false);
    expect(workflowDefinitionSchema.safeParse({ ...g, nodes: [{ ...g.nodes[0], position: { x: 0, y: 0, z: 0 } }] }).success).toBe(false);
    expect(
      workflowDefinitionSchema.safeParse({ ...g, nodes: [{ ...g.nodes[0], position: { x: 0, y: Number.POSITIVE_INFINITY } }] }).success,
    ).toBe(false);
    expect(workflowDefinitionSchema.safeParse({ ...g, edges: [{ id: '', source: 'a', target: 'b' }] }).success).toBe(false);
  });
});
