import { describe, expect, it } from 'vitest';
import { decodeSimState, encodeSimState } from './sim-state';

describe('simulator URL state', () => {
  it('round-trips fields (any script), outcomes and score in URL-safe text', () => {
    const state = {
      fields: { firstName: 'Zoë', company: 'Société Générale 日本' },
      outcomes: { invite: 'no_response', thanks: 'no_reply' },
      icpScore: 72,
    };
    const encoded = encodeSimState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSimState(encoded)).toEqual(state);
  });

  it('omits an unset score', () => {
    expect(decodeSimState(encodeSimState({ fields: {}, outcomes: {} }))).toEqual({ fields: {}, outcomes: {} });
  });

  it.each([null, '', '%%%', 'bm90IGpzb24', btoa('{"v":2}'), btoa('[1]')])('reads %j as no state', (param) => {
    expect(decodeSimState(param)).toBeNull();
  });

  it('drops non-string values', () => {
    const raw = btoa(JSON.stringify({ v: 1, f: { a: 'x', b: 3 }, o: { n: ['x'] }, s: 'high' }));
    expect(decodeSimState(raw)).toEqual({ fields: { a: 'x' }, outcomes: {} });
  });
});
