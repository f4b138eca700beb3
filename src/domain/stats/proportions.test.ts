import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateOf, wilsonInterval } from './proportions';

const counts = fc
  .integer({ min: 1, max: 100_000 })
  .chain((sent) => fc.record({ sent: fc.constant(sent), converted: fc.integer({ min: 0, max: sent }) }));

describe('rateOf', () => {
  it('is converted over sent, and null when nothing was sent', () => {
    expect(rateOf(7, 50)).toBe(0.14);
    expect(rateOf(0, 0)).toBeNull();
  });
});

describe('wilsonInterval (95 %)', () => {
  it('matches published values', () => {
    // Newcombe (1998), Statistics in Medicine 17: 857–872, table I, method 3.
    const rounded = (x: number) => Math.round(x * 10_000) / 10_000;
    const of = (x: number, n: number) => {
      const i = wilsonInterval(x, n)!;
      return [rounded(i.low), rounded(i.high)];
    };
    expect(of(81, 263)).toEqual([0.2553, 0.3662]);
    expect(of(15, 148)).toEqual([0.0624, 0.1605]);
    expect(of(0, 20)).toEqual([0, 0.1611]);
    expect(of(1, 29)).toEqual([0.0061, 0.1718]);
  });

  it('is null when nothing was sent', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it('lies in [0, 1] and holds the observed rate', () => {
    fc.assert(
      fc.property(counts, ({ sent, converted }) => {
        const { low, high } = wilsonInterval(converted, sent)!;
        expect(0 <= low && low <= converted / sent && converted / sent <= high && high <= 1).toBe(true);
      }),
    );
  });

  it('is symmetric: converted and not converted swap the bounds', () => {
    fc.assert(
      fc.property(counts, ({ sent, converted }) => {
        const one = wilsonInterval(converted, sent)!;
        const other = wilsonInterval(sent - converted, sent)!;
        expect(one.low).toBeCloseTo(1 - other.high, 12);
        expect(one.high).toBeCloseTo(1 - other.low, 12);
      }),
    );
  });

  it('moves up with each conversion and narrows as the sample grows at the same rate', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 2, max: 10 }), ({ sent, converted }, k) => {
        const here = wilsonInterval(converted, sent)!;
        if (converted < sent) {
          const more = wilsonInterval(converted + 1, sent)!;
          expect(more.low).toBeGreaterThan(here.low);
          expect(more.high).toBeGreaterThanOrEqual(here.high);
        }
        const bigger = wilsonInterval(converted * k, sent * k)!;
        expect(bigger.high - bigger.low).toBeLessThan(here.high - here.low);
      }),
    );
  });

  it('widens with the level', () => {
    const at90 = wilsonInterval(14, 100, 0.9)!;
    const at95 = wilsonInterval(14, 100)!;
    expect(at90.low).toBeGreaterThan(at95.low);
    expect(at90.high).toBeLessThan(at95.high);
  });
});

describe('wilsonInterval, exact values', () => {
  /** The Wilson bounds straight from the formula, for a given critical value z. */
  const wilson = (x: number, n: number, z: number) => {
    const p = x / n;
    const z2n = (z * z) / n;
    const centre = (p + z2n / 2) / (1 + z2n);
    const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
    return { low: centre - half, high: centre + half };
  };

  it('uses z = 1.6449 at 90 % and z = 2.5758 at 99 %', () => {
    const at90 = wilsonInterval(14, 100, 0.9)!;
    expect(at90.low).toBeCloseTo(wilson(14, 100, 1.6448536269514722).low, 12);
    expect(at90.high).toBeCloseTo(wilson(14, 100, 1.6448536269514722).high, 12);
    expect(at90.low).toBeCloseTo(0.0924, 4);
    expect(at90.high).toBeCloseTo(0.2066, 4);
    const at99 = wilsonInterval(14, 100, 0.99)!;
    expect(at99.low).toBeCloseTo(wilson(14, 100, 2.5758293035489004).low, 12);
    expect(at99.high).toBeCloseTo(wilson(14, 100, 2.5758293035489004).high, 12);
  });

  it('starts exactly at 0 when nothing converted, where rounding would leave a hair above 0', () => {
    // For these sizes centre − half rounds to a tiny positive number rather than 0.
    for (const sent of [5, 10, 17, 20, 34]) expect(wilsonInterval(0, sent)!.low).toBe(0);
    for (const sent of [5, 10, 17, 20, 34]) expect(wilsonInterval(sent, sent)!.high).toBe(1);
  });
});
