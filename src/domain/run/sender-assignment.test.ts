import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignSenders, isSenderField } from './sender-assignment';

/** Contract 10.2 sender assignment strategies. */

const A = { accountId: 'AAAA-1', name: 'Ada Lovelace', load: 0 };
const B = { accountId: 'bbbb-2', name: 'Ben', load: 0 };
const blank = { fields: {}, customFields: {} };

describe('sender assignment (contract 10.2)', () => {
  it('least_loaded evens the senders’ loads out, whatever they start with', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.integer({ min: 1, max: 60 }), (a, b, n) => {
        const { senders } = assignSenders(
          'least_loaded',
          [
            { ...A, load: a },
            { ...B, load: b },
          ],
          Array(n).fill(blank),
          { field: null, turn: 0 },
        );
        const toA = senders.filter((s) => s === A.accountId).length;
        const [finalA, finalB] = [a + toA, b + n - toA];
        expect(Math.abs(finalA - finalB)).toBeLessThanOrEqual(Math.max(1, Math.abs(a - b) - n));
      }),
    );
  });

  it('round_robin takes each sender in turn from the campaign’s turn, and says the next turn', () => {
    expect(assignSenders('round_robin', [A, B], Array(5).fill(blank), { field: null, turn: 1 })).toEqual({
      senders: ['bbbb-2', 'AAAA-1', 'bbbb-2', 'AAAA-1', 'bbbb-2'],
      turn: 0,
    });
  });

  it('by_field picks the sender named by id or name, case-insensitive; no match falls back to least_loaded', () => {
    const prospects = [
      { fields: {}, customFields: { owner: ' ben ' } },
      { fields: {}, customFields: { owner: 'aaaa-1' } },
      { fields: {}, customFields: { owner: 'Nobody' } },
      { fields: { company: 'Ada Lovelace' }, customFields: {} },
    ];
    expect(assignSenders('by_field', [A, { ...B, load: 5 }], prospects, { field: 'owner', turn: 0 }).senders).toEqual([
      'bbbb-2',
      'AAAA-1',
      'AAAA-1',
      'AAAA-1',
    ]);
    expect(assignSenders('by_field', [A, B], prospects, { field: 'company', turn: 0 }).senders[3]).toBe('AAAA-1');
  });

  it('gives nobody a sender when the campaign has none', () => {
    expect(assignSenders('round_robin', [], [blank, blank], { field: null, turn: 3 }).senders).toEqual([null, null]);
  });

  it('reads a prospect field or a custom field’s name, nothing else', () => {
    expect(['company', 'email', 'owner', 'Account owner', 'sdr_2'].every(isSenderField)).toBe(true);
    expect(['', ' owner', 'data.owner', 'owner!', '{{owner}}'].some(isSenderField)).toBe(false);
  });
});
