import { normalQuantile } from './normal';

/**
 * Contract 10.1 rows: a variant's rate (converted ÷ sent) and its 95 % Wilson score interval — the
 * interval that keeps close to its level for small samples and rates near 0 or 1, where the
 * textbook p̂ ± z·√(p̂(1−p̂)/n) collapses to a point (0 of 20 replies would read "0 % to 0 %").
 */

/** The level of every interval shown with a rate. */
export const INTERVAL_LEVEL = 0.95;
const Z95 = normalQuantile(1 - (1 - INTERVAL_LEVEL) / 2);

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** converted ÷ sent, or null when nothing was sent. */
export function rateOf(converted: number, sent: number): number | null {
  return sent > 0 ? converted / sent : null;
}

/**
 * The Wilson score interval of a proportion converted/sent at `level` (95 % by default); null when
 * nothing was sent. Counts out of order (converted < 0 or > sent) are clamped rather than thrown on.
 */
export function wilsonInterval(converted: number, sent: number, level = INTERVAL_LEVEL): Interval | null {
  if (!(sent > 0)) return null;
  const z = level === INTERVAL_LEVEL ? Z95 : normalQuantile(1 - (1 - level) / 2);
  const p = Math.min(1, Math.max(0, converted / sent));
  const z2n = (z * z) / sent;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / sent + z2n / (4 * sent))) / (1 + z2n);
  // At p = 0 or 1 the bound is exactly 0 or 1; rounding must not leave it a hair inside.
  return { low: p === 0 ? 0 : Math.max(0, centre - half), high: p === 1 ? 1 : Math.min(1, centre + half) };
}
