import { rateOf, wilsonInterval, type Interval } from './proportions';
import { verdictOf, type ResultMetric, type VariantCounts, type Verdict } from './verdict';

/**
 * Contract 10.1 results of one step (and version of its text): each variant's row — `sent`,
 * `converted`, `rate` and its 95 % Wilson `interval` (both null when nothing was sent) — and the
 * verdict on them, the first row being the control. The one place the results endpoint, its CSV and
 * its MCP twin turn counts into what they show.
 */

export interface VariantResult extends VariantCounts {
  rate: number | null;
  interval: Interval | null;
}

export interface StepResults {
  variants: VariantResult[];
  verdict: Verdict;
}

export function stepResults(variants: readonly VariantCounts[], metric?: ResultMetric): StepResults {
  return {
    variants: variants.map((v) => ({ ...v, rate: rateOf(v.converted, v.sent), interval: wilsonInterval(v.converted, v.sent) })),
    verdict: verdictOf(variants, metric),
  };
}
