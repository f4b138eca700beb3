import { nodeRole } from '../../domain/catalog';
import type { TimelineItem } from '../../domain/contract/enrollments';

/**
 * Whether the prospect's run stands at an invitation they have not accepted yet (contract 9.2
 * timeline: its last step is an invitation with no output taken, neither failed nor skipped). LinkedIn
 * delivers messages only between connections: a reply sent now would not reach them.
 */
export function invitationPending(timeline: readonly Pick<TimelineItem, 'type' | 'status' | 'handle'>[] | undefined): boolean {
  const last = timeline?.at(-1);
  return Boolean(
    last && nodeRole(last.type) === 'invitation' && last.handle === null && last.status !== 'failed' && last.status !== 'skipped',
  );
}
