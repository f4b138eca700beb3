import type { Interval } from './proportions';

/**
 * An always-valid comparison of two conversion rates (contract 10.1): a test whose p-value and
 * interval stay honest however often they are looked at — after every prospect, every day — and
 * whenever the looking stops. A fixed-sample z-test checked daily finds a "winner" between two equal
 * texts far more often than its 5 %; this one, at most 5 % over the whole run.
 *
 * The test is the mixture sequential probability ratio test (mSPRT) on the difference of the two
 * rates, as in Johari, Pekelis & Walsh, "Always Valid Inference: Bringing Sequential Analysis to A/B
 * Testing" (arXiv:1512.04922; with Koomen in Operations Research 70(3), 2022), the two-stream case: with
 * θ̂ = p̂_B − p̂_A, its variance V and a normal mixture N(0, τ²) over the true difference,
 *
 *   Λ(θ) = √(V / (V + τ²)) · exp( τ² (θ̂ − θ)² / (2 V (V + τ²)) )
 *
 * is (asymptotically) a nonnegative martingale under θ, so P(ever Λ(θ) ≥ 1/α) ≤ α (Ville's
 * inequality). The always-valid p-value is 1/Λ(0) (capped at 1) and the always-valid interval is
 * {θ : Λ(θ) < 1/α}. Under the null the variance is the pooled one; for the interval each arm's own,
 * with one success and one failure added so that 0 of 40 does not read as a rate known exactly.
 * Read after any number of prospects, with nothing remembered between reads (the running minimum of
 * the p-value would be sharper; the current value is valid on its own and never needs history).
 * `sequential.simulation.test.ts` checks the guarantees by simulation.
 */

/**
 * τ, the spread of the mixture over the true difference: differences of about 5 percentage points
 * are what a text test is for, and the test is sharpest for differences near τ.
 */
export const MIXTURE_SPREAD = 0.05;
const TAU2 = MIXTURE_SPREAD * MIXTURE_SPREAD;

export interface Arm {
  readonly sent: number;
  readonly converted: number;
}

export interface Comparison {
  /** The challenger's rate minus the control's. */
  readonly difference: number;
  /** Always-valid p-value of "no difference" (1 when there is no evidence at all). */
  readonly pValue: number;
  /** Always-valid interval of the difference at level 1 − α. */
  readonly interval: Interval;
}

/** log Λ(θ) for an observed difference at distance `gap` from θ, with variance `v`. */
const logLikelihoodRatio = (gap: number, v: number): number => 0.5 * Math.log(v / (v + TAU2)) + (TAU2 * gap * gap) / (2 * v * (v + TAU2));

/** Half the width of {θ : Λ(θ) < 1/α}. */
const halfWidth = (v: number, alpha: number): number =>
  Math.sqrt(((2 * v * (v + TAU2)) / TAU2) * (Math.log(1 / alpha) + 0.5 * Math.log((v + TAU2) / v)));

const clampedRate = (arm: Arm): number => Math.min(1, Math.max(0, arm.converted / arm.sent));

/**
 * The always-valid comparison of `challenger` with `control` at level α; null while either has no
 * prospect (nothing to compare).
 */
export function compareArms(control: Arm, challenger: Arm, alpha: number): Comparison | null {
  if (!(control.sent > 0 && challenger.sent > 0)) return null;
  const a = clampedRate(control);
  const b = clampedRate(challenger);
  const difference = b - a;
  const inverse = 1 / control.sent + 1 / challenger.sent;
  const pooled = (a * control.sent + b * challenger.sent) / (control.sent + challenger.sent);
  const nullVariance = pooled * (1 - pooled) * inverse;
  // Everyone converted, or nobody did: the rates are equal and say nothing of a difference.
  const pValue = nullVariance > 0 ? Math.min(1, Math.exp(-logLikelihoodRatio(difference, nullVariance))) : 1;
  const smoothed = (arm: Arm) => {
    const p = (Math.min(arm.sent, Math.max(0, arm.converted)) + 1) / (arm.sent + 2);
    return (p * (1 - p)) / arm.sent;
  };
  const half = halfWidth(smoothed(control) + smoothed(challenger), alpha);
  return { difference, pValue, interval: { low: difference - half, high: difference + half } };
}
