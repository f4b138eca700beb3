import type { EnrollmentStatus, WaitingReason } from '../../domain/contract/statuses';

/** A prospect's place in a campaign (contract 9.2 enrollment status) in users' words, for the audience and the run view alike. */
export const ENROLLMENT_STATUS_LABEL: Readonly<Record<EnrollmentStatus, string>> = {
  waiting: 'Waiting to start',
  active: 'In progress',
  finished: 'Finished',
  stopped: 'Stopped',
  failed: 'Failed',
};

/** A prospect stopped because they went on the do-not-contact list (contract 10.3 outcome `excluded`). */
export const EXCLUDED_OUTCOME_LABEL = 'Stopped: on the do-not-contact list';

/** Why a prospect is not moving now (contract 10.2 `waitingReason`), in users' words: the one map the run view and timelines read. */
export const WAITING_REASON_WORDS: Readonly<Record<WaitingReason, string>> = {
  paused: 'campaign paused',
  sender_removed: 'its sender was removed from the campaign',
  executor: 'being sent',
  window_closed: 'outside the sending hours',
  weekly_limit: 'weekly limit reached',
  daily_limit: 'daily limit reached',
  warm_up: 'warm-up limit of the day reached',
  spacing: 'the sender’s pace (actions are spaced out)',
  waiting_for_acceptance: 'for the invitation to be accepted',
  waiting_for_reply: 'for a reply',
  waiting_for_event: 'for its trigger',
  delay: 'a delay to pass',
  not_started: 'campaign not launched yet',
};
