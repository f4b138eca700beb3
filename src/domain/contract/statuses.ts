/**
 * Contract 9.2 enums of enrollments and their timelines. The SQL CHECKs of 011_audience.sql repeat
 * them (a database cannot import them; a test keeps them equal).
 */

export const ENROLLMENT_STATUSES = ['waiting', 'active', 'finished', 'stopped', 'failed'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** Contract 9.2's outcomes, and 10.3's `excluded` (the prospect went on the do-not-contact list while enrolled). */
export const ENROLLMENT_OUTCOMES = ['replied', 'finished', 'not_qualified', 'condition_not_met', 'stopped', 'failed', 'excluded'] as const;
export type EnrollmentOutcome = (typeof ENROLLMENT_OUTCOMES)[number];

/** Why enrolling left a prospect out (contract 9.2; `do_not_contact`: on the do-not-contact list, contract 10.3). */
export const EXCLUSION_REASONS = ['do_not_contact', 'in_another_campaign', 'not_found'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

export const TIMELINE_STATUSES = ['scheduled', 'running', 'done', 'skipped', 'failed'] as const;
/** @public A type of the published contract, for clients of the API. */
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];

/**
 * Contract 9.3/9.4: an action's intent row — `scheduled` (its slot taken) → `offered` (leased to an
 * executor) → `done` | `failed` | `cancelled` (never offered any more); `waiting_result` after a 202.
 * The SQL CHECK of 012_run_engine.sql repeats it (a test keeps them equal).
 */
export const ACTION_STATUSES = ['scheduled', 'offered', 'waiting_result', 'done', 'failed', 'cancelled'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** Statuses of an enrollment still under way (the one-campaign-at-a-time rule and stops look at these). */
export const UNFINISHED_ENROLLMENT_STATUSES = ['waiting', 'active'] as const satisfies readonly EnrollmentStatus[];

/** The same list as SQL text for `status IN (…)` (constants only, never user input). */
export const UNFINISHED_ENROLLMENT_STATUSES_SQL = UNFINISHED_ENROLLMENT_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Contract 10.2 `waitingReason`: why an enrollment is not moving now, the first that applies in this
 * order of precedence; null when it ended or is due now.
 */
export const WAITING_REASONS = [
  'paused',
  'sender_removed',
  'executor',
  'window_closed',
  'weekly_limit',
  'daily_limit',
  'warm_up',
  'spacing',
  'waiting_for_acceptance',
  'waiting_for_reply',
  'waiting_for_event',
  'delay',
  'not_started',
] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];
