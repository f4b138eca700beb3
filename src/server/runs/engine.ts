import type { RunEvent } from '../../domain/catalog';
import type { StepInput, WaitEvent } from '../../domain/run/step';
import { ts } from '../db/time-sql';
import type { Queryable } from '../db/types';
import { beginClaim } from './claiming';
import { applyInput } from './apply-advance';
import { DUE_TO_MOVE, WAITING_TO_START } from './due';
import type { EngineDeps, EngineSettings } from './engine-deps';
import { ENROLLMENT_COLUMNS, ENROLLMENT_FROM, type EnrollmentRow } from './enrollment-row';
import { withQuotaRetry } from './gate';
import { waitingReason } from './waiting';
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

/**
 * One batch of due work on enrollments, in one transaction: enrolled prospects of active campaigns
 * start (a launch, a resume, a late enrollment), then due enrollments — those just started among them —
 * are locked and moved. The number started or moved.
 */
export async function moveDueEnrollments(deps: EngineDeps): Promise<number> {
  return withQuotaRetry((optimistic) =>
    deps.db.transaction(async (tx) => {
      const now = await beginClaim(tx, deps.clock);
      const started = await tx.query(
        `UPDATE enrollments SET status = 'active', phase = 'enter', next_step_at = $2, waiting_reason = $3
         WHERE id IN (SELECT e.id FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
                      WHERE ${WAITING_TO_START} LIMIT $1 FOR UPDATE OF e SKIP LOCKED)`,
        [deps.batch, ts(now), waitingReason({ kind: 'moving' })],
      );
      const due = await tx.query<EnrollmentRow>(
        `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM} WHERE ${DUE_TO_MOVE}
         ORDER BY e.next_step_at LIMIT $2 FOR UPDATE OF e SKIP LOCKED`,
        [ts(now), deps.batch],
      );
      const plan = new WritePlan(now, optimistic);
      for (const row of due.rows) await applyInput(tx, plan, deps, row, INPUT_OF_PHASE[row.phase]);
      await plan.flush(tx);
      return started.rowCount + due.rows.length;
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
  return (await applyProspectEvents(tx, settings, [event]))[0]!;
}

/**
 * Events in order, in the caller's transaction, through as few write plans as they allow: one for
 * every run of events that meet different enrollments (an enrollment an event already moved is read
 * again before the next event meets it). The number of enrollments each moved.
 */
export async function applyProspectEvents(
  tx: Queryable,
  settings: EngineSettings,
  events: readonly ProspectEvent[],
  now?: number,
): Promise<number[]> {
  const moved: number[] = [];
  while (moved.length < events.length) {
    const first = moved.length;
    const rows = await lockEnrollmentsOf(tx, events.slice(first));
    if (rows.length === 0) {
      moved.push(...events.slice(first).map(() => 0));
      break;
    }
    const plan = new WritePlan(now ?? (await settings.clock.now(tx)));
    const touched = new Set<string>();
    for (let i = first; i < events.length; i++) {
      const event = events[i]!;
      const mine = rows.filter((r) => r.event === i - first);
      if (mine.some((r) => touched.has(r.id))) break;
      let n = 0;
      for (const row of mine) {
        touched.add(row.id);
        const input: StepInput = { kind: 'event', event: event.event, ...(event.text !== undefined ? { text: event.text } : {}) };
        if ((await applyInput(tx, plan, settings, row, input)) === 'ignore') continue;
        n++;
        if (event.event === 'message_received')
          plan.event(row.workspace_id, 'prospect.replied', prospectRepliedData(row, { text: event.text ?? null, at: plan.now }));
      }
      moved.push(n);
    }
    // What the events moved may be due now (the next step's action).
    if (moved.slice(first).some((n) => n > 0)) plan.wakeRuns();
    await plan.flush(tx);
  }
  return moved;
}

/** The running enrollments each event meets (`event`: its index), locked in id order. */
async function lockEnrollmentsOf(tx: Queryable, events: readonly ProspectEvent[]) {
  const found = await tx.query<EnrollmentRow & { wait_events: WaitEvent[] | null; event: number }>(
    `SELECT ${ENROLLMENT_COLUMNS}, e.wait_events, (ev.i - 1)::int AS event
     FROM ${ENROLLMENT_FROM}
     JOIN unnest($1::uuid[], $2::text[], $3::uuid[]) WITH ORDINALITY AS ev(workspace_id, profile_url, account_id, i)
       ON p.workspace_id = ev.workspace_id AND p.profile_url = ev.profile_url AND e.sender_account_id = ev.account_id
     WHERE e.status = 'active' ORDER BY e.id FOR UPDATE OF e`,
    [events.map((e) => e.workspaceId), events.map((e) => e.profileUrl), events.map((e) => e.accountId)],
  );
  return found.rows;
}
