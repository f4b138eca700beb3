import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../api/campaigns';
import { noticeStands, type LiveNotice } from './live-changes';

const notice = (kind: LiveNotice['kind']): LiveNotice => ({
  kind,
  via: 'app',
  at: 0,
  summary: '1 step added (Delay).',
  server: { updated_at: '2026-11-24T10:05:00.000Z' } as Campaign,
  hadEdits: kind === 'needs-merge',
});

describe('the "saved elsewhere" banner', () => {
  it('offers the merge while the edit is based on an older version', () => {
    expect(noticeStands(notice('needs-merge'), '2026-11-24T10:00:00.000Z')).toBe(true);
  });
  it('goes once the edit is based on their version or a newer one (a save merged it, or the merge was taken)', () => {
    expect(noticeStands(notice('needs-merge'), '2026-11-24T10:05:00.000Z')).toBe(false);
    expect(noticeStands(notice('needs-merge'), '2026-11-24T10:07:00.000Z')).toBe(false);
  });
  it('keeps telling what happened when the canvas reloaded or the campaign was launched', () => {
    expect(noticeStands(notice('reloaded'), '2026-11-24T10:05:00.000Z')).toBe(true);
    expect(noticeStands(notice('launched'), '2026-11-24T10:07:00.000Z')).toBe(true);
  });
});
