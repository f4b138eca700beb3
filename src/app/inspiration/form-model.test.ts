import { describe, expect, it } from 'vitest';
import { draftToBody, EMPTY_DRAFT, localNow, newMedia, serverErrors, validateDraft, type InspirationDraft } from './form-model';

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

  it('sends a picked date as ISO 8601 in UTC, and says "must be a date" for anything else', () => {
    const picked = validateDraft(draft({ publishedAt: '2026-03-04T09:30', observedAt: localNow(new Date('2026-03-05T10:00:00Z')) }));
    expect(picked).toMatchObject({
      ok: true,
      input: { publishedAt: new Date('2026-03-04T09:30').toISOString(), observedAt: '2026-03-05T10:00:00.000Z' },
    });
    expect(validateDraft(draft({ publishedAt: 'yesterday', observedAt: '2026-13-45T99:99' }))).toEqual({
      ok: false,
      errors: { publishedAt: 'Must be a date: pick it in the calendar.', observedAt: 'Must be a date: pick it in the calendar.' },
    });
  });

  it('says "too large" for a number past the limit, not "enter a whole number"', () => {
    const result = validateDraft(draft({ reactions: '12345678901234', comments: '99999999999999999999' }));
    expect(result).toEqual({
      ok: false,
      errors: { reactions: 'Too large: at most 2,147,483,647.', comments: 'Too large: at most 2,147,483,647.' },
    });
  });

  it('refuses a 0-pixel side and a post URL that is no web address', () => {
    const media = { ...newMedia(), url: 'https://example.com/a.jpg', width: '0', height: '100000' };
    expect(validateDraft(draft({ url: 'linkedin post 42', authorUrl: 'https://www.linkedin.com/in/grace', media: [media] }))).toEqual({
      ok: false,
      errors: {
        url: 'Enter a full web address, like https://www.linkedin.com/posts/…',
        'media.0.width': 'Must be at least 1 pixel, or leave it empty.',
      },
    });
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
