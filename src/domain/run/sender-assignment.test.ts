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

describe('sender assignment, exact answers', () => {
  const owner = (value: unknown) => ({ fields: {}, customFields: { owner: value } });

  it('by_field matches an account id in any case, even when that sender is the busier one', () => {
    const busyA = { ...A, load: 9 };
    expect(
      assignSenders('by_field', [busyA, B], [owner('aaaa-1'), owner('AAAA-1'), owner('BBBB-2')], { field: 'owner', turn: 0 }).senders,
    ).toEqual(['AAAA-1', 'AAAA-1', 'bbbb-2']);
    expect(assignSenders('by_field', [busyA, B], [owner('  ada LOVELACE ')], { field: 'owner', turn: 0 }).senders).toEqual(['AAAA-1']);
  });

  it('an account id wins over another sender’s name, and the first of two same names wins', () => {
    const C = { accountId: 'cccc-3', name: ' AAAA-1 ', load: 0 };
    expect(assignSenders('by_field', [{ ...A, load: 9 }, C], [owner('aaaa-1')], { field: 'owner', turn: 0 }).senders).toEqual(['AAAA-1']);
    const sam1 = { accountId: 's1', name: 'Sam', load: 9 };
    const sam2 = { accountId: 's2', name: ' sam ', load: 0 };
    expect(assignSenders('by_field', [sam1, sam2], [owner('SAM')], { field: 'owner', turn: 0 }).senders).toEqual(['s1']);
  });

  it('by_field matches a name written with spaces around it', () => {
    const spaced = { accountId: 'spaced', name: '  Ben Spaced  ', load: 9 };
    expect(assignSenders('by_field', [spaced, B], [owner('ben spaced')], { field: 'owner', turn: 0 }).senders).toEqual(['spaced']);
  });

  it('by_field without a field reads no field, not even one called "null"', () => {
    const prospect = { fields: {}, customFields: { null: 'aaaa-1' } };
    expect(assignSenders('by_field', [{ ...A, load: 9 }, B], [prospect], { field: null, turn: 0 }).senders).toEqual(['bbbb-2']);
  });

  it('by_field reads a number as text, and nothing else', () => {
    const n42 = { accountId: 'n42', name: '42', load: 9 };
    const yes = { accountId: 'yes', name: 'true', load: 9 };
    const idle = { accountId: 'idle', name: 'Idle', load: 0 };
    expect(
      assignSenders('by_field', [n42, yes, idle], [owner(42), owner(true), owner(undefined), owner(null)], { field: 'owner', turn: 0 })
        .senders,
    ).toEqual(['n42', 'idle', 'idle', 'idle']);
  });

  it('only by_field reads the field', () => {
    const busyA = { ...A, load: 9 };
    expect(assignSenders('least_loaded', [busyA, B], [owner('aaaa-1')], { field: 'owner', turn: 0 }).senders).toEqual(['bbbb-2']);
    expect(assignSenders('by_field', [busyA, B], [owner('aaaa-1')], { field: null, turn: 0 }).senders).toEqual(['bbbb-2']);
  });

  it('least_loaded breaks a tie by the senders’ order', () => {
    expect(assignSenders('least_loaded', [A, B], [blank, blank, blank], { field: null, turn: 0 }).senders).toEqual([
      'AAAA-1',
      'bbbb-2',
      'AAAA-1',
    ]);
    expect(assignSenders('least_loaded', [B, A], [blank], { field: null, turn: 0 }).senders).toEqual(['bbbb-2']);
  });

  it('keeps the campaign’s turn when it has no senders', () => {
    expect(assignSenders('round_robin', [], [blank, blank], { field: null, turn: 3 })).toEqual({ senders: [null, null], turn: 3 });
    expect(assignSenders('round_robin', [A, B], [blank], { field: null, turn: 3 }).turn).toBe(0);
  });
});
