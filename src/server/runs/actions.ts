import { nodeDefinition } from '../../domain/catalog';
import type { Queryable } from '../db/types';
import type { StepInput } from '../../domain/run/step';
import { batcher } from '../jobs/batcher';
import { applyInput } from './apply-advance';
import { ENROLLMENT_COLUMNS, ENROLLMENT_FROM, type EngineDeps, type EnrollmentRow } from './enrollment-row';
import type { ExecutorAnswer, OfferedAction } from './executor';
import { releaseQuota, withQuotaRetry } from './gate';
import { claimDueReplies, recordReplySent } from '../conversations/reply';
import { readDueWays } from './due-actions';
import { ts } from './time-sql';
import { emitActionFailed } from './run-events';
import { WritePlan } from './write-plan';
import { claimInIndexOrder } from '../jobs/lease';
import { excludedProspectSql } from '../audience/exclusions';
import { stopExcludedEnrollments } from '../audience/excluded-enrollments';

/**
 * Offering actions (contract 9.3 exactly once, 9.4): due intent rows are claimed with a lease and
 * offered outside any transaction; the answer is recorded in a transaction that moves the
 * enrollment on. A crash after the claim lets the lease run out: the same actionId is offered again.
 */

export interface ActionRow {
  id: string;
  workspace_id: string;
  campaign_id: string | null;
  enrollment_id: string | null;
  visit: number | null;
  node_id: string | null;
  type: string;
  sender_account_id: string | null;
  limit_kind: string | null;
  quota_day: string | null;
  payload: OfferedAction['payload'];
  profile_url: string;
  name: string | null;
}

const ACTION_COLUMNS = `a.id, a.workspace_id, a.campaign_id, a.enrollment_id, a.visit, a.node_id, a.type, a.sender_account_id,
  a.limit_kind, a.quota_day::text AS quota_day, a.payload, p.profile_url, p.name`;

async function cancel(tx: Queryable, action: Pick<ActionRow, 'id' | 'sender_account_id' | 'limit_kind' | 'quota_day'>): Promise<void> {
  const done = await tx.query(
    `UPDATE run_actions SET status = 'cancelled', finished_at = now() WHERE id = $1 AND status IN ('scheduled', 'offered')`,
    [action.id],
  );
  if (done.rowCount === 1 && action.sender_account_id && action.limit_kind && action.quota_day)
    await releaseQuota(tx, action.sender_account_id, action.limit_kind, action.quota_day);
}

/** Claims due actions (scheduled and due, or offered with an expired lease) of running enrollments: at most `deps.batch`. */
export async function claimDueActions(deps: EngineDeps): Promise<ActionRow[]> {
  return deps.db.transaction(async (tx) => {
    await claimInIndexOrder(tx);
    const now = deps.clock.now();
    const due = await readDueWays(
      deps.batch,
      async (way, left) =>
        (
          await tx.query<ActionRow & { enrollment_status: string; enrollment_visit: number; excluded: boolean }>(
            `SELECT ${ACTION_COLUMNS}, e.status AS enrollment_status, e.visit AS enrollment_visit, ${excludedProspectSql('p')} AS excluded
           FROM run_actions a JOIN enrollments e ON e.id = a.enrollment_id JOIN campaigns c ON c.id = a.campaign_id JOIN prospects p ON p.id = e.prospect_id
           WHERE ${way.due} AND c.status = 'active'
           ORDER BY ${way.order} LIMIT $2 FOR UPDATE OF a, e SKIP LOCKED`,
            [ts(now), left],
          )
        ).rows,
    );
    const claimed: ActionRow[] = [];
    const excluded: string[] = [];
    for (const a of due) {
      // The enrollment ended or moved on (a reply, a stop), or its prospect went on the do-not-contact list: nothing is offered.
      if (a.enrollment_status !== 'active' || a.enrollment_visit !== a.visit || a.excluded) {
        await cancel(tx, a);
        if (a.excluded) excluded.push(a.enrollment_id!);
        continue;
      }
      claimed.push(a);
    }
    // Contract 10.3: those prospects' enrollments end here (stopped, outcome excluded).
    await stopExcludedEnrollments(tx, excluded, now);
    // One statement leases the whole claim.
    if (claimed.length > 0)
      await tx.query(`UPDATE run_actions SET status = 'offered', lease_until = $2, attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [
        claimed.map((a) => a.id),
        ts(now + deps.leaseMs),
      ]);
    // Contract 9.4: replies from the inbox (no enrollment) are offered the same way.
    return [...claimed, ...(await claimDueReplies(tx, now, deps.batch, deps.leaseMs))];
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

/** Offers every due action once; the number offered. */
export async function offerDueActions(deps: EngineDeps): Promise<number> {
  const claimed = await claimDueActions(deps);
  let offered = 0;
  for (const action of claimed) if (await offerClaimedAction(deps, action)) offered++;
  return offered;
}

/** Answers and last looks of one engine's offers are recorded a few at a time (one transaction each batch). */
const COALESCE = { max: 32, waitMs: 3 };
const coalesced = new WeakMap<EngineDeps, { stillRunning: (a: ActionRow) => Promise<boolean>; record: (a: Answered) => Promise<void> }>();

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

/** For each action: is its enrollment still running at the action's visit (an inbox reply has no enrollment to look at)? */
async function stillRunning(db: Queryable, actions: readonly ActionRow[]): Promise<boolean[]> {
  const ids = actions.flatMap((a) => (a.enrollment_id === null ? [] : [a.enrollment_id]));
  const running =
    ids.length === 0
      ? []
      : (
          await db.query<{ id: string; visit: number }>(
            `SELECT id, visit FROM enrollments WHERE id = ANY($1::uuid[]) AND status = 'active'`,
            [ids],
          )
        ).rows;
  const visitOf = new Map(running.map((e) => [e.id, e.visit]));
  return actions.map((a) => a.enrollment_id === null || visitOf.get(a.enrollment_id) === a.visit);
}

/** Offers one claimed action and records the answer; false when it was cancelled or the offer failed (the lease then runs out). */
export async function offerClaimedAction(deps: EngineDeps, action: ActionRow): Promise<boolean> {
  await deps.beforeOffer?.(action.id);
  const batch = coalescedOf(deps);
  // Last look: a reply that landed after the claim stops the offer.
  if (!(await batch.stillRunning(action))) {
    await deps.db.transaction((tx) => cancel(tx, action));
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

type ActionState = Pick<
  ActionRow,
  'id' | 'workspace_id' | 'campaign_id' | 'enrollment_id' | 'visit' | 'node_id' | 'type' | 'sender_account_id'
> & { status: string; attempts: number };

/**
 * Records executors' answers in one transaction (contract 9.3 exactly once: an answer for an action
 * already decided, or a second answer in the batch, changes nothing): the decided actions in one
 * UPDATE, the enrollments they move through one write plan.
 */
export async function recordAnswers(deps: EngineDeps, answers: readonly Answered[]): Promise<void> {
  await withQuotaRetry((optimistic) =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const found = await tx.query<ActionState>(
        `SELECT id, status, workspace_id, campaign_id, enrollment_id, visit, node_id, type, sender_account_id, attempts FROM run_actions
       WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [answers.map((a) => a.actionId)],
      );
      const open = new Map(found.rows.filter((a) => a.status === 'offered' || a.status === 'waiting_result').map((a) => [a.id, a]));
      const decided: { action: ActionState; answer: Extract<ExecutorAnswer, { status: 'done' | 'failed' }> }[] = [];
      for (const { actionId, answer } of answers) {
        const action = open.get(actionId);
        if (!action) continue;
        open.delete(actionId);
        const final = await recordUndecided(tx, action, answer, now);
        if (final) decided.push({ action, answer: final });
      }
      if (decided.length === 0) return;
      await tx.query(
        `UPDATE run_actions a SET status = v.status, result = v.result::jsonb, error = v.error, finished_at = $5
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS v(id, status, result, error) WHERE a.id = v.id`,
        [
          decided.map((d) => d.action.id),
          decided.map((d) => d.answer.status),
          decided.map((d) => (d.answer.status === 'done' ? JSON.stringify(d.answer.result ?? {}) : null)),
          decided.map((d) => (d.answer.status === 'done' ? null : d.answer.error)),
          ts(now),
        ],
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
            ? { kind: 'result', status: 'done', result: answer.result ?? {} }
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
async function recordUndecided(
  tx: Queryable,
  action: ActionState,
  given: ExecutorAnswer,
  now: number,
): Promise<Extract<ExecutorAnswer, { status: 'done' | 'failed' }> | null> {
  // Contract 9.4: unusable answers are retried on the webhook schedule with the same actionId.
  if (given.status === 'retry' && action.attempts <= given.delaysMs.length) {
    await tx.query(`UPDATE run_actions SET status = 'scheduled', not_before = $2, lease_until = NULL, error = $3 WHERE id = $1`, [
      action.id,
      ts(now + given.delaysMs[action.attempts - 1]!),
      given.error,
    ]);
    return null;
  }
  const answer = given.status === 'retry' ? ({ status: 'failed', error: given.error } as const) : given;
  if (answer.status === 'later') {
    await tx.query(`UPDATE run_actions SET status = 'waiting_result' WHERE id = $1`, [action.id]);
    return null;
  }
  if (answer.status === 'rate_limited') {
    const until = now + Math.max(1, answer.retryAfterSeconds) * 1000;
    if (action.sender_account_id)
      await tx.query('UPDATE sender_pacing SET cooldown_until = greatest(coalesce(cooldown_until, $2), $2) WHERE account_id = $1', [
        action.sender_account_id,
        ts(until),
      ]);
    // A push-back is no failed attempt: it does not use up the retry schedule.
    await tx.query(
      `UPDATE run_actions SET status = 'scheduled', not_before = $2, lease_until = NULL, attempts = attempts - 1 WHERE id = $1`,
      [action.id, ts(until)],
    );
    return null;
  }
  return answer;
}
