import { randomUUID } from 'node:crypto';
import type { RunEvent } from '../../domain/catalog';
import type { Schedule } from '../../domain/contract/schedule';
import type { Clock } from '../../domain/run/clock';
import type { Decision, StepInput, WaitEvent } from '../../domain/run/step';
import { advance, runGraph, startPosition, type Advance, type RunGraph } from '../../domain/run/walker';
import { waitZone, windowZone } from '../../domain/run/windows';
import type { Db, Queryable } from '../db/types';
import type { Executor } from './executor';
import { drawSpacing, passGate, releaseQuota } from './gate';
import { ts } from './time-sql';
import { notifyRunMoved } from '../run-view/progress-feed';
import { senderStillOnCampaign } from './removed-sender';
import { emitProspectFinished, emitProspectReplied } from './run-events';
import { wakeRuns } from './wake';

/**
 * The run engine's transactions (contract 9.3): due enrollments are locked in batches
 * (`FOR UPDATE SKIP LOCKED`) and moved by the domain's walker in one transaction each batch —
 * timeline rows, intent rows and quota slots written together, nothing leaving the process inside
 * it, so the row lock is the lease. Time comes only from `deps.clock`.
 */

export interface EngineDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly executor: Executor;
  /** ACTION_SPACING_S in ms; each slot draws ±50 % around it. */
  readonly spacingMs: number;
  /** Uniform [0, 1): the spacing's random part (seeded in tests). */
  readonly random: () => number;
  readonly batch: number;
  /** How long an offered action is leased before another process may offer it again. */
  readonly leaseMs: number;
  /** Test hook: runs after an action is claimed and before it is offered. */
  readonly beforeOffer?: (actionId: string) => Promise<void>;
}

export interface EnrollmentRow {
  id: string;
  workspace_id: string;
  campaign_id: string;
  prospect_id: string;
  sender_account_id: string | null;
  /** The campaign's senders now (contract 9.4: a removed one holds or hands over its prospects). */
  campaign_sender_ids: string[];
  status: string;
  current_node_id: string | null;
  phase: 'enter' | 'act' | 'wait';
  arrived_by: string | null;
  replied: boolean;
  visit: number;
  open_step: string | null;
  launched_version: number;
  schedule: Schedule;
  profile_url: string;
  name: string | null;
  headline: string | null;
  company: string | null;
  email: string | null;
  time_zone: string | null;
  custom_fields: Record<string, string | number | boolean>;
}

/** The columns every engine read of an enrollment needs: itself, its campaign's pin and schedule, its prospect. */
export const ENROLLMENT_COLUMNS = `e.id, e.workspace_id, e.campaign_id, e.prospect_id, e.sender_account_id, e.status, e.current_node_id, e.phase,
  e.arrived_by, e.replied, e.visit, e.open_step, c.launched_version, c.schedule, c.sender_account_ids::text[] AS campaign_sender_ids,
  p.profile_url, p.name, p.headline, p.company, p.email, p.time_zone, p.custom_fields`;
export const ENROLLMENT_FROM = 'enrollments e JOIN campaigns c ON c.id = e.campaign_id JOIN prospects p ON p.id = e.prospect_id';

const graphs = new Map<string, RunGraph | null>();

/** The pinned graph of a launched campaign (immutable per version, so cached per process). */
export async function pinnedGraph(tx: Queryable, campaignId: string, version: number): Promise<RunGraph | null> {
  const key = `${campaignId}:${version}`;
  if (!graphs.has(key)) {
    const found = await tx.query<{ workflow_definition: string }>(
      'SELECT workflow_definition FROM campaign_versions WHERE campaign_id = $1 AND version = $2',
      [campaignId, version],
    );
    const text = found.rows[0]?.workflow_definition;
    graphs.set(key, text === undefined ? null : (runGraph(JSON.parse(text)) ?? null));
  }
  return graphs.get(key)!;
}

const prospectOf = (row: EnrollmentRow) => ({
  profileUrl: row.profile_url,
  name: row.name,
  headline: row.headline,
  company: row.company,
  email: row.email,
  timeZone: row.time_zone,
  customFields: row.custom_fields ?? {},
});

const STATUS_OF_OUTCOME: Readonly<Record<string, string>> = { failed: 'failed', stopped: 'stopped' };

/** The step the enrollment now stands on; one that ends the enrollment is written finished at once. */
async function openStep(
  tx: Queryable,
  enrollmentId: string,
  nodeId: string,
  type: string,
  now: number,
  end: { status: string; error: string | null } | null,
): Promise<string> {
  const opened = await tx.query<{ position: string }>(
    `INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, started_at, finished_at, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING position`,
    [enrollmentId, nodeId, type, end?.status ?? 'running', ts(now), end === null ? null : ts(now), end?.error ?? null],
  );
  return String(opened.rows[0]!.position);
}

/** Writes what one advance did: timeline rows, the decision's rows (wait, intent + quota, end), the enrollment's place. */
export async function applyAdvance(
  tx: Queryable,
  deps: EngineDeps,
  row: EnrollmentRow,
  graph: RunGraph,
  step: Advance,
  now: number,
): Promise<void> {
  const { decision, position } = step;
  if (decision.kind === 'ignore') return;
  await notifyRunMoved(tx, row.campaign_id, now); // contract 9.5 run.progress, on commit, at most once a second
  let visit = row.visit;
  let open = row.open_step;
  for (const [i, passed] of step.passed.entries()) {
    if (i === 0 && open !== null && passed.nodeId === row.current_node_id) {
      await tx.query(`UPDATE enrollment_steps SET status = 'done', handle = $2, finished_at = $3 WHERE position = $1`, [
        open,
        passed.handle,
        ts(now),
      ]);
    } else {
      visit++;
      await tx.query(
        `INSERT INTO enrollment_steps (enrollment_id, node_id, type, status, started_at, finished_at, handle) VALUES ($1, $2, $3, 'done', $4, $4, $5)`,
        [row.id, passed.nodeId, passed.type, ts(now), passed.handle],
      );
    }
  }
  const end = decision.kind === 'end' ? { status: decision.outcome === 'failed' ? 'failed' : 'done', error: decision.error ?? null } : null;
  const opening = step.passed.length > 0 || open === null;
  if (opening) {
    visit++;
    open = await openStep(tx, row.id, position.nodeId, graph.node(position.nodeId)?.type ?? '', now, end);
  }
  const place = [row.id, position.nodeId, position.arrivedBy, position.replied, visit, open];
  const setPlace = 'current_node_id = $2, arrived_by = $3, replied = $4, visit = $5, open_step = $6';
  if (decision.kind === 'end') {
    if (!opening)
      await tx.query(`UPDATE enrollment_steps SET status = $2, finished_at = $3, error = $4 WHERE position = $1`, [
        open,
        end!.status,
        ts(now),
        end!.error,
      ]);
    const status = STATUS_OF_OUTCOME[decision.outcome] ?? 'finished';
    await tx.query(
      `UPDATE enrollments SET ${setPlace}, status = $7, outcome = $8, error = $9, finished_at = $10, next_step_at = NULL, phase = 'enter' WHERE id = $1`,
      [...place, status, decision.outcome, decision.error ?? null, ts(now)],
    );
    await cancelPendingActions(tx, row.id);
    await emitProspectFinished(tx, row, {
      status,
      outcome: decision.outcome,
      nodeId: position.nodeId,
      error: decision.error ?? null,
      at: now,
    });
    return;
  }
  if (decision.kind === 'wait') {
    await tx.query(`UPDATE enrollment_steps SET status = 'running', scheduled_for = $2 WHERE position = $1`, [
      open,
      decision.until === null ? null : ts(decision.until),
    ]);
    await tx.query(
      `UPDATE enrollments SET ${setPlace}, status = 'active', phase = 'wait', next_step_at = $7, wait_events = $8, timeout_handle = $9 WHERE id = $1`,
      [...place, decision.until === null ? null : ts(decision.until), JSON.stringify(decision.on), decision.timeoutHandle],
    );
    return;
  }
  if (decision.kind === 'take') return; // the walker follows every take itself
  const nodeType = graph.node(position.nodeId)?.type ?? '';
  await offerLater(
    tx,
    deps,
    { ...row, visit, open_step: open, current_node_id: position.nodeId },
    nodeType,
    decision,
    place,
    setPlace,
    now,
  );
}

/** An action (or the engine's own call): through the send gate when it keeps to the window, then its intent row. */
async function offerLater(
  tx: Queryable,
  deps: EngineDeps,
  given: EnrollmentRow,
  nodeType: string,
  decision: Extract<Decision, { kind: 'act' } | { kind: 'call' }>,
  place: unknown[],
  setPlace: string,
  now: number,
): Promise<void> {
  const action =
    decision.kind === 'act'
      ? decision.action
      : { type: nodeType, window: false, payload: { data: { method: decision.method, url: decision.url } } };
  const row = decision.kind === 'act' ? await senderStillOnCampaign(tx, given, nodeType, place, setPlace) : given;
  if (row === null) return;
  let notBefore = now;
  let quotaDay: string | null = null;
  const kind = 'limitKind' in action ? action.limitKind : undefined;
  if (action.window) {
    if (row.sender_account_id === null) return endWithoutSender(tx, row, place, setPlace, now);
    const verdict = await passGate(tx, {
      accountId: row.sender_account_id,
      kind,
      schedule: row.schedule,
      windowZone: windowZone(row.schedule, row.time_zone),
      now,
      spacingMs: drawSpacing(deps),
    });
    if (!verdict.ok) {
      await tx.query(`UPDATE enrollment_steps SET status = 'scheduled', scheduled_for = $2 WHERE position = $1`, [
        row.open_step,
        ts(verdict.retryAt),
      ]);
      await tx.query(`UPDATE enrollments SET ${setPlace}, status = 'active', phase = 'act', next_step_at = $7 WHERE id = $1`, [
        ...place,
        ts(verdict.retryAt),
      ]);
      return;
    }
    notBefore = verdict.slot;
    quotaDay = verdict.quotaDay;
  }
  const actionId = randomUUID();
  const inserted = await tx.query(
    `INSERT INTO run_actions (id, workspace_id, campaign_id, enrollment_id, visit, node_id, type, sender_account_id, limit_kind, quota_day, payload, status, not_before)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'scheduled', $12) ON CONFLICT (enrollment_id, visit) DO NOTHING`,
    [
      actionId,
      row.workspace_id,
      row.campaign_id,
      row.id,
      row.visit,
      row.current_node_id,
      action.type,
      row.sender_account_id,
      quotaDay === null ? null : kind,
      quotaDay,
      JSON.stringify(action.payload),
      ts(notBefore),
    ],
  );
  // One action per visit of a step (contract 9.3): a second would mean a bug; refuse the whole move.
  if (inserted.rowCount !== 1) throw new Error(`a second action for visit ${row.visit} of enrollment ${row.id}`);
  const rendered =
    'text' in action.payload || 'subject' in action.payload ? { text: action.payload.text, subject: action.payload.subject } : null;
  await tx.query(
    `UPDATE enrollment_steps SET status = 'scheduled', scheduled_for = $2, action_id = $3, rendered = $4 WHERE position = $1`,
    [row.open_step, ts(notBefore), actionId, rendered === null ? null : JSON.stringify(rendered)],
  );
  await tx.query(`UPDATE enrollments SET ${setPlace}, status = 'active', phase = 'act', next_step_at = NULL WHERE id = $1`, place);
}

async function endWithoutSender(tx: Queryable, row: EnrollmentRow, place: unknown[], setPlace: string, now: number): Promise<void> {
  const error = 'This campaign has no sender account for this step.';
  await emitProspectFinished(tx, row, { status: 'failed', outcome: 'failed', nodeId: row.current_node_id, error, at: now });
  await tx.query(`UPDATE enrollment_steps SET status = 'failed', finished_at = $2, error = $3 WHERE position = $1`, [
    row.open_step,
    ts(now),
    error,
  ]);
  await tx.query(
    `UPDATE enrollments SET ${setPlace}, status = 'failed', outcome = 'failed', error = $7, finished_at = $8, next_step_at = NULL WHERE id = $1`,
    [...place, error, ts(now)],
  );
}

/** Actions not yet offered are cancelled with their quota slot given back (the enrollment ended). */
export async function cancelPendingActions(tx: Queryable, enrollmentId: string): Promise<void> {
  const cancelled = await tx.query<{ sender_account_id: string | null; limit_kind: string | null; quota_day: string | null }>(
    `UPDATE run_actions SET status = 'cancelled', finished_at = now() WHERE enrollment_id = $1 AND status = 'scheduled'
     RETURNING sender_account_id, limit_kind, quota_day::text AS quota_day`,
    [enrollmentId],
  );
  for (const a of cancelled.rows) {
    if (a.sender_account_id && a.limit_kind && a.quota_day) await releaseQuota(tx, a.sender_account_id, a.limit_kind, a.quota_day);
  }
}

/** Applies one input to a locked enrollment row (the caller holds its lock). */
export async function applyInput(
  tx: Queryable,
  deps: EngineDeps,
  row: EnrollmentRow,
  input: StepInput,
): Promise<Decision['kind'] | 'missing'> {
  const graph = await pinnedGraph(tx, row.campaign_id, row.launched_version);
  const now = deps.clock.now();
  if (!graph) {
    const error = 'The launched workflow of this campaign could not be read.';
    await tx.query(
      `UPDATE enrollments SET status = 'failed', outcome = 'failed', error = $2, finished_at = $3, next_step_at = NULL WHERE id = $1`,
      [row.id, error, ts(now)],
    );
    await emitProspectFinished(tx, row, { status: 'failed', outcome: 'failed', nodeId: row.current_node_id, error, at: now });
    return 'missing';
  }
  const position =
    row.current_node_id === null ? startPosition(graph) : { nodeId: row.current_node_id, arrivedBy: row.arrived_by, replied: row.replied };
  const context = { prospect: prospectOf(row), now, zone: waitZone(row.schedule, row.time_zone) };
  const step = advance(graph, position, row.current_node_id === null ? { kind: 'enter' } : input, context);
  await applyAdvance(tx, deps, row, graph, step, now);
  return step.decision.kind;
}

const INPUT_OF_PHASE: Readonly<Record<EnrollmentRow['phase'], StepInput>> = {
  enter: { kind: 'enter' },
  act: { kind: 'enter' },
  wait: { kind: 'timeout' },
};

/** Enrolled prospects of active campaigns start (launch, resume or a late enrollment). */
export async function startWaitingEnrollments(deps: EngineDeps): Promise<number> {
  const now = ts(deps.clock.now());
  const started = await deps.db.query(
    `UPDATE enrollments SET status = 'active', phase = 'enter', next_step_at = $2
     WHERE id IN (SELECT e.id FROM enrollments e JOIN campaigns c ON c.id = e.campaign_id
                  WHERE e.status = 'waiting' AND c.status = 'active' LIMIT $1 FOR UPDATE OF e SKIP LOCKED)`,
    [deps.batch, now],
  );
  return started.rowCount;
}

/** One batch of due enrollments moved in one transaction; the number moved. */
export async function moveDueEnrollments(deps: EngineDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const due = await tx.query<EnrollmentRow>(
      `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM}
       WHERE e.status = 'active' AND e.next_step_at <= $1 AND c.status = 'active'
       ORDER BY e.next_step_at LIMIT $2 FOR UPDATE OF e SKIP LOCKED`,
      [ts(now), deps.batch],
    );
    for (const row of due.rows) await applyInput(tx, deps, row, INPUT_OF_PHASE[row.phase]);
    return due.rows.length;
  });
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
  let moved = 0;
  for (const row of rows.rows) {
    const input: StepInput = { kind: 'event', event: event.event, ...(event.text !== undefined ? { text: event.text } : {}) };
    const kind = await applyInput(tx, deps, row, input);
    if (kind === 'ignore') continue;
    moved++;
    if (event.event === 'message_received') await emitProspectReplied(tx, row, { text: event.text ?? null, at: deps.clock.now() });
  }
  // What the event moved may be due now (the next step's action).
  if (moved > 0) await wakeRuns(tx);
  return moved;
}
