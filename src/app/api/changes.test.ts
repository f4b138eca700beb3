import { describe, expect, it } from 'vitest';
import { isOwnChange, reconnectDelayMs } from './changes';
import { TAB_CLIENT_ID } from './http';

describe('live changes client', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('knows its own saves by this tab’s client id', () => {
    expect(TAB_CLIENT_ID).toMatch(/^tab-[0-9a-f]{24}$/);
    expect(isOwnChange({ clientId: TAB_CLIENT_ID })).toBe(true);
    expect(isOwnChange({ clientId: 'tab-other' })).toBe(false);
    expect(isOwnChange({})).toBe(false);
  });
});
