import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { wilsonInterval } from './proportions';
import { verdictOf, type Verdict } from './verdict';

/**
 * Contract 10.1's guarantees, shown by seeded simulation (issue 37 "Proof"): a campaign looked at after
 * every 50 prospects finds a false winner at most 5 % of the time; a real 8 % vs 14 % reply rate is
 * found by 800 prospects per variant in at least 80 % of experiments; the 95 % intervals cover the
 * true rate in 93–97 % of draws. Seeded: the same draws every run, so the figures never flicker.
 */

const EXPERIMENTS = 1000;
/** A second or so each on an idle machine; the suite shares two cores with much else, so room to spare. */
const SLOW = { timeout: 30_000 };
const LOOK_EVERY = 50;

interface Experiment {
  /** True reply rate of each variant, the first being the control. */
  rates: readonly number[];
  /** Prospects per variant at the last look. */
  upTo: number;
  seed: number;
}

/** Runs the experiments; for each, the first winner seen at a look (or null) and whether "no difference" was ever said. */
function simulate({ rates, upTo, seed }: Experiment): Array<{ winner: Verdict['variantId'] | null; sawNoDifference: boolean }> {
  const random = seededRandom(seed);
  const outcomes = [];
  for (let e = 0; e < EXPERIMENTS; e++) {
    const converted = rates.map(() => 0);
    let winner: string | null = null;
    let sawNoDifference = false;
    for (let sent = 1; sent <= upTo && winner === null; sent++) {
      rates.forEach((rate, i) => {
        if (random() < rate) converted[i]!++;
      });
      if (sent % LOOK_EVERY !== 0) continue;
      const verdict = verdictOf(rates.map((_, i) => ({ variantId: 'abcde'[i]!, label: 'ABCDE'[i]!, sent, converted: converted[i]! })));
      if (verdict.status === 'winner') winner = verdict.variantId!;
      if (verdict.status === 'no_difference') sawNoDifference = true;
    }
    outcomes.push({ winner, sawNoDifference });
  }
  return outcomes;
}

const share = <T>(list: readonly T[], pick: (x: T) => boolean): number => list.filter(pick).length / list.length;

describe('the verdict, looked at after every 50 prospects', SLOW, () => {
  it.each([
    { name: 'replies at 8 %', rate: 0.08, seed: 1 },
    { name: 'acceptances at 30 %', rate: 0.3, seed: 2 },
    { name: 'replies at 2 %', rate: 0.02, seed: 3 },
  ])('finds a false winner in at most 5 % of 1,000 A/A experiments up to 2,000 prospects per variant ($name)', ({ rate, seed }) => {
    const outcomes = simulate({ rates: [rate, rate], upTo: 2000, seed });
    expect(share(outcomes, (o) => o.winner !== null)).toBeLessThanOrEqual(0.05);
  });

  it('keeps to 5 % with three equal variants (α split over the two comparisons)', () => {
    const outcomes = simulate({ rates: [0.1, 0.1, 0.1], upTo: 2000, seed: 4 });
    expect(share(outcomes, (o) => o.winner !== null)).toBeLessThanOrEqual(0.05);
  });

  it('finds the better of 8 % and 14 % by 800 prospects per variant in at least 80 % of experiments, and almost never the worse', () => {
    const outcomes = simulate({ rates: [0.08, 0.14], upTo: 800, seed: 5 });
    expect(share(outcomes, (o) => o.winner === 'b')).toBeGreaterThanOrEqual(0.8);
    expect(share(outcomes, (o) => o.winner === 'a')).toBeLessThanOrEqual(0.01);
  });

  it('finds the better control too (14 % against 8 %)', () => {
    const outcomes = simulate({ rates: [0.14, 0.08], upTo: 800, seed: 6 });
    expect(share(outcomes, (o) => o.winner === 'a')).toBeGreaterThanOrEqual(0.8);
  });

  it('says "no real difference" of equal texts given enough prospects, and of 8 % against 14 % almost never', () => {
    expect(share(simulate({ rates: [0.08, 0.08], upTo: 2000, seed: 7 }), (o) => o.sawNoDifference)).toBeGreaterThanOrEqual(0.9);
    expect(share(simulate({ rates: [0.08, 0.14], upTo: 2000, seed: 8 }), (o) => o.sawNoDifference)).toBeLessThanOrEqual(0.05);
  });
});

describe('the 95 % Wilson interval', SLOW, () => {
  it('covers the true rate in 93–97 % of draws', () => {
    const random = seededRandom(9);
    let covered = 0;
    let draws = 0;
    for (const rate of [0.03, 0.08, 0.14, 0.3, 0.5]) {
      for (const sent of [20, 50, 100, 400, 1000]) {
        let coveredHere = 0;
        for (let d = 0; d < 400; d++) {
          let converted = 0;
          for (let i = 0; i < sent; i++) if (random() < rate) converted++;
          const { low, high } = wilsonInterval(converted, sent)!;
          if (low <= rate && rate <= high) coveredHere++;
        }
        // No corner far off either: Wilson stays near its level even for 20 prospects at 3 %.
        expect(coveredHere / 400, `${rate} of ${sent}`).toBeGreaterThanOrEqual(0.88);
        covered += coveredHere;
        draws += 400;
      }
    }
    expect(covered / draws).toBeGreaterThanOrEqual(0.93);
    expect(covered / draws).toBeLessThanOrEqual(0.97);
  });
});
