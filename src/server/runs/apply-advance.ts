import { randomUUID } from 'node:crypto';
import type { Decision, StepInput } from '../../domain/run/step';
import { advance, runGraph, startPosition, type Advance, type RunGraph } from '../../domain/run/walker';
import { waitZone, windowZone } from '../../domain/run/windows';
import { prospectFields } from '../db/prospect-columns';
import type { Queryable } from '../db/types';
import type { EngineSettings } from './engine-deps';
import type { EnrollmentRow } from './enrollment-row';
import { drawSpacing, passGate } from './gate';
import { runHistory } from './history';
import { waitingReason } from './waiting';
import { senderStillOnCampaign } from './removed-sender';
import { prospectFinishedData } from './run-events';
import { ts } from '../db/time-sql';
import type { EnrollmentValues, StepRef, WritePlan } from './write-plan';

/**
 * One enrollment's advance (contract 9.3) turned into writes of a `WritePlan`: the walker is pure,
 * so a batch of locked rows is advanced in memory and flushed together. Only the send gate (quota
 * and spacing, exact across processes) and a removed sender's hand-over read or write at once.
 */

/** Launched graphs kept per process: the most recently read ones, at most this many (issue 33 item 13). */
export const PINNED_GRAPHS_KEPT = 256;
const graphs = new Map<string, RunGraph | null>();

/**
 * The pinned graph of a launched campaign. A version is immutable, so it is cached per process by
 * (campaign, version) — a newer version pinned later is another key, never served stale — and the
 * cache keeps only the PINNED_GRAPHS_KEPT read most recently.
 */
export async function pinnedGraph(tx: Queryable, campaignId: string, version: number): Promise<RunGraph | null> {
  const key = `${campaignId}:${version}`;
  let graph = graphs.get(key);
  if (graph === undefined) {
    const found = await tx.query<{ workflow_definition: string }>(
      'SELECT workflow_definition FROM campaign_versions WHERE campaign_id = $1 AND version = $2',
      [campaignId, version],
    );
    const text = found.rows[0]?.workflow_definition;
    graph = text === undefined ? null : (runGraph(JSON.parse(text)) ?? null);
  }
  // Most recently read last: the first key is the one to forget.
  graphs.delete(key);
  graphs.set(key, graph);
  if (graphs.size > PINNED_GRAPHS_KEPT) graphs.delete(graphs.keys().next().value!);
  return graph;
}

/** How many launched graphs this process keeps now (for tests). */
export const pinnedGraphsKept = (): number => graphs.size;

const STATUS_OF_OUTCOME: Readonly<Record<string, string>> = { failed: 'failed', stopped: 'stopped' };

/** The enrollment ended: its row, its 9.5 event and the cancelling of its actions not yet offered. */
function endEnrollment(
  plan: WritePlan,
  row: EnrollmentRow,
  end: { status: string; outcome: string; error: string | null; nodeId: string | null; now: number },
  place: EnrollmentValues = {},
): void {
  plan.patchEnrollment(row.id, {
    ...place,
    status: end.status,
    outcome: end.outcome,
    error: end.error,
    finished_at: ts(end.now),
    next_step_at: null,
    waiting_reason: waitingReason({ kind: 'moving' }),
  });
  plan.event(row.workspace_id, 'prospect.finished', prospectFinishedData(row, { ...end, at: end.now }));
}

/** What the timeline says on the step a prospect on the do-not-contact list did not get. */
export const EXCLUDED_STEP_NOTE = 'Not sent: this person is on the do-not-contact list.';

/**
 * Contract 10.3: an enrolled prospect on the do-not-contact list ends before their next action —
 * stopped, outcome `excluded`, the step they stand on skipped with the reason, their actions not yet
 * offered cancelled. Asked when a visit reaches an action step (no quota slot is taken) and at the
 * last look before an action already waiting is offered (offers.ts).
 */
export function endExcluded(plan: WritePlan, row: EnrollmentRow, open: StepRef | null, now: number, place: EnrollmentValues = {}): void {
  plan.campaignMoved(row.campaign_id);
  plan.patchStep(open, { status: 'skipped', finished_at: ts(now), error: EXCLUDED_STEP_NOTE });
  endEnrollment(plan, row, { status: 'stopped', outcome: 'excluded', error: null, nodeId: row.current_node_id, now }, place);
  plan.endEnrollment(row.id);
}

/** What the timeline says on a step passed after a revision because the prospect already had it. */
export const ALREADY_DONE_NOTE = 'Not done again: this prospect already had this step or this message before the campaign changed.';

/** Plans what one advance did: timeline rows, the decision's rows (wait, intent + quota, end), the enrollment's place. */
export async function applyAdvance(
  tx: Queryable,
  plan: WritePlan,
  settings: EngineSettings,
  row: EnrollmentRow,
  graph: RunGraph,
  step: Advance,
  now: number,
): Promise<void> {
  const { decision, position } = step;
  if (decision.kind === 'ignore') return;
  plan.campaignMoved(row.campaign_id); // contract 9.5 run.progress, on commit, at most once a second
  let visit = row.visit;
  let open: StepRef | null = row.open_step;
  for (const [i, passed] of step.passed.entries()) {
    // Contract 10.4: a step passed because it was done (or its text sent) before the revision is written skipped, with why.
    const how = passed.skipped ? { status: 'skipped', error: ALREADY_DONE_NOTE } : { status: 'done' };
    if (i === 0 && open !== null && passed.nodeId === row.current_node_id) {
      plan.patchStep(open, { ...how, handle: passed.handle, finished_at: ts(now) });
    } else {
      visit++;
      const at = ts(now);
      plan.openStep({
        enrollment_id: row.id,
        node_id: passed.nodeId,
        type: passed.type,
        ...how,
        started_at: at,
        finished_at: at,
        handle: passed.handle,
        version: row.graph_version,
      });
    }
  }
  const end = decision.kind === 'end' ? { status: decision.outcome === 'failed' ? 'failed' : 'done', error: decision.error ?? null } : null;
  const opening = step.passed.length > 0 || open === null;
  if (opening) {
    visit++;
    // The step the enrollment now stands on; one that ends the enrollment is written finished at once.
    open = plan.openStep({
      enrollment_id: row.id,
      node_id: position.nodeId,
      type: graph.node(position.nodeId)?.type ?? '',
      status: end?.status ?? 'running',
      started_at: ts(now),
      finished_at: end === null ? null : ts(now),
      error: end?.error ?? null,
      version: row.graph_version,
    });
  }
  const place: EnrollmentValues = {
    current_node_id: position.nodeId,
    arrived_by: position.arrivedBy,
    replied: position.replied,
    visit,
    open_step: open,
    graph_version: row.graph_version,
  };
  if (decision.kind === 'end') {
    if (!opening) plan.patchStep(open, { status: end!.status, finished_at: ts(now), error: end!.error });
    const status = STATUS_OF_OUTCOME[decision.outcome] ?? 'finished';
    endEnrollment(
      plan,
      row,
      { status, outcome: decision.outcome, error: decision.error ?? null, nodeId: position.nodeId, now },
      { ...place, phase: 'enter' },
    );
    plan.endEnrollment(row.id);
    return;
  }
  if (decision.kind === 'wait') {
    plan.patchStep(open, { status: 'running', scheduled_for: decision.until === null ? null : ts(decision.until) });
    plan.patchEnrollment(row.id, {
      ...place,
      status: 'active',
      phase: 'wait',
      next_step_at: decision.until === null ? null : ts(decision.until),
      wait_events: JSON.stringify(decision.on),
      timeout_handle: decision.timeoutHandle,
      waiting_reason: waitingReason({ kind: 'wait', on: decision.on }),
    });
    return;
  }
  if (decision.kind === 'take') return; // the walker follows every take itself
  const nodeType = graph.node(position.nodeId)?.type ?? '';
  await offerLater(tx, plan, settings, { ...row, visit, current_node_id: position.nodeId }, open, nodeType, decision, place, now);
}

/** An action (or the engine's own call): through the send gate when it keeps to the window, then its intent row. */
async function offerLater(
  tx: Queryable,
  plan: WritePlan,
  settings: EngineSettings,
  given: EnrollmentRow,
  open: StepRef | null,
  nodeType: string,
  decision: Extract<Decision, { kind: 'act' } | { kind: 'call' }>,
  place: EnrollmentValues,
  now: number,
): Promise<void> {
  // Contract 10.3: a prospect on the do-not-contact list ends here, before the action and any quota slot.
  if (given.excluded) return endExcluded(plan, given, open, now, place);
  const action =
    decision.kind === 'act'
      ? decision.action
      : { type: nodeType, window: false, payload: { data: { method: decision.method, url: decision.url } } };
  const row = decision.kind === 'act' ? await senderStillOnCampaign(tx, plan, given, open, nodeType, place) : given;
  if (row === null) return;
  let notBefore = now;
  let quotaDay: string | null = null;
  const kind = 'limitKind' in action ? action.limitKind : undefined;
  if (action.window) {
    if (row.sender_account_id === null) {
      const error = 'This campaign has no sender account for this step.';
      plan.patchStep(open, { status: 'failed', finished_at: ts(now), error });
      endEnrollment(plan, row, { status: 'failed', outcome: 'failed', error, nodeId: row.current_node_id, now }, place);
      return;
    }
    const verdict = await passGate(plan.gateSession(tx), {
      accountId: row.sender_account_id,
      kind,
      schedule: row.schedule,
      windowZone: windowZone(row.schedule, row.time_zone),
      now,
      spacingMs: drawSpacing(settings),
    });
    if (!verdict.ok) {
      plan.patchStep(open, { status: 'scheduled', scheduled_for: ts(verdict.retryAt) });
      plan.patchEnrollment(row.id, {
        ...place,
        status: 'active',
        phase: 'act',
        next_step_at: ts(verdict.retryAt),
        waiting_reason: waitingReason({ kind: 'gate', why: verdict.why }),
      });
      return;
    }
    notBefore = verdict.slot;
    quotaDay = verdict.quotaDay;
  }
  const actionId = randomUUID();
  plan.insertAction({
    id: actionId,
    workspace_id: row.workspace_id,
    campaign_id: row.campaign_id,
    enrollment_id: row.id,
    visit: row.visit,
    node_id: row.current_node_id,
    type: action.type,
    sender_account_id: row.sender_account_id,
    limit_kind: quotaDay === null ? null : (kind ?? null),
    quota_day: quotaDay,
    // Contract 10.1: the executor is told which variant it sends.
    payload: JSON.stringify(
      'variantId' in action && action.variantId ? { ...action.payload, variantId: action.variantId } : action.payload,
    ),
    not_before: ts(notBefore),
  });
  const rendered =
    'text' in action.payload || 'subject' in action.payload ? { text: action.payload.text, subject: action.payload.subject } : null;
  plan.patchStep(open, {
    status: 'scheduled',
    scheduled_for: ts(notBefore),
    action_id: actionId,
    rendered: rendered === null ? null : JSON.stringify(rendered),
    variant_id: 'variantId' in action ? (action.variantId ?? null) : null,
  });
  plan.patchEnrollment(row.id, {
    ...place,
    status: 'active',
    phase: 'act',
    next_step_at: null,
    waiting_reason: waitingReason({ kind: 'slot', at: notBefore, now }),
  });
}

/** Plans one input to a locked enrollment row (the caller holds its lock); what the walker decided. */
export async function applyInput(
  tx: Queryable,
  plan: WritePlan,
  settings: EngineSettings,
  row: EnrollmentRow,
  input: StepInput,
): Promise<Decision['kind'] | 'missing'> {
  const graph = await pinnedGraph(tx, row.campaign_id, row.graph_version);
  const now = plan.now;
  if (!graph) {
    const error = 'The launched workflow of this campaign could not be read.';
    endEnrollment(plan, row, { status: 'failed', outcome: 'failed', error, nodeId: row.current_node_id, now });
    return 'missing';
  }
  const position =
    row.current_node_id === null ? startPosition(graph) : { nodeId: row.current_node_id, arrivedBy: row.arrived_by, replied: row.replied };
  const history = row.revised ? await runHistory(tx, row.id) : undefined;
  const context = {
    prospect: prospectFields(row),
    now,
    zone: waitZone(row.schedule, row.time_zone),
    // Contract 10.1: the prospect's variant of a step with variants, or the winner chosen for it.
    assignment: { campaignId: row.campaign_id, prospectId: row.prospect_id, winners: row.variant_winners },
    ...(history ? { history } : {}),
  };
  const step = advance(graph, position, row.current_node_id === null ? { kind: 'enter' } : input, context);
  await applyAdvance(tx, plan, settings, row, graph, step, now);
  return step.decision.kind;
}
