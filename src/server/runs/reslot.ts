import { nodeDefinition } from '../../domain/catalog';
import { windowZone } from '../../domain/run/windows';
import type { Queryable } from '../db/types';
import { moveSlot, passedSlots } from './action-slots';
import type { EngineSettings } from './engine-deps';
import { drawSpacing, GateSession, passGate, type GateVerdict } from './gate';

// A year of full days: past it the sender's limits leave no slot, and the action waits at the last instant tried.
const MAX_TRIES = 366;

/**
 * Contract 9.3 "a resume never bursts": in the resume transaction, each in-window action of the campaign
 * whose slot passed while it was paused goes through the send gate again from now, in slot order,
 * keeping its actionId: its quota slot is given back and taken on the new slot's day, and one sender's
 * actions are again one spacing apart inside the window. The number of actions moved.
 */
export async function reslotPausedActions(tx: Queryable, campaignId: string, settings: EngineSettings, now: number): Promise<number> {
  const stale = await passedSlots(tx, campaignId, now);
  const gate = new GateSession(tx);
  let moved = 0;
  for (const action of stale) {
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
      verdict = await passGate(gate, { ...request, now: at, spacingMs: drawSpacing(settings) });
      if (!verdict.ok) at = verdict.retryAt;
    }
    const slot = verdict.ok ? verdict.slot : at;
    const quotaDay = verdict.ok ? verdict.quotaDay : null;
    await moveSlot(tx, action, slot, quotaDay, quotaDay === null ? null : (definition.limitKind ?? null));
    moved++;
  }
  await gate.flush();
  return moved;
}
