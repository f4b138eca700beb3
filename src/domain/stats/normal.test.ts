import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalQuantile } from './normal';

describe('normalQuantile', () => {
  it('gives the textbook critical values', () => {
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 12);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 12);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959963984540054, 12);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 9);
    expect(normalQuantile(1e-300)).toBeCloseTo(-37.0471, 4);
  });

  it('is infinite at the ends and NaN outside', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    for (const p of [-0.1, 1.1, NaN]) expect(normalQuantile(p)).toBeNaN();
  });

  it('is non-decreasing and odd about one half', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }), fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }), (p, q) => {
        if (p < q) expect(normalQuantile(p)).toBeLessThanOrEqual(normalQuantile(q));
        expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 6);
      }),
    );
  });
});

describe('normalQuantile at the seams of its three rational approximations', () => {
  it('agrees with the tables on either side of |p − ½| = 0.425 and in the far tail', () => {
    // 0.075 and 0.925 sit on the central/tail seam; 1e-12 is beyond r = 5 (the far-tail polynomial).
    expect(normalQuantile(0.925)).toBeCloseTo(1.4395314709384563, 12);
    expect(normalQuantile(0.075)).toBeCloseTo(-1.4395314709384563, 12);
    expect(normalQuantile(0.9)).toBeCloseTo(1.2815515655446004, 12);
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 12);
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232306167813, 12);
    expect(normalQuantile(1e-12)).toBeCloseTo(-7.034483825301132, 9);
    expect(normalQuantile(1 - 1e-12)).toBeCloseTo(7.034483825301132, 3);
  });

  it('is NaN well outside [0, 1] and at ±Infinity', () => {
    for (const p of [-1, 2, -Infinity, Infinity]) expect(normalQuantile(p)).toBeNaN();
  });
});
