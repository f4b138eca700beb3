import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('draws the same numbers from the same seed, others from another, all in [0, 1)', () => {
    const draw = (seed: number) => Array.from({ length: 1000 }, seededRandom(seed));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(7).every((u) => u >= 0 && u < 1)).toBe(true);
    // Spread over the interval: each tenth gets its share.
    const tenths = new Array(10).fill(0);
    for (const u of draw(1)) tenths[Math.floor(u * 10)]++;
    expect(Math.min(...tenths)).toBeGreaterThan(60);
  });
});
