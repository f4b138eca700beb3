import { nodeDefinition } from '../../domain/catalog';
import type { Schedule } from '../../domain/contract/schedule';
import { systemClock, type Clock } from '../../domain/run/clock';
import { windowZone } from '../../domain/run/windows';
import type { Config } from '../config';
import type { Queryable } from '../db/types';
import { drawSpacing, GateSession, passGate, type GateVerdict } from './gate';
import { ts } from './time-sql';

/** What spacing a sender's slots needs: the engine's clock and ACTION_SPACING_S with its random part. */
export interface Pacing {
  readonly clock: Clock;
  readonly spacingMs: number;
  readonly random: () => number;
}

/** The server's pacing: the system clock and the configured spacing. */
export const serverPacing = (config: Pick<Config, 'actionSpacingS'>): Pacing => ({
  clock: systemClock,
  spacingMs: config.actionSpacingS * 1000,
  random: Math.random,
});

// A year of full days: past it the sender's limits leave no slot, and the action waits at the last instant tried.
const MAX_TRIES = 366;

interface StaleAction {
  id: string;
  type: string;
  enrollment_id: string;
  sender_account_id: string;
  limit_kind: string | null;
  quota_day: string | null;
  schedule: Schedule;
  time_zone: string | null;
}

/**
 * Contract 9.3 "a resume never bursts": in the resume transaction, each in-window action of the campaign
 * whose slot passed while it was paused goes through the send gate again from now, in slot order,
 * keeping its actionId: its quota slot is given back and taken on the new slot's day, and one sender's
 * actions are again one spacing apart inside the window. The number of actions moved.
 */
export async function reslotPausedActions(tx: Queryable, campaignId: string, pacing: Pacing): Promise<number> {
  const now = pacing.clock.now();
  const stale = await tx.query<StaleAction>(
    `SELECT a.id, a.type, a.enrollment_id, a.sender_account_id, a.limit_kind, a.quota_day::text AS quota_day, c.schedule, p.time_zone
     FROM run_actions a JOIN campaigns c ON c.id = a.campaign_id JOIN enrollments e ON e.id = a.enrollment_id JOIN prospects p ON p.id = e.prospect_id
     WHERE a.campaign_id = $1 AND a.status = 'scheduled' AND a.not_before < $2 AND a.sender_account_id IS NOT NULL
     ORDER BY a.not_before, a.id FOR UPDATE OF a`,
    [campaignId, ts(now)],
  );
  const gate = new GateSession(tx);
  let moved = 0;
  for (const action of stale.rows) {
    const definition = nodeDefinition(action.type);
    if (definition?.window !== true) continue;
    if (action.limit_kind && action.quota_day) await gate.release(action.sender_account_id, action.limit_kind, action.quota_day);
    const request = {
      accountId: action.sender_account_id,
      kind: definition.limitKind,
      schedule: action.schedule,
      windowZone: windowZone(action.schedule, action.time_zone),
    };
    let at = now;
    let verdict: GateVerdict = { ok: false, retryAt: now, why: 'window' };
    for (let i = 0; i < MAX_TRIES && !verdict.ok; i++) {
      verdict = await passGate(gate, { ...request, now: at, spacingMs: drawSpacing(pacing) });
      if (!verdict.ok) at = verdict.retryAt;
    }
    const slot = verdict.ok ? verdict.slot : at;
    const quotaDay = verdict.ok ? verdict.quotaDay : null;
    await tx.query('UPDATE run_actions SET not_before = $2, quota_day = $3, limit_kind = $4 WHERE id = $1', [
      action.id,
      ts(slot),
      quotaDay,
      quotaDay === null ? null : definition.limitKind,
    ]);
    await tx.query(
      `UPDATE enrollment_steps s SET scheduled_for = $2 FROM enrollments e WHERE e.id = $1 AND s.position = e.open_step AND s.action_id = $3`,
      [action.enrollment_id, ts(slot), action.id],
    );
    moved++;
  }
  await gate.flush();
  return moved;
}
