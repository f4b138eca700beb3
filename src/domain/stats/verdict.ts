import { normalQuantile } from './normal';
import { rateOf } from './proportions';
import { compareArms, type Comparison } from './sequential';

/**
 * Contract 10.1's verdict on a step's variants: each variant against the first (the control) with the
 * always-valid test of `sequential.ts`, α = 0.05 split over the comparisons (α ÷ (n − 1), Bonferroni),
 * so a campaign looked at every day still finds a false winner at most 5 % of the time.
 *
 * - `winner`: a variant beats the control (the best of those that do), or the control beats all;
 * - `no_difference`: every difference's always-valid interval lies within ±5 percentage points;
 * - `collecting` otherwise, with `moreNeeded`: the prospects each variant still needs by the
 *   fixed-sample formula at 80 % power from the current rates (an estimate: the always-valid test
 *   usually needs somewhat more, and the rates move as prospects come in).
 * `confidence` is 1 − the smallest always-valid p-value, adjusted for the comparisons, so a winner
 * always reads at least 95 %.
 */

export const VERDICT_STATUSES = ['collecting', 'winner', 'no_difference'] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

/** The false-winner rate the whole step is held to, however often it is looked at. */
export const VERDICT_ALPHA = 0.05;
/** The power the "more needed" estimate plans for. */
export const VERDICT_POWER = 0.8;
/** Differences within this many rate points (±5 percentage points) count as no real difference. */
export const NO_DIFFERENCE_MARGIN = 0.05;

/** Contract 10.1 results metrics: what a step's rows count as converted. */
export type ResultMetric = 'accepted' | 'replied';

export interface VariantCounts {
  /** null for a step without variants (one row). */
  readonly variantId: string | null;
  readonly label: string;
  readonly sent: number;
  readonly converted: number;
}

export interface Verdict {
  status: VerdictStatus;
  /** The winning variant (status `winner`). */
  variantId?: string;
  /** 0–1: 1 − the smallest always-valid p-value (adjusted for the comparisons). */
  confidence: number;
  /** While collecting: about how many more prospects each variant needs, when the rates allow an estimate. */
  moreNeeded?: number;
  /** The verdict in users' words. */
  note: string;
}

/** "14 %", "8 %", "0.4 %": a rate as people read it (whole percents from 10 %, one decimal below). */
export function percentWords(rate: number): string {
  const percent = rate * 100;
  const shown = percent >= 10 || percent === 0 ? Math.round(percent) : Math.round(percent * 10) / 10;
  return `${shown} %`;
}

/** "about 300", "about 1,200": a count rounded to two significant digits. */
function aboutWords(n: number): string {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  const rounded = Math.max(1, Math.round(n / magnitude) * magnitude);
  return `about ${String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

const ANSWERED: Readonly<Record<ResultMetric, string>> = { accepted: 'nobody has accepted yet', replied: 'nobody has replied yet' };

/**
 * Prospects per variant that a fixed-sample test of the control's rate `a` against `b` needs to
 * conclude: either that they differ (two-sided at `alpha`, the planned power), or that they are
 * within the margin. Infinity when neither can be estimated.
 */
function sampleNeeded(a: number, b: number, alpha: number): number {
  const variance = a * (1 - a) + b * (1 - b);
  const zAlpha = normalQuantile(1 - alpha / 2);
  const gap = Math.abs(b - a);
  const toDiffer = gap > 0 ? ((zAlpha + normalQuantile(VERDICT_POWER)) ** 2 * variance) / (gap * gap) : Infinity;
  const room = NO_DIFFERENCE_MARGIN - gap;
  const toAgree = room > 0 ? (zAlpha ** 2 * variance) / (room * room) : Infinity;
  return Math.min(toDiffer, toAgree);
}

/**
 * The prospects each variant still needs: the nearest conclusion — the first comparison to show a
 * difference, or all of them to show none — less what the least-sent variant has.
 */
function moreNeededOf(variants: readonly VariantCounts[], alpha: number): number | undefined {
  const control = variants[0]!;
  const a = control.converted / control.sent;
  const needs = variants.slice(1).map((v) => sampleNeeded(a, v.converted / v.sent, alpha));
  const needed = Math.min(Math.min(...needs), Math.max(...needs));
  if (!Number.isFinite(needed)) return undefined;
  const least = Math.min(...variants.map((v) => v.sent));
  return Math.max(1, Math.ceil(needed - least));
}

const nameOf = (v: VariantCounts): string => v.label || (v.variantId ?? '').toUpperCase();

/** The verdict on one step's rows, the first being the control. */
export function verdictOf(variants: readonly VariantCounts[], metric?: ResultMetric): Verdict {
  if (variants.length < 2) return { status: 'collecting', confidence: 0, note: 'One text only: nothing to compare' };
  const control = variants[0]!;
  const alpha = VERDICT_ALPHA / (variants.length - 1);
  const tests: Array<Comparison | null> = variants.slice(1).map((v) => compareArms(control, v, alpha));
  const adjusted = tests.map((t) => Math.min(1, (t?.pValue ?? 1) * tests.length));
  const confidence = 1 - Math.min(...adjusted);
  const rateWords = (v: VariantCounts) => percentWords(rateOf(v.converted, v.sent) ?? 0);

  if (tests.some((t) => t === null)) {
    return { status: 'collecting', confidence, note: 'Too early: some variants have not been sent yet' };
  }
  const beaten = tests.flatMap((t, i) => (adjusted[i]! < VERDICT_ALPHA && t!.difference > 0 ? [variants[i + 1]!] : []));
  if (beaten.length > 0) {
    const best = beaten.reduce((x, y) => (y.converted / y.sent > x.converted / x.sent ? y : x));
    return {
      status: 'winner',
      variantId: best.variantId ?? undefined,
      confidence,
      note: `${nameOf(best)} is ahead: ${rateWords(best)} vs ${rateWords(control)}, confident`,
    };
  }
  if (tests.every((t, i) => adjusted[i]! < VERDICT_ALPHA && t!.difference < 0)) {
    const others = variants.slice(1);
    const bestOther = others.reduce((x, y) => (y.converted / y.sent > x.converted / x.sent ? y : x));
    const versus = others.length === 1 ? rateWords(bestOther) : `at most ${rateWords(bestOther)}`;
    return {
      status: 'winner',
      variantId: control.variantId ?? undefined,
      confidence,
      note: `${nameOf(control)} is ahead: ${rateWords(control)} vs ${versus}, confident`,
    };
  }
  if (tests.every((t) => t!.interval.low >= -NO_DIFFERENCE_MARGIN && t!.interval.high <= NO_DIFFERENCE_MARGIN)) {
    return { status: 'no_difference', confidence, note: 'No real difference' };
  }
  if (variants.every((v) => v.converted <= 0)) {
    return { status: 'collecting', confidence, note: `Too early: ${metric ? ANSWERED[metric] : 'nobody has answered yet'}` };
  }
  const moreNeeded = moreNeededOf(variants, alpha);
  return {
    status: 'collecting',
    confidence,
    ...(moreNeeded !== undefined ? { moreNeeded } : {}),
    note:
      moreNeeded !== undefined
        ? `Too early: ${aboutWords(moreNeeded)} more ${moreNeeded === 1 ? 'prospect' : 'prospects'} needed per variant`
        : 'Too early to tell',
  };
}
