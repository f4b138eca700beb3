import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareArms } from './sequential';
import { stepResults } from './step-results';
import { percentWords, VERDICT_ALPHA, verdictOf, type VariantCounts } from './verdict';

const row = (variantId: string, sent: number, converted: number, label = variantId.toUpperCase()): VariantCounts => ({
  variantId,
  label,
  sent,
  converted,
});

const arm = fc
  .integer({ min: 1, max: 5000 })
  .chain((sent) => fc.record({ sent: fc.constant(sent), converted: fc.integer({ min: 0, max: sent }) }));

describe('verdictOf', () => {
  it('names a clear winner with both rates', () => {
    const v = verdictOf([row('a', 1000, 80), row('b', 1000, 140)], 'replied');
    expect(v).toMatchObject({ status: 'winner', variantId: 'b', note: 'B is ahead: 14 % vs 8 %, confident' });
    expect(v.confidence).toBeGreaterThanOrEqual(1 - VERDICT_ALPHA);
    expect(v.moreNeeded).toBeUndefined();
  });

  it('names the control when it beats every other variant', () => {
    const v = verdictOf([row('a', 1500, 300, 'Short note'), row('b', 1500, 150), row('c', 1500, 180)]);
    expect(v).toMatchObject({ status: 'winner', variantId: 'a', note: 'Short note is ahead: 20 % vs at most 12 %, confident' });
  });

  it('picks the best of several variants that beat the control', () => {
    const v = verdictOf([row('a', 2000, 100), row('b', 2000, 300), row('c', 2000, 340)]);
    expect(v).toMatchObject({ status: 'winner', variantId: 'c' });
  });

  it('says how many more prospects a close race needs', () => {
    const v = verdictOf([row('a', 200, 16), row('b', 200, 24)], 'replied');
    expect(v.status).toBe('collecting');
    expect(v.moreNeeded).toBeGreaterThan(100);
    expect(v.note).toMatch(/^Too early: about [\d,]+ more prospects needed per variant$/);
    expect(v.confidence).toBeGreaterThanOrEqual(0);
    expect(v.confidence).toBeLessThan(1 - VERDICT_ALPHA);
  });

  it('finds no real difference once both rates are pinned within 5 points', () => {
    expect(verdictOf([row('a', 3000, 300), row('b', 3000, 306)])).toMatchObject({ status: 'no_difference', note: 'No real difference' });
  });

  it('waits while nobody has answered or a variant was never sent', () => {
    expect(verdictOf([row('a', 30, 0), row('b', 30, 0)], 'accepted').note).toBe('Too early: nobody has accepted yet');
    expect(verdictOf([row('a', 30, 0), row('b', 30, 0)], 'replied').note).toBe('Too early: nobody has replied yet');
    expect(verdictOf([row('a', 30, 3), row('b', 0, 0)])).toMatchObject({ status: 'collecting', confidence: 0 });
  });

  it('has nothing to compare on a step without variants', () => {
    expect(verdictOf([{ variantId: null, label: 'Message', sent: 100, converted: 12 }])).toEqual({
      status: 'collecting',
      confidence: 0,
      note: 'One text only: nothing to compare',
    });
  });

  it('holds a winner to α split over the comparisons', () => {
    // Significant for one comparison at 5 %, not at 2.5 %: with a third variant, the same counts wait.
    const a = row('a', 1200, 96);
    const b = row('b', 1200, 142);
    const test = compareArms(a, b, VERDICT_ALPHA)!;
    expect(test.pValue).toBeLessThan(VERDICT_ALPHA);
    expect(test.pValue * 2).toBeGreaterThan(VERDICT_ALPHA);
    expect(verdictOf([a, b]).status).toBe('winner');
    expect(verdictOf([a, b, row('c', 1200, 96)]).status).toBe('collecting');
  });

  it('is always a verdict the contract allows, winner only when confident', () => {
    fc.assert(
      fc.property(fc.array(arm, { minLength: 2, maxLength: 5 }), (arms) => {
        const v = verdictOf(arms.map((a, i) => row('abcde'[i]!, a.sent, a.converted)));
        expect(v.confidence).toBeGreaterThanOrEqual(0);
        expect(v.confidence).toBeLessThanOrEqual(1);
        expect(v.note.length).toBeGreaterThan(0);
        if (v.status === 'winner') expect(v.confidence).toBeGreaterThanOrEqual(1 - VERDICT_ALPHA);
        else expect(v.variantId).toBeUndefined();
        if (v.moreNeeded !== undefined) expect(Number.isInteger(v.moreNeeded) && v.moreNeeded >= 1).toBe(true);
      }),
    );
  });
});

describe('compareArms (always-valid mSPRT)', () => {
  it('is symmetric: swapping control and challenger mirrors the difference and keeps the p-value', () => {
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const ab = compareArms(a, b, VERDICT_ALPHA)!;
        const ba = compareArms(b, a, VERDICT_ALPHA)!;
        expect(ba.difference).toBeCloseTo(-ab.difference, 12);
        expect(ba.pValue).toBeCloseTo(ab.pValue, 12);
        expect(ba.interval.low).toBeCloseTo(-ab.interval.high, 12);
      }),
    );
  });

  it('keeps its p-value in [0, 1] and its interval around the observed difference', () => {
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const { pValue, difference, interval } = compareArms(a, b, VERDICT_ALPHA)!;
        expect(pValue >= 0 && pValue <= 1).toBe(true);
        expect(interval.low).toBeLessThan(difference);
        expect(interval.high).toBeGreaterThan(difference);
      }),
    );
  });

  it('grows more sure as the same gap holds over more prospects, and as the gap widens', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 2000 }), fc.integer({ min: 2, max: 5 }), (sent, k) => {
        const a = { sent, converted: Math.round(sent * 0.1) };
        const b = { sent, converted: Math.round(sent * 0.2) };
        const wider = { sent, converted: Math.round(sent * 0.3) };
        const here = compareArms(a, b, VERDICT_ALPHA)!;
        const more = compareArms(
          { sent: a.sent * k, converted: a.converted * k },
          { sent: b.sent * k, converted: b.converted * k },
          VERDICT_ALPHA,
        )!;
        expect(more.pValue).toBeLessThanOrEqual(here.pValue);
        expect(more.interval.high - more.interval.low).toBeLessThan(here.interval.high - here.interval.low);
        expect(compareArms(a, wider, VERDICT_ALPHA)!.pValue).toBeLessThanOrEqual(here.pValue);
      }),
    );
  });

  it('says nothing while an arm has no prospect, and nothing of equal all-or-none rates', () => {
    expect(compareArms({ sent: 0, converted: 0 }, { sent: 10, converted: 1 }, VERDICT_ALPHA)).toBeNull();
    expect(compareArms({ sent: 40, converted: 0 }, { sent: 50, converted: 0 }, VERDICT_ALPHA)!.pValue).toBe(1);
    expect(compareArms({ sent: 40, converted: 40 }, { sent: 50, converted: 50 }, VERDICT_ALPHA)!.pValue).toBe(1);
  });
});

describe('percentWords', () => {
  it('reads like the results page', () => {
    expect(percentWords(0.14)).toBe('14 %');
    expect(percentWords(0.08)).toBe('8 %');
    expect(percentWords(0.004)).toBe('0.4 %');
    expect(percentWords(0)).toBe('0 %');
    expect(percentWords(1)).toBe('100 %');
  });
});

describe('stepResults', () => {
  it('gives each row its rate and Wilson interval (null when nothing was sent) and the verdict', () => {
    const results = stepResults([row('a', 1000, 80), row('b', 0, 0)], 'replied');
    expect(results.variants[0]).toMatchObject({ variantId: 'a', sent: 1000, converted: 80, rate: 0.08 });
    expect(results.variants[0]!.interval!.low).toBeCloseTo(0.0647, 4);
    expect(results.variants[0]!.interval!.high).toBeCloseTo(0.0985, 4);
    expect(results.variants[1]).toMatchObject({ rate: null, interval: null });
    expect(results.verdict.status).toBe('collecting');
  });
});
