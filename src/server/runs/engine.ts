import type { RunEvent } from '../../domain/catalog';
import type { StepInput, WaitEvent } from '../../domain/run/step';
import { ts } from '../db/time-sql';
import type { Queryable } from '../db/types';
import { claimInIndexOrder } from '../jobs/lease';
import { applyInput } from './apply-advance';
import { DUE_TO_MOVE, WAITING_TO_START } from './due';
import type { EngineDeps, EngineSettings } from './engine-deps';
import { ENROLLMENT_COLUMNS, ENROLLMENT_FROM, type EnrollmentRow } from './enrollment-row';
import { withQuotaRetry } from './gate';
import { prospectRepliedData } from './run-events';
import { WritePlan } from './write-plan';

/**
 * The run engine's transactions over enrollments (contract 9.3): waiting ones start, due ones are
 * locked in batches (`FOR UPDATE SKIP LOCKED`) and moved by the domain's walker in one transaction
 * each batch — timeline rows, intent rows and quota slots written together (a `WritePlan`), nothing
 * leaving the process inside it, so the row lock is the lease. Time comes only from the engine's clock.
 */

const INPUT_OF_PHASE: Readonly<Record<EnrollmentRow['phase'], StepInput>> = {
  enter: { kind: 'enter' },
  act: { kind: 'enter' },
  wait: { kind: 'timeout' },
};

/** Enrolled prospects of active campaigns start (launch, resume or a late enrollment); the number started. */
export async function startWaitingEnrollments(deps: EngineDeps): Promise<number> {
  const started = await deps.db.transaction(async (tx) => {
    await claimInIndexOrder(tx);
    const now = await deps.clock.now(tx);
    return tx.query(
      `UPDATE enrollments SET status = 'active', phase = 'enter', next_step_at = $2
       WHERE id IN (SELECT e.id FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
                    WHERE ${WAITING_TO_START} LIMIT $1 FOR UPDATE OF e SKIP LOCKED)`,
      [deps.batch, ts(now)],
    );
  });
  return started.rowCount;
}

/** One batch of due enrollments moved in one transaction; the number moved. */
export async function moveDueEnrollments(deps: EngineDeps): Promise<number> {
  return withQuotaRetry((optimistic) =>
    deps.db.transaction(async (tx) => {
      await claimInIndexOrder(tx);
      const now = await deps.clock.now(tx);
      const due = await tx.query<EnrollmentRow>(
        `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM} WHERE ${DUE_TO_MOVE}
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
 * enrollment of that prospect with that sender, in the caller's transaction. A reply ends it (stop on
 * reply) and cancels its action not yet offered. The number of enrollments it moved.
 */
export async function applyProspectEvent(tx: Queryable, settings: EngineSettings, event: ProspectEvent): Promise<number> {
  const rows = await tx.query<EnrollmentRow & { wait_events: WaitEvent[] | null }>(
    `SELECT ${ENROLLMENT_COLUMNS}, e.wait_events FROM ${ENROLLMENT_FROM}
     WHERE p.workspace_id = $1 AND p.profile_url = $2 AND e.sender_account_id = $3 AND e.status = 'active'
     FOR UPDATE OF e`,
    [event.workspaceId, event.profileUrl, event.accountId],
  );
  if (rows.rows.length === 0) return 0;
  const plan = new WritePlan(await settings.clock.now(tx));
  let moved = 0;
  for (const row of rows.rows) {
    const input: StepInput = { kind: 'event', event: event.event, ...(event.text !== undefined ? { text: event.text } : {}) };
    const kind = await applyInput(tx, plan, settings, row, input);
    if (kind === 'ignore') continue;
    moved++;
    if (event.event === 'message_received')
      plan.event(row.workspace_id, 'prospect.replied', prospectRepliedData(row, { text: event.text ?? null, at: plan.now }));
  }
  // What the event moved may be due now (the next step's action).
  if (moved > 0) plan.wakeRuns();
  await plan.flush(tx);
  return moved;
}
