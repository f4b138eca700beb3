import type { EnrollmentStatus } from '../api/prospects';

/** Badge tone of each status (the ui/ badge classes). */
export const ENROLLMENT_STATUS_TONE: Record<EnrollmentStatus, string> = {
  waiting: '',
  active: 'badge-accent',
  finished: 'badge-success',
  stopped: 'badge-warning',
  failed: 'badge-error',
};

/** "1 prospect", "12 prospects" (the count already formatted). */
export const plural = (count: number, formatted: string, one: string, many = `${one}s`): string =>
  `${formatted} ${count === 1 ? one : many}`;
