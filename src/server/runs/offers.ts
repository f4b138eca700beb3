import { nodeDefinition } from '../../domain/catalog';
import type { StepInput } from '../../domain/run/step';
import type { Queryable } from '../db/types';
import type { ExecutorAnswer, OfferedAction } from '../executors/executor';
import { batcher } from '../jobs/batcher';
import { beginClaim } from './claiming';
import {
  awaitResult,
  cancelActions,
  claimDueActions as claimActionRows,
  decideActions,
  lockAwaitingAnswer,
  offerAgainAt,
  type ActionRow,
  type AnsweredAction,
  type Decided,
} from './action-store';
import { applyInput, endExcluded } from './apply-advance';
import type { EngineDeps, OfferDeps } from './engine-deps';
import { ENROLLMENT_COLUMNS, ENROLLMENT_FROM, type EnrollmentRow } from './enrollment-row';
import { coolDown, GateSession, withQuotaRetry } from './gate';
import { recordReplySent } from './replies';
import { emitActionFailed } from './run-events';
import { WritePlan } from './write-plan';
import { excludedProspectSql } from '../audience/exclusions';

/**
 * Offering actions (contract 9.3 exactly once, 9.4): due intent rows are claimed with a lease and
 * offered outside any transaction; the answer is recorded in a transaction that moves the
 * enrollment on. A crash after the claim lets the lease run out: the same actionId is offered again.
 */

/** Claims up to `limit` due actions (campaign actions and inbox replies together), leased to this process. */
export async function claimDueActions(deps: EngineDeps, limit: number): Promise<ActionRow[]> {
  return deps.db.transaction(async (tx) => {
    const now = await beginClaim(tx, deps.clock);
    const gate = new GateSession(tx);
    const claimed = await claimActionRows(tx, gate, now, limit, deps.leaseMs);
    await gate.flush();
    return claimed;
  });
}

const offerOf = (a: ActionRow): OfferedAction => {
  const run = nodeDefinition(a.type)?.run;
  return {
    actionId: a.id,
    type: a.type,
    workspaceId: a.workspace_id,
    campaignId: a.campaign_id,
    enrollmentId: a.enrollment_id,
    nodeId: a.node_id,
    prospect: { profileUrl: a.profile_url, name: a.name },
    sender: { accountId: a.sender_account_id },
    payload: a.payload,
    awaits: a.enrollment_id !== null && run?.does === 'act' && run.await ? run.await.event : null,
  };
};

/** Answers and last looks of one engine's offers are recorded a few at a time (one transaction each batch). */
const COALESCE = { max: 32, waitMs: 3 };
const coalesced = new WeakMap<EngineDeps, { stillRunning: (a: ActionRow) => Promise<LastLook>; record: (a: Answered) => Promise<void> }>();

function coalescedOf(deps: EngineDeps) {
  let found = coalesced.get(deps);
  if (!found) {
    found = {
      stillRunning: batcher((actions: readonly ActionRow[]) => stillRunning(deps.db, actions), COALESCE),
      record: batcher(async (answers: readonly Answered[]) => {
        await recordAnswers(deps, answers);
        return answers.map(() => undefined);
      }, COALESCE),
    };
    coalesced.set(deps, found);
  }
  return found;
}

/** The last look before an offer: offer it, drop it (the enrollment ended or moved on), or end the enrollment (contract 10.3). */
type LastLook = 'offer' | 'gone' | 'excluded';

/**
 * For each action: is its enrollment still running at the action's visit, and its prospect not on the
 * do-not-contact list (an inbox reply has no enrollment to look at, and a person answering is never
 * stopped)?
 */
async function stillRunning(db: Queryable, actions: readonly ActionRow[]): Promise<LastLook[]> {
  const ids = actions.flatMap((a) => (a.enrollment_id === null ? [] : [a.enrollment_id]));
  const running =
    ids.length === 0
      ? []
      : (
          await db.query<{ id: string; visit: number; excluded: boolean }>(
            `SELECT e.id, e.visit, ${excludedProspectSql('p')} AS excluded FROM enrollments e JOIN prospects p ON p.id = e.prospect_id
             WHERE e.id = ANY($1::uuid[]) AND e.status = 'active'`,
            [ids],
          )
        ).rows;
  const byId = new Map(running.map((e) => [e.id, e]));
  return actions.map((a) => {
    if (a.enrollment_id === null) return 'offer';
    const e = byId.get(a.enrollment_id);
    if (e?.visit !== a.visit) return 'gone';
    return e.excluded ? 'excluded' : 'offer';
  });
}

/**
 * Contract 10.3: the prospect of a claimed action went on the do-not-contact list while it waited — the
 * enrollment ends (locked first, as every move does) and the action is cancelled, its quota slot given back.
 */
async function endExcludedBeforeOffer(deps: OfferDeps, action: ActionRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = await deps.clock.now(tx);
    const { rows } = await tx.query<EnrollmentRow>(
      `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM} WHERE e.id = $1 AND e.status = 'active' FOR UPDATE OF e`,
      [action.enrollment_id],
    );
    const plan = new WritePlan(now);
    const row = rows[0];
    if (row && row.visit === action.visit && row.excluded) endExcluded(plan, row, row.open_step, now);
    await plan.flush(tx);
    const gate = new GateSession(tx);
    await cancelActions(tx, gate, { actionIds: [action.id] }, now);
    await gate.flush();
  });
}

/** Offers one claimed action and records the answer; false when it was cancelled or the offer failed (the lease then runs out). */
export async function offerClaimedAction(deps: OfferDeps, action: ActionRow): Promise<boolean> {
  await deps.beforeOffer?.(action.id);
  const batch = coalescedOf(deps);
  // Last look: a reply that landed after the claim stops the offer; the do-not-contact list ends the enrollment.
  const look = await batch.stillRunning(action);
  if (look === 'excluded') {
    await endExcludedBeforeOffer(deps, action);
    return false;
  }
  if (look === 'gone') {
    await deps.db.transaction(async (tx) => {
      const gate = new GateSession(tx);
      await cancelActions(tx, gate, { actionIds: [action.id] }, await deps.clock.now(tx));
      await gate.flush();
    });
    return false;
  }
  let answer: ExecutorAnswer;
  try {
    answer = await deps.executor.offer(offerOf(action));
  } catch {
    // Not known to be done: the lease runs out and the same actionId is offered again.
    return false;
  }
  await batch.record({ actionId: action.id, answer });
  return true;
}

export interface Answered {
  readonly actionId: string;
  readonly answer: ExecutorAnswer;
}

/** Records an executor's answer (idempotent: an action already decided stays as it is). */
export const recordAnswer = (deps: EngineDeps, actionId: string, answer: ExecutorAnswer): Promise<void> =>
  recordAnswers(deps, [{ actionId, answer }]);

/**
 * Records executors' answers in one transaction (contract 9.3 exactly once: an answer for an action
 * already decided, or a second answer in the batch, changes nothing): the decided actions in one
 * UPDATE, the enrollments they move through one write plan.
 */
export async function recordAnswers(deps: EngineDeps, answers: readonly Answered[]): Promise<void> {
  await withQuotaRetry((optimistic) =>
    deps.db.transaction(async (tx) => {
      const now = await deps.clock.now(tx);
      const open = await lockAwaitingAnswer(
        tx,
        answers.map((a) => a.actionId),
      );
      const decided: { action: AnsweredAction; answer: Decided }[] = [];
      for (const { actionId, answer } of answers) {
        const action = open.get(actionId);
        if (!action) continue;
        open.delete(actionId);
        const final = await recordUndecided(tx, action, answer, now);
        if (final) decided.push({ action, answer: final });
      }
      if (decided.length === 0) return;
      await decideActions(
        tx,
        decided.map((d) => ({ id: d.action.id, answer: d.answer })),
        now,
      );
      for (const { action, answer } of decided) {
        if (answer.status === 'failed') await emitActionFailed(tx, action, { error: answer.error, at: now });
        if (action.enrollment_id === null && answer.status === 'done') await recordReplySent(tx, action.id, now);
      }
      const moving = decided.filter((d) => d.action.enrollment_id !== null);
      if (moving.length === 0) return;
      const rows = await tx.query<EnrollmentRow>(
        `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM} WHERE e.id = ANY($1::uuid[]) ORDER BY e.id FOR UPDATE OF e`,
        [moving.map((d) => d.action.enrollment_id)],
      );
      const byId = new Map(rows.rows.map((r) => [r.id, r]));
      const plan = new WritePlan(now, optimistic);
      for (const { action, answer } of moving) {
        const row = byId.get(action.enrollment_id!);
        // Two actions of one enrollment differ in visit: at most one of them moves it.
        if (!row || row.status !== 'active' || row.visit !== action.visit) continue;
        const input: StepInput =
          answer.status === 'done'
            ? { kind: 'result', status: 'done', result: answer.result }
            : { kind: 'result', status: 'failed', error: answer.error };
        const moved = await applyInput(tx, plan, deps, row, input);
        // The next step's action may be due now (a result posted later, contract 9.4 202); an ended enrollment has nothing due.
        if (moved !== 'end' && moved !== 'missing') plan.wakeRuns();
      }
      await plan.flush(tx);
    }),
  );
}

/** An answer that decides nothing yet (retry, later, rate_limited) is written here; otherwise the final answer. */
async function recordUndecided(tx: Queryable, action: AnsweredAction, given: ExecutorAnswer, now: number): Promise<Decided | null> {
  // Contract 9.4: unusable answers are retried on the webhook schedule with the same actionId.
  if (given.status === 'retry' && action.attempts <= given.delaysMs.length) {
    await offerAgainAt(tx, action, now + given.delaysMs[action.attempts - 1]!, { error: given.error });
    return null;
  }
  const answer = given.status === 'retry' ? ({ status: 'failed', error: given.error } as const) : given;
  if (answer.status === 'later') {
    await awaitResult(tx, action.id);
    return null;
  }
  if (answer.status === 'rate_limited') {
    // Contract 10.2: the sender pauses for Retry-After exactly, and the action is offered again then.
    const until = now + answer.retryAfterSeconds * 1000;
    if (action.sender_account_id) await coolDown(tx, action.sender_account_id, until);
    await offerAgainAt(tx, action, until, 'pushed_back');
    return null;
  }
  return answer.status === 'done' ? { status: 'done', result: answer.result ?? {} } : answer;
}
