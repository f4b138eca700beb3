import { MOVE_TO_END } from '../../domain/contract/revisions';
import { UNFINISHED_ENROLLMENT_STATUSES_SQL } from '../../domain/contract/statuses';
import { summarizeChange } from '../../domain/paths';
import { revisionChanges, textVersions, waitFrom } from '../../domain/run/revision';
import { runGraph } from '../../domain/run/walker';
import { waitZone } from '../../domain/run/windows';
import { parseUtcDateTime } from '../../domain/time';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { publishGraph, findCampaignState } from '../campaigns/queries';
import { assertLaunchable, campaignNotFound, getCampaign, staleEdit, validationContext, type Campaign } from '../campaigns/service';
import { prospectFields } from '../db/prospect-columns';
import { ts } from '../db/time-sql';
import type { Db, Queryable } from '../db/types';
import { emitEvent } from '../events';
import type { WorkspaceRef } from '../http/auth';
import type { ChangeOrigin } from '../http/change-origin';
import { ApiError } from '../http/errors';
import { cancelActions } from '../runs/action-store';
import type { EngineSettings } from '../runs/engine-deps';
import { ENROLLMENT_COLUMNS, ENROLLMENT_FROM, type EnrollmentRow } from '../runs/enrollment-row';
import { GateSession } from '../runs/gate';
import { notifyRunMoved } from '../runs/progress-notice';
import { notActive } from '../runs/steer';
import { wakeRuns } from '../runs/wake';
import { findParent, findRevision, revisionNotFound } from './revisions';

/**
 * Contract 10.4 publish: after its checks in the contract's order, ONE transaction makes the
 * revision's graph the running campaign's (a new version; the revision deleted) and moves its
 * unfinished enrollments onto it:
 * - every one stays at its node id and moves on the new version from now on (`graph_version`);
 * - one at a removed step goes to its move target (entered afresh: its open step skipped — done when
 *   its action was done and it was waiting for an answer —, its action
 *   not yet offered cancelled with its quota slot given back, its visit counted so an answer for an
 *   action already out moves nothing), or ends (finished) when the move is "end";
 * - one waiting at a step whose wait changed has the wait counted again from when it began;
 * - every one under way is marked `revised`: the engine then passes (never does again) a step their
 *   timeline already holds, or one that would send a text already sent (runs/history.ts);
 * - an action already scheduled keeps the text it was scheduled with (it was rendered then).
 */

/** What a prospect's timeline says on the step they stood on when it was removed. */
export const REMOVED_STEP_NOTE = 'This step was removed from the campaign while the prospect was on it.';

export interface PublishInput {
  campaignId: string;
  revisionId: string;
  inspectedUpdatedAt: string;
  confirm?: boolean | undefined;
  moves?: Readonly<Record<string, string>> | undefined;
}

const PUBLISH_STALE_HINT =
  'The revision changed after you inspected it: read it again (get-campaign on the revision, get-revision-impact) and pass its updated_at as inspectedUpdatedAt.';

/** Contract 10.4's bad input: `invalid_request` on REST, `invalid_arguments` for a tool. */
export type BadInputCode = 'invalid_request' | 'invalid_arguments';
const badInput = (code: BadInputCode, message: string, path: string, detail: string) =>
  new ApiError(400, code, message, { errors: [{ path, message: detail }] });

export async function publishRevision(
  db: Db,
  workspace: WorkspaceRef,
  input: PublishInput,
  context: { origin: ChangeOrigin; settings: EngineSettings; badInput: BadInputCode },
): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const parent = await findParent(tx, workspace.id, input.campaignId, true);
    if (!parent) throw campaignNotFound();
    const revision = await findRevision(tx, workspace.id, input.campaignId, input.revisionId, true);
    if (!revision) throw revisionNotFound();
    if (input.confirm !== true)
      throw badInput(context.badInput, 'Publishing changes what a running campaign does: send confirm: true.', 'confirm', 'Must be true.');
    if (new Date(revision.updated_at).getTime() !== parseUtcDateTime(input.inspectedUpdatedAt))
      throw staleEdit(revision.updated_at, PUBLISH_STALE_HINT);
    if (parent.status !== 'active' && parent.status !== 'paused') throw notActive(parent.status);
    const launched = JSON.parse(parent.workflow_definition) as WorkflowDefinition;
    const next = JSON.parse(revision.workflow_definition) as WorkflowDefinition;
    const state = await findCampaignState(tx, workspace.id, input.revisionId);
    assertLaunchable(next, validationContext(state!));

    const rows = await lockUnfinished(tx, input.campaignId);
    const changes = revisionChanges(launched, next);
    const removed = new Set(changes.removed);
    const stranded = [
      ...new Set(rows.filter((r) => r.current_node_id !== null && removed.has(r.current_node_id)).map((r) => r.current_node_id!)),
    ];
    const moves = input.moves ?? {};
    const unmoved = stranded.filter((id) => moves[id] === undefined);
    if (unmoved.length > 0)
      throw new ApiError(409, 'moves_required', 'Prospects stand on steps this revision removes: say where each goes (moves).', {
        nodeIds: unmoved,
      });
    const kept = new Set(next.nodes.map((n) => n.id));
    for (const [from, to] of Object.entries(moves)) {
      if (!removed.has(from))
        throw badInput(context.badInput, 'A move names a step this revision keeps.', `moves.${from}`, 'Not a removed step.');
      if (to !== MOVE_TO_END && !kept.has(to))
        throw badInput(
          context.badInput,
          'A move goes to a step the revision does not have.',
          `moves.${from}`,
          `No step with this id in the revision (or "${MOVE_TO_END}").`,
        );
    }

    const now = await context.settings.clock.now(tx);
    const version = parent.graph_version + 1;
    const before = { graph: launched, versions: parent.text_versions ?? textVersions(launched, parent.launched_version) };
    await publishGraph(tx, {
      campaignId: input.campaignId,
      version,
      definitionText: revision.workflow_definition,
      nodeCount: next.nodes.length,
      edgeCount: next.edges.length,
      savedVia: context.origin.via,
      summary: `Published a revision: ${summarizeChange(launched, next)}`,
      textVersions: textVersions(next, version, before),
    });
    await tx.query(
      `UPDATE enrollments SET graph_version = $2, revised = revised OR status = 'active'
       WHERE campaign_id = $1 AND status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL})`,
      [input.campaignId, version],
    );
    await moveStranded(
      tx,
      rows.filter((r) => r.current_node_id !== null && removed.has(r.current_node_id)),
      moves,
      now,
    );
    await rewait(
      tx,
      next,
      rows.filter((r) => r.phase === 'wait' && r.current_node_id !== null && changes.changedWait.includes(r.current_node_id)),
    );
    await tx.query('DELETE FROM campaigns WHERE id = $1', [input.revisionId]);
    await emitEvent(
      tx,
      workspace.id,
      'campaign.revised',
      { campaignId: input.campaignId, fromVersion: parent.launched_version, toVersion: version },
      context.origin,
    );
    await notifyRunMoved(tx, [input.campaignId], now);
    await wakeRuns(tx);
  });
  return getCampaign(db, workspace, input.campaignId);
}

/** Where an unfinished enrollment stands: all publish reads of most of them. */
type Place = Pick<EnrollmentRow, 'id' | 'current_node_id' | 'phase' | 'open_step'>;

/** The campaign's unfinished enrollments, locked in id order (the order the engine's answers lock them in). */
async function lockUnfinished(tx: Queryable, campaignId: string): Promise<Place[]> {
  const { rows } = await tx.query<Place>(
    `SELECT e.id, e.current_node_id, e.phase, e.open_step FROM enrollments e
     WHERE e.campaign_id = $1 AND e.status IN (${UNFINISHED_ENROLLMENT_STATUSES_SQL}) ORDER BY e.id FOR UPDATE`,
    [campaignId],
  );
  return rows;
}

/** Prospects at removed steps: their open step skipped, their action not yet offered cancelled, then moved or ended. */
async function moveStranded(tx: Queryable, rows: readonly Place[], moves: Readonly<Record<string, string>>, now: number) {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  // A step whose action was done (waiting for an answer) stays done: it was sent, and results count it.
  await tx.query(
    `UPDATE enrollment_steps s SET finished_at = $2,
       status = CASE WHEN sent.id IS NULL THEN 'skipped' ELSE 'done' END, error = CASE WHEN sent.id IS NULL THEN $3 END
     FROM enrollment_steps o LEFT JOIN run_actions sent ON sent.id = o.action_id AND sent.status = 'done'
     WHERE o.position = s.position AND s.position = ANY($1::bigint[]) AND s.status IN ('scheduled', 'running')`,
    [rows.flatMap((r) => (r.open_step === null ? [] : [r.open_step])), ts(now), REMOVED_STEP_NOTE],
  );
  const gate = new GateSession(tx);
  await cancelActions(tx, gate, { enrollmentIds: ids }, now);
  await gate.flush();
  const ending = rows.filter((r) => moves[r.current_node_id!] === MOVE_TO_END).map((r) => r.id);
  await tx.query(
    `UPDATE enrollments SET status = 'finished', outcome = 'finished', finished_at = $2, next_step_at = NULL WHERE id = ANY($1::uuid[])`,
    [ending, ts(now)],
  );
  const moving = rows.filter((r) => moves[r.current_node_id!] !== MOVE_TO_END);
  await tx.query(
    `UPDATE enrollments e SET current_node_id = m.target, arrived_by = NULL, phase = 'enter', next_step_at = $2, open_step = NULL,
       visit = e.visit + 1, wait_events = NULL, timeout_handle = NULL
     FROM unnest($1::uuid[], $3::text[]) AS m(id, target) WHERE e.id = m.id`,
    [moving.map((r) => r.id), ts(now), moving.map((r) => moves[r.current_node_id!]!)],
  );
}

/** Contract 10.4 "waits keep their start": a changed wait counted again from when it began (entered, or its action done). */
async function rewait(tx: Queryable, next: WorkflowDefinition, places: readonly Place[]) {
  if (places.length === 0) return;
  // Their prospect and schedule too (the zone a calendar-day wait counts in); already locked.
  const { rows } = await tx.query<EnrollmentRow>(`SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM} WHERE e.id = ANY($1::uuid[])`, [
    places.map((p) => p.id),
  ]);
  const graph = runGraph(next)!;
  const { rows: began } = await tx.query<{ position: string; began: Date }>(
    `SELECT s.position::text AS position, coalesce(a.finished_at, s.started_at) AS began
     FROM enrollment_steps s LEFT JOIN run_actions a ON a.id = s.action_id WHERE s.position = ANY($1::bigint[])`,
    [rows.flatMap((r) => (r.open_step === null ? [] : [r.open_step]))],
  );
  const beganAt = new Map(began.map((b) => [b.position, new Date(b.began).getTime()]));
  for (const row of rows) {
    const node = graph.node(row.current_node_id!);
    const at = row.open_step === null ? undefined : beganAt.get(String(row.open_step));
    if (!node || at === undefined) continue;
    const wait = waitFrom(node, at, { prospect: prospectFields(row), zone: waitZone(row.schedule, row.time_zone) });
    if (!wait) continue;
    const until = wait.until === null ? null : ts(wait.until);
    await tx.query(`UPDATE enrollments SET next_step_at = $2, wait_events = $3::jsonb, timeout_handle = $4 WHERE id = $1`, [
      row.id,
      until,
      JSON.stringify(wait.on),
      wait.timeoutHandle,
    ]);
    await tx.query('UPDATE enrollment_steps SET scheduled_for = $2 WHERE position = $1', [row.open_step, until]);
  }
}
