import { describe, expect, it } from 'vitest';
import { draftToBody, EMPTY_DRAFT, newMedia, serverErrors, validateDraft, type InspirationDraft } from './form-model';

const draft = (over: Partial<InspirationDraft> = {}): InspirationDraft => ({ ...EMPTY_DRAFT, text: 'A post', ...over });

describe('inspiration form model (spec 4.3 through the shared schema)', () => {
  it('omits empty non-nullable fields and clears empty nullable ones to null', () => {
    const body = draftToBody(draft());
    expect(body).toEqual({
      text: 'A post',
      url: null,
      notes: null,
      authorId: null,
      authorUrl: null,
      linkedinAccountId: null,
      publishedAt: null,
      avatarUrl: null,
      reactions: null,
      comments: null,
      reposts: null,
      media: [],
    });
    expect(validateDraft(draft()).ok).toBe(true);
  });

  it('turns counts and sizes into integers, and keeps a bad number as text so the schema rejects it', () => {
    const media = { ...newMedia(), url: 'https://example.com/a.jpg', width: '1200', height: '' };
    const ok = validateDraft(draft({ reactions: '12', comments: '0', media: [media] }));
    expect(ok).toMatchObject({
      ok: true,
      input: { reactions: 12, comments: 0, media: [{ width: 1200, height: null, thumbnailUrl: null }] },
    });
    const bad = validateDraft(draft({ reposts: '1.5', reactions: '-1' }));
    expect(bad).toEqual({ ok: false, errors: { reposts: 'Enter a whole number, or leave it empty.', reactions: 'Must be 0 or more.' } });
  });

  it('maps a bad media URL to its path and asks for the text', () => {
    const result = validateDraft(draft({ text: '  ', media: [{ ...newMedia(), url: 'not a url' }] }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['media.0.url', 'text']);
      expect(result.errors['media.0.url']).toMatch(/full web address/);
    }
  });

  it('refuses a fifth media item', () => {
    const media = Array.from({ length: 5 }, () => ({ ...newMedia(), url: 'https://example.com/a.jpg' }));
    const result = validateDraft(draft({ media }));
    expect(result).toEqual({ ok: false, errors: { media: 'At most 4 media items.' } });
  });

  it('puts server errors on the same paths', () => {
    expect(
      serverErrors([
        { path: 'media.0.url', message: 'no' },
        { path: 'body.avatarUrl', message: 'bad' },
        { path: '', message: 'whole' },
      ]),
    ).toEqual({
      'media.0.url': 'no',
      avatarUrl: 'bad',
      _form: 'whole',
    });
  });
});
