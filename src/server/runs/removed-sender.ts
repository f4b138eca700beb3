import { CATALOG } from '../../domain/catalog';
import { senderChannelOf } from '../../domain/channels';
import type { LimitKind } from '../../domain/catalog';
import { slotsOverLimits, WEEK_DAYS } from '../../domain/run/sender-limits';
import { assignLeastLoaded, senderLoads } from '../audience/enrollments';
import { ts } from '../db/time-sql';
import type { Queryable } from '../db/types';
import { plannedSlotsOf, takeBackActions } from './action-slots';
import { senderReached } from './action-store';
import { GateSession } from './gate';
import { waitingReason } from './waiting';
import { wakeRuns } from './wake';
import type { EnrollmentValues, StepRef, WritePlan } from './write-plan';

/**
 * Contract 9.4: a sender removed from a campaign holds its contacted prospects (with a visible reason)
 * and hands the others to another sender of the campaign. The engine asks here when an enrollment of a
 * removed sender reaches its next action; the settings update takes back the actions not yet offered
 * so that they reach this question too.
 */

/** Step types whose action reaches a person: once one was offered by a sender, that sender has contacted the prospect. */
const REACHING_TYPES = Object.values(CATALOG)
  .filter((definition) => definition.window)
  .map((definition) => definition.type);

/** What of an enrollment row the question needs (engine.ts EnrollmentRow has it). */
interface SenderOfEnrollment {
  readonly id: string;
  readonly workspace_id: string;
  readonly sender_account_id: string | null;
  readonly campaign_sender_ids: string[];
}

const heldReason = (senderName: string | null) => `Waiting: the sender ${senderName ?? 'of this prospect'} was removed from this campaign.`;

/**
 * The row to act with — its own sender while on the campaign, else another sender of the step's
 * channel when the removed one has not contacted the prospect — or null when the enrollment is held
 * (planned here: the step and the enrollment show why, and nothing is due until a reply ends it).
 */
export async function senderStillOnCampaign<Row extends SenderOfEnrollment>(
  tx: Queryable,
  plan: WritePlan,
  row: Row,
  open: StepRef | null,
  nodeType: string,
  place: EnrollmentValues,
): Promise<Row | null> {
  const removed = row.sender_account_id;
  if (removed === null || row.campaign_sender_ids.includes(removed)) return row;
  if (!(await senderReached(tx, row.id, removed, REACHING_TYPES))) {
    const loads = await senderLoads(tx, row.workspace_id, row.campaign_sender_ids, senderChannelOf(nodeType));
    const [other] = assignLeastLoaded(1, loads);
    if (other) {
      // Written at once: the next hand-over in the same batch counts this one in its senders' loads.
      await tx.query('UPDATE enrollments SET sender_account_id = $2, error = NULL WHERE id = $1', [row.id, other]);
      return { ...row, sender_account_id: other };
    }
  }
  const sender = await tx.query<{ name: string | null }>('SELECT name FROM accounts WHERE id = $1', [removed]);
  const error = heldReason(sender.rows[0]?.name ?? null);
  plan.patchStep(open, { status: 'scheduled', scheduled_for: null, error });
  plan.patchEnrollment(row.id, {
    ...place,
    status: 'active',
    phase: 'act',
    next_step_at: null,
    error,
    waiting_reason: waitingReason({ kind: 'held' }),
  });
  return null;
}

/**
 * In the transaction that changed a campaign's senders: its actions not yet offered through a sender it
 * no longer has are taken back (never offered, so no executor knows their actionId; their quota slot is
 * given back) and their enrollments are due again at that slot, where the engine holds or moves them;
 * the prospects held for a sender that is back are due at once. The number of enrollments due again.
 */
export async function takeBackRemovedSendersActions(tx: Queryable, campaignId: string): Promise<number> {
  const gate = new GateSession(tx);
  const taken = await takeBackActions(tx, gate, { removedSendersOf: campaignId });
  await gate.flush();
  // A sender added back takes its held prospects up again: in the act phase with no action for the visit and nothing due is held.
  const resumed = await tx.query<{ open_step: string | null }>(
    `UPDATE enrollments e SET next_step_at = $2, error = NULL, waiting_reason = $3 FROM campaigns c
     WHERE e.campaign_id = $1 AND c.id = e.campaign_id AND e.status = 'active' AND e.phase = 'act' AND e.next_step_at IS NULL
       AND e.sender_account_id = ANY(c.sender_account_ids) AND e.error IS NOT NULL
     RETURNING e.open_step`,
    [campaignId, ts(0), waitingReason({ kind: 'moving' })],
  );
  for (const e of resumed.rows) await tx.query('UPDATE enrollment_steps SET error = NULL WHERE position = $1', [e.open_step]);
  if (taken + resumed.rows.length > 0) await wakeRuns(tx);
  return taken + resumed.rows.length;
}

/**
 * Issue 33 item 6 and contract 10.2, in the transaction that changed a sender's limits, zone or
 * warm-up: the slots it holds above them — a day over its daily limit (under warm-up, that day's
 * ceiling), a rolling week over its weekly one — are given back (the latest scheduled actions, taken
 * back like a removed sender's), and their enrollments meet the gate again. The account row is
 * locked first: the engine's transactions counting on the old limits finish before, the later ones
 * read the new ones (gate.ts). Counted from the quota counters of the last week on.
 */
export async function giveBackBeyondLimits(tx: Queryable, accountId: string): Promise<number> {
  await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  const gate = new GateSession(tx);
  const rules = await gate.rulesOf(accountId);
  if (rules === null) return 0;
  // The slots that can be given back (planned, never offered), and the counters of every week that holds them.
  const planned = await plannedSlotsOf(tx, accountId);
  const { rows } = await tx.query<{ kind: LimitKind; day: string; used: number }>(
    `SELECT q.kind, q.day::text AS day, q.used FROM sender_quota q
     JOIN (SELECT v.kind, min(v.day) - $2::int AS first, max(v.day) + $2::int AS last FROM unnest($3::text[], $4::date[]) AS v(kind, day) GROUP BY v.kind) w
       ON w.kind = q.kind AND q.day BETWEEN w.first AND w.last
     WHERE q.account_id = $1`,
    [accountId, WEEK_DAYS - 1, planned.map((p) => p.kind), planned.map((p) => p.day)],
  );
  const byKind = new Map<LimitKind, { counts: Map<string, number>; takeable: Map<string, number> }>();
  const of = (kind: LimitKind) => byKind.get(kind) ?? byKind.set(kind, { counts: new Map(), takeable: new Map() }).get(kind)!;
  for (const r of rows) of(r.kind).counts.set(r.day, r.used);
  for (const p of planned) of(p.kind).takeable.set(p.day, p.n);
  const over = [...byKind].flatMap(([kind, { counts, takeable }]) =>
    [...slotsOverLimits(rules, kind, counts, takeable)].map(([day, n]) => ({ kind, day, n })),
  );
  const taken = over.length === 0 ? 0 : await takeBackActions(tx, gate, { beyondLimitsOf: accountId, over });
  await gate.flush();
  if (taken > 0) await wakeRuns(tx);
  return taken;
}
