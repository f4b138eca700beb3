import type { EnrollmentStatus } from '../../domain/contract/statuses';

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
