import type { Queryable } from '../db/types';
import { emitEvent } from '../events';
import { toIso } from '../../domain/time';

/**
 * Contract 9.5 webhook events of a run, each written in the transaction of the change it reports.
 * Their data names the enrollment as its REST record does (contract 9.2), never a campaign's status
 * with an `updated_at` (that shape is a campaign change for the live views).
 */

interface EnrollmentFacts {
  readonly id: string;
  readonly workspace_id: string;
  readonly campaign_id: string;
  readonly prospect_id: string;
  readonly sender_account_id: string | null;
}

const enrollmentData = (e: EnrollmentFacts) => ({
  enrollmentId: e.id,
  campaignId: e.campaign_id,
  prospectId: e.prospect_id,
  senderAccountId: e.sender_account_id,
});

/** prospect.finished's data: the enrollment ended (finished, replied, not qualified, condition not met or failed). */
export const prospectFinishedData = (
  e: EnrollmentFacts,
  end: { status: string; outcome: string; nodeId: string | null; error: string | null; at: number },
) => ({
  ...enrollmentData(e),
  status: end.status,
  outcome: end.outcome,
  nodeId: end.nodeId,
  error: end.error,
  finishedAt: toIso(end.at),
});

/** prospect.replied's data: an inbound message from an enrolled prospect reached its running enrollment (stop on reply). */
export const prospectRepliedData = (e: EnrollmentFacts, reply: { text: string | null; at: number }) => ({
  ...enrollmentData(e),
  text: reply.text,
  repliedAt: toIso(reply.at),
});

/** action.failed: the executor answered that an action failed (contract 9.4). */
export async function emitActionFailed(
  tx: Queryable,
  a: {
    id: string;
    workspace_id: string;
    campaign_id: string | null;
    enrollment_id: string | null;
    node_id: string | null;
    type: string;
    sender_account_id: string | null;
  },
  failure: { error: string; at: number },
): Promise<void> {
  await emitEvent(tx, a.workspace_id, 'action.failed', {
    actionId: a.id,
    type: a.type,
    campaignId: a.campaign_id,
    enrollmentId: a.enrollment_id,
    nodeId: a.node_id,
    senderAccountId: a.sender_account_id,
    error: failure.error,
    failedAt: toIso(failure.at),
  });
}
