import type { WaitingReason } from '../contract/statuses';

/**
 * Contract 10.2 `waitingReason` as read: the engine stores why an enrollment waits at every move
 * (server/runs/waiting.ts); what its campaign's status adds comes first. A paused campaign's
 * unfinished enrollments are `paused`; one enrolled before launch is `not_started`, and due now once
 * its campaign runs; an ended one waits for nothing.
 */
export function seenWaiting(stored: WaitingReason | null, enrollmentStatus: string, campaignStatus: string): WaitingReason | null {
  if (enrollmentStatus !== 'waiting' && enrollmentStatus !== 'active') return null;
  if (campaignStatus === 'paused') return 'paused';
  if (enrollmentStatus === 'waiting') return campaignStatus === 'active' ? null : 'not_started';
  return campaignStatus === 'active' ? stored : null;
}

/** Contract 10.2: `nextStepAt` is null while nothing but a person or a change can move it. */
export const WAITS_WITHOUT_TIME: ReadonlySet<WaitingReason> = new Set(['paused', 'sender_removed', 'not_started']);
