import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { variantGraph } from '../testing/fixtures';
import { assignedVariant, assignmentHash, variantPosition } from './assign';

const uuid = fc.uuid();

describe('variantPosition (contract 10.1)', () => {
  it('is a fixed function of its inputs: the same prospect gets the same position forever', () => {
    // Pinned values: a change of hash would move running prospects to another variant.
    expect(assignmentHash('', '', '')).toBe(assignmentHash('', '', ''));
    expect(assignmentHash('c', 'p', 'node')).toBe(240_512_161);
    expect(assignmentHash('4f1c…', 'ü→😀', 'group')).toBe(3_580_187_147);
    expect(variantPosition('campaign-1', 'prospect-1', 'invite', 2)).toBe(variantPosition('campaign-1', 'prospect-1', 'invite', 2));
    fc.assert(
      fc.property(uuid, uuid, fc.string(), fc.integer({ min: 1, max: 5 }), (c, p, key, n) => {
        const position = variantPosition(c, p, key, n);
        expect(Number.isInteger(position) && position >= 0 && position < n).toBe(true);
        expect(variantPosition(c, p, key, n)).toBe(position);
      }),
    );
  });

  it('keeps the three parts apart: moving text from one part to the next changes the hash', () => {
    expect(assignmentHash('ab', 'c', 'x')).not.toBe(assignmentHash('a', 'bc', 'x'));
    expect(assignmentHash('a', 'bc', 'x')).not.toBe(assignmentHash('a', 'b', 'cx'));
  });

  it('gives equal shares to every position, for any campaign and step', () => {
    fc.assert(
      fc.property(
        uuid,
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer(),
        (campaign, key, n, seed) => {
          const prospects = 4000;
          const counts = new Array<number>(n).fill(0);
          for (let i = 0; i < prospects; i++) counts[variantPosition(campaign, `prospect-${seed}-${i}`, key, n)]!++;
          // Chi-square with n − 1 ≤ 4 degrees of freedom: 23.5 is its 0.9999 quantile at 4.
          const expected = prospects / n;
          const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
          expect(chiSquare).toBeLessThan(23.5);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('draws steps that are not grouped independently of each other', () => {
    const prospects = Array.from({ length: 8000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const both = [0, 0, 0, 0];
    for (const p of prospects) both[variantPosition('campaign', p, 'invite', 2) * 2 + variantPosition('campaign', p, 'thanks', 2)]!++;
    // Each of the four pairs (A,A) (A,B) (B,A) (B,B) near a quarter: one step's variant says nothing of the other's.
    for (const n of both) expect(Math.abs(n / prospects.length - 0.25)).toBeLessThan(0.02);
  });
});

describe('assignedVariant', () => {
  const g = variantGraph();
  const invite = g.nodes.find((n) => n.id === 'invite')!;
  const thanks = g.nodes.find((n) => n.id === 'thanks')!;

  it('gives a prospect the same position on every step of one group (first with first)', () => {
    fc.assert(
      fc.property(uuid, uuid, (campaign, prospect) => {
        const first = assignedVariant(invite, campaign, prospect)!;
        expect(assignedVariant(thanks, campaign, prospect)!.variantId).toBe(first.variantId);
      }),
    );
  });

  it('reads the step id without a group', () => {
    const alone = { ...invite, data: { ...invite.data, variantGroup: undefined } };
    const at = variantPosition('c1', 'p1', 'invite', 2);
    expect(assignedVariant(alone, 'c1', 'p1')!.variantId).toBe(['a', 'b'][at]);
  });

  it('gives the chosen winner to everyone, and nothing on a step without well-formed variants', () => {
    fc.assert(
      fc.property(uuid, uuid, (campaign, prospect) => {
        expect(assignedVariant(invite, campaign, prospect, 'b')!.variantId).toBe('b');
      }),
    );
    expect(assignedVariant(invite, 'c', 'p', 'z')).toBeDefined();
    expect(assignedVariant({ id: 'x', type: 'message', data: { message_template: 'Hi' } }, 'c', 'p')).toBeUndefined();
    expect(
      assignedVariant({ ...invite, data: { ...invite.data, variants: [(invite.data.variants as unknown[])[0]] } }, 'c', 'p'),
    ).toBeUndefined();
  });
});

/** The documented hash, written out over TextEncoder's UTF-8 bytes: FNV-1a, U+001F between parts, then fmix32. */
function referenceHash(...parts: string[]): number {
  const bytes = new TextEncoder().encode(parts.join('\u001f'));
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

describe('assignmentHash encoding', () => {
  it('hashes the UTF-8 bytes, exactly at each encoding-length boundary', () => {
    for (const c of ['\u007f', '\u0080', '\u07ff', '\u0800', '\uffff', '\u{10000}', '\u{10ffff}'])
      expect(assignmentHash('c', `p${c}`, c), JSON.stringify(c)).toBe(referenceHash('c', `p${c}`, c));
  });

  it('agrees with the reference for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), fc.string({ unit: 'binary' }), (c, p, k) => {
        expect(assignmentHash(c, p, k)).toBe(referenceHash(c, p, k));
      }),
      { numRuns: 50 },
    );
  });
});

describe('variantPosition with no variants', () => {
  it('is 0', () => {
    expect(variantPosition('campaign-1', 'prospect-1', 'invite', 0)).toBe(0);
    expect(variantPosition('campaign-1', 'prospect-1', 'invite', -1)).toBe(0);
  });
});
