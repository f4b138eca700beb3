/**
 * Statistics of contract 10.1's results: rates with their 95 % Wilson interval, and the verdict of an
 * always-valid sequential test on each variant against the control.
 */
export { normalQuantile } from './normal';
export { INTERVAL_LEVEL, rateOf, wilsonInterval, type Interval } from './proportions';
export { stepResults, type StepResults, type VariantResult } from './step-results';
export { compareArms, MIXTURE_SPREAD, type Arm, type Comparison } from './sequential';
export {
  NO_DIFFERENCE_MARGIN,
  percentWords,
  VERDICT_ALPHA,
  VERDICT_POWER,
  VERDICT_STATUSES,
  verdictOf,
  type ResultMetric,
  type VariantCounts,
  type Verdict,
  type VerdictStatus,
} from './verdict';
