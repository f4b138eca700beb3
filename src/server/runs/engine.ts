import type { RunEvent } from '../../domain/catalog';
import type { StepInput, WaitEvent } from '../../domain/run/step';
import type { Queryable } from '../db/types';
import { applyInput } from './apply-advance';
import type { EngineDeps, EnrollmentRow } from './enrollment-row';
import { ENROLLMENT_COLUMNS, ENROLLMENT_FROM } from './enrollment-row';
import { prospectRepliedData } from './run-events';
import { ts } from './time-sql';
import { WritePlan } from './write-plan';
import { withQuotaRetry } from './gate';
import { claimInIndexOrder } from '../jobs/lease';

/**
 * The run engine's transactions (contract 9.3): due enrollments are locked in batches
 * (`FOR UPDATE SKIP LOCKED`) and moved by the domain's walker in one transaction each batch —
 * timeline rows, intent rows and quota slots written together (a `WritePlan`: a few multi-row
 * statements per batch), nothing leaving the process inside it, so the row lock is the lease. Time
 * comes only from `deps.clock`.
 */

export type { EngineDeps, EnrollmentRow } from './enrollment-row';
export { ENROLLMENT_COLUMNS, ENROLLMENT_FROM } from './enrollment-row';

const INPUT_OF_PHASE: Readonly<Record<EnrollmentRow['phase'], StepInput>> = {
  enter: { kind: 'enter' },
  act: { kind: 'enter' },
  wait: { kind: 'timeout' },
};

/** Enrolled prospects of active campaigns start (launch, resume or a late enrollment). */
export async function startWaitingEnrollments(deps: EngineDeps): Promise<number> {
  const now = ts(deps.clock.now());
  const started = await deps.db.transaction(async (tx) => {
    await claimInIndexOrder(tx);
    return tx.query(
      `UPDATE enrollments SET status = 'active', phase = 'enter', next_step_at = $2
     WHERE id IN (SELECT e.id FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
                  WHERE e.status = 'waiting' AND c.status = 'active' LIMIT $1 FOR UPDATE OF e SKIP LOCKED)`,
      [deps.batch, now],
    );
  });
  return started.rowCount;
}

/** One batch of due enrollments moved in one transaction; the number moved. */
export async function moveDueEnrollments(deps: EngineDeps): Promise<number> {
  return withQuotaRetry((optimistic) =>
    deps.db.transaction(async (tx) => {
      await claimInIndexOrder(tx);
      const now = deps.clock.now();
      const due = await tx.query<EnrollmentRow>(
        `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM}
       WHERE e.status = 'active' AND e.next_step_at <= $1 AND c.status = 'active'
       ORDER BY e.next_step_at LIMIT $2 FOR UPDATE OF e SKIP LOCKED`,
        [ts(now), deps.batch],
      );
      const plan = new WritePlan(now, optimistic);
      for (const row of due.rows) await applyInput(tx, plan, deps, row, INPUT_OF_PHASE[row.phase]);
      await plan.flush(tx);
      return due.rows.length;
    }),
  );
}

export interface ProspectEvent {
  readonly workspaceId: string;
  readonly accountId: string;
  /** Normalised (domain/profile-url.ts). */
  readonly profileUrl: string;
  readonly event: RunEvent;
  readonly text?: string;
}

/**
 * Contract 9.3/9.4: an event for a prospect (a reply, an acceptance, a trigger) reaches every running
 * enrollment of that prospect with that sender, in the caller's transaction. A reply ends it
 * (stop on reply) and cancels its action not yet offered.
 */
export async function applyProspectEvent(tx: Queryable, deps: EngineDeps, event: ProspectEvent): Promise<number> {
  const rows = await tx.query<EnrollmentRow & { wait_events: WaitEvent[] | null }>(
    `SELECT ${ENROLLMENT_COLUMNS}, e.wait_events FROM ${ENROLLMENT_FROM}
     WHERE p.workspace_id = $1 AND p.profile_url = $2 AND e.sender_account_id = $3 AND e.status = 'active'
     FOR UPDATE OF e`,
    [event.workspaceId, event.profileUrl, event.accountId],
  );
  const plan = new WritePlan(deps.clock.now());
  let moved = 0;
  for (const row of rows.rows) {
    const input: StepInput = { kind: 'event', event: event.event, ...(event.text !== undefined ? { text: event.text } : {}) };
    const kind = await applyInput(tx, plan, deps, row, input);
    if (kind === 'ignore') continue;
    moved++;
    if (event.event === 'message_received')
      plan.event(row.workspace_id, 'prospect.replied', prospectRepliedData(row, { text: event.text ?? null, at: deps.clock.now() }));
  }
  // What the event moved may be due now (the next step's action).
  if (moved > 0) plan.wakeRuns();
  await plan.flush(tx);
  return moved;
}
