import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalQuantile } from './normal';
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

describe('compareArms, exact values', () => {
  const TAU2 = 0.05 * 0.05;
  /** log Λ(θ) of contract 10.1 for an observed difference at `gap` from θ, with variance v. */
  const logLambda = (gap: number, v: number) => 0.5 * Math.log(v / (v + TAU2)) + (TAU2 * gap * gap) / (2 * v * (v + TAU2));

  it('says nothing while the challenger has no prospect either', () => {
    expect(compareArms({ sent: 10, converted: 1 }, { sent: 0, converted: 0 }, VERDICT_ALPHA)).toBeNull();
  });

  it.each([
    { control: { sent: 200, converted: 16 }, challenger: { sent: 200, converted: 24 }, alpha: VERDICT_ALPHA },
    { control: { sent: 40, converted: 0 }, challenger: { sent: 90, converted: 9 }, alpha: 0.025 },
    { control: { sent: 1000, converted: 80 }, challenger: { sent: 1000, converted: 140 }, alpha: VERDICT_ALPHA },
  ])(
    'p = 1/Λ(0) with the pooled variance; Λ = 1/α at both ends of the interval, each arm smoothed by +1/+1 ($control.converted/$control.sent vs $challenger.converted/$challenger.sent)',
    ({ control, challenger, alpha }) => {
      const { difference, pValue, interval } = compareArms(control, challenger, alpha)!;
      const a = control.converted / control.sent;
      const b = challenger.converted / challenger.sent;
      expect(difference).toBeCloseTo(b - a, 15);
      const pooled = (control.converted + challenger.converted) / (control.sent + challenger.sent);
      const nullVariance = pooled * (1 - pooled) * (1 / control.sent + 1 / challenger.sent);
      expect(pValue).toBeCloseTo(Math.min(1, Math.exp(-logLambda(b - a, nullVariance))), 12);
      const smoothed = ({ sent, converted }: { sent: number; converted: number }) => {
        const p = (converted + 1) / (sent + 2);
        return (p * (1 - p)) / sent;
      };
      const v = smoothed(control) + smoothed(challenger);
      expect(logLambda(difference - interval.low, v)).toBeCloseTo(Math.log(1 / alpha), 9);
      expect(logLambda(interval.high - difference, v)).toBeCloseTo(Math.log(1 / alpha), 9);
      expect(interval.high - difference).toBeCloseTo(difference - interval.low, 12);
    },
  );
});

describe('verdictOf, in detail', () => {
  /**
   * The documented estimate: per comparison the fixed-sample size to show a difference (two-sided at α,
   * 80 % power) or to show one within ±5 points, whichever is nearer; the nearest over the comparisons,
   * less what the least-sent variant has.
   */
  const plannedMore = (rows: readonly VariantCounts[]) => {
    const alpha = VERDICT_ALPHA / (rows.length - 1);
    const zAlpha = normalQuantile(1 - alpha / 2);
    const zPower = normalQuantile(0.8);
    const a = rows[0]!.converted / rows[0]!.sent;
    const needs = rows.slice(1).map(({ sent, converted }) => {
      const b = converted / sent;
      const variance = a * (1 - a) + b * (1 - b);
      const gap = Math.abs(b - a);
      const toDiffer = gap > 0 ? ((zAlpha + zPower) ** 2 * variance) / gap ** 2 : Infinity;
      const toAgree = gap < 0.05 ? (zAlpha ** 2 * variance) / (0.05 - gap) ** 2 : Infinity;
      return Math.min(toDiffer, toAgree);
    });
    return Math.max(1, Math.ceil(Math.min(...needs) - Math.min(...rows.map((v) => v.sent))));
  };

  it.each([
    // within the margin: showing "no difference" is nearer
    { rows: [row('a', 100, 50), row('b', 100, 51)], more: 1101, words: 'about 1,100' },
    // a 3-point gap: showing the difference is nearer
    { rows: [row('a', 100, 10), row('b', 100, 13)], more: 1672, words: 'about 1,700' },
    // a 10-point gap, beyond the margin: only the difference can be shown
    { rows: [row('a', 50, 5), row('b', 50, 10)], more: 147, words: 'about 150' },
    // a 30-point gap on few prospects: still only the difference counts, never "within 5 points"
    { rows: [row('a', 10, 1), row('b', 10, 4)], more: 19, words: 'about 19' },
    // one variant has answers, the other none yet
    { rows: [row('a', 30, 0), row('b', 30, 2)], more: 80, words: 'about 80' },
    // three variants (α = 2.5 % each), the least-sent one counts
    { rows: [row('a', 200, 16), row('b', 200, 24), row('c', 150, 20)], more: 483, words: 'about 480' },
    // everyone converted: equal rates with no spread, nothing more to plan for than one more prospect
    { rows: [row('a', 10, 10), row('b', 10, 10)], more: 1, words: 'about 1' },
  ])('plans $more more prospects for $rows.0.converted/$rows.0.sent vs $rows.1.converted/$rows.1.sent', ({ rows, more, words }) => {
    const v = verdictOf(rows, 'replied');
    expect(plannedMore(rows)).toBe(more);
    expect(v).toEqual({
      status: 'collecting',
      confidence: v.confidence,
      moreNeeded: more,
      note: `Too early: ${words} more ${more === 1 ? 'prospect' : 'prospects'} needed per variant`,
    });
  });

  it('plans by the nearest of several comparisons, not the farthest', () => {
    // c needs far fewer prospects than b to conclude.
    const rows = [row('a', 100, 10), row('b', 100, 11), row('c', 100, 14)];
    for (const order of [rows, [rows[0]!, rows[2]!, rows[1]!]]) {
      expect(plannedMore(order)).toBe(490);
      expect(verdictOf(order)).toMatchObject({
        status: 'collecting',
        moreNeeded: 490,
        note: 'Too early: about 490 more prospects needed per variant',
      });
    }
  });

  it('groups the thousands of a five-digit estimate', () => {
    // 40 challengers split α forty ways, and each sits 2.8 points above the control: a long wait.
    const rows = [row('v0', 250, 125), ...Array.from({ length: 40 }, (_, i) => row(`v${i + 1}`, 250, 132))];
    expect(plannedMore(rows)).toBe(10_292);
    expect(verdictOf(rows)).toMatchObject({
      status: 'collecting',
      moreNeeded: 10_292,
      note: 'Too early: about 10,000 more prospects needed per variant',
    });
  });

  it('names a variant by its id when it has no label', () => {
    const v = verdictOf([row('a', 1000, 80), row('b', 1000, 140, '')]);
    expect(v).toMatchObject({ status: 'winner', variantId: 'b', note: 'B is ahead: 14 % vs 8 %, confident' });
  });

  it('names the control against the one other variant without "at most"', () => {
    const v = verdictOf([row('a', 1000, 140), row('b', 1000, 80)]);
    expect(v).toMatchObject({ status: 'winner', variantId: 'a', note: 'A is ahead: 14 % vs 8 %, confident' });
  });

  it('quotes the best of the beaten variants whatever their order', () => {
    const v = verdictOf([row('a', 1500, 300), row('b', 1500, 180), row('c', 1500, 150)]);
    expect(v).toMatchObject({ status: 'winner', variantId: 'a', note: 'A is ahead: 20 % vs at most 12 %, confident' });
  });

  it('picks the best winner whatever the order, and the first of two equal ones', () => {
    expect(verdictOf([row('a', 2000, 100), row('b', 2000, 340), row('c', 2000, 300)])).toMatchObject({
      status: 'winner',
      variantId: 'b',
      note: 'B is ahead: 17 % vs 5 %, confident',
    });
    expect(verdictOf([row('a', 2000, 100), row('b', 2000, 300), row('c', 2000, 300)])).toMatchObject({ status: 'winner', variantId: 'b' });
  });

  it('does not name the control while it beats only some of the others', () => {
    const v = verdictOf([row('a', 1500, 300), row('b', 1500, 150), row('c', 1500, 290)]);
    expect(v.status).toBe('collecting');
    expect(v.variantId).toBeUndefined();
  });

  it('says which wait it is: a variant not sent yet, or nobody answered', () => {
    expect(verdictOf([row('a', 30, 3), row('b', 0, 0)]).note).toBe('Too early: some variants have not been sent yet');
    expect(verdictOf([row('a', 30, 3), row('b', 0, 0), row('c', 30, 3)])).toEqual({
      status: 'collecting',
      confidence: 0,
      note: 'Too early: some variants have not been sent yet',
    });
    expect(verdictOf([row('a', 30, 0), row('b', 30, 0)])).toEqual({
      status: 'collecting',
      confidence: 0,
      note: 'Too early: nobody has answered yet',
    });
  });
});

describe('percentWords, in detail', () => {
  it('rounds to whole percents from 10 % and to one decimal below', () => {
    expect(percentWords(0.1234)).toBe('12 %');
    expect(percentWords(0.1)).toBe('10 %');
    expect(percentWords(0.456)).toBe('46 %');
    expect(percentWords(0.0456)).toBe('4.6 %');
    expect(percentWords(0.0999)).toBe('10 %');
  });
});
