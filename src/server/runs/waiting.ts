import type { WaitingReason } from '../../domain/contract/statuses';
import type { WaitEvent } from '../../domain/run/step';
import type { GateVerdict } from './gate';

/**
 * Contract 10.2 `waitingReason`, decided here and nowhere else: every engine write that decides an
 * enrollment's `next_step_at` (a move, a hold, a start, a claim, a slot moved) stores the reason this
 * function gives for the same state, so the counters per reason stay true at every move. What a
 * campaign's own status adds (`paused`, `not_started` before launch) is overlaid when read
 * (domain/run/waiting.ts `seenWaiting`).
 */
export type WaitState =
  /** Due now, or ended: not waiting. */
  | { readonly kind: 'moving' }
  /** Enrolled, its campaign not started yet. */
  | { readonly kind: 'enrolled' }
  /** Held for a sender removed from the campaign (contract 10.2). */
  | { readonly kind: 'held' }
  /** The send gate said no until later. */
  | { readonly kind: 'gate'; readonly why: Extract<GateVerdict, { ok: false }>['why'] }
  /** Its action has a slot: later (the sender's pace) or now (the executor's turn). */
  | { readonly kind: 'slot'; readonly at: number; readonly now: number }
  /** Its action was taken back (lowered limits, a sender gone): due again at the slot it had, the sender's pace. */
  | { readonly kind: 'taken_back' }
  /** Its action is with the executor, not yet decided. */
  | { readonly kind: 'offered' }
  /** A wait for events, a timeout, or both. */
  | { readonly kind: 'wait'; readonly on: readonly Pick<WaitEvent, 'event'>[] };

const OF_GATE: Readonly<Record<Extract<WaitState, { kind: 'gate' }>['why'], WaitingReason>> = {
  window: 'window_closed',
  weekly: 'weekly_limit',
  limit: 'daily_limit',
  warm_up: 'warm_up',
  // A rate-limited sender's cool-down is its pace too.
  cooldown: 'spacing',
};

export function waitingReason(state: WaitState): WaitingReason | null {
  switch (state.kind) {
    case 'moving':
      return null;
    case 'enrolled':
      return 'not_started';
    case 'held':
      return 'sender_removed';
    case 'gate':
      return OF_GATE[state.why];
    case 'slot':
      return state.at > state.now ? 'spacing' : 'executor';
    case 'taken_back':
      return 'spacing';
    case 'offered':
      return 'executor';
    case 'wait': {
      const events = state.on.map((e) => e.event);
      if (events.includes('invitation_accepted')) return 'waiting_for_acceptance';
      if (events.includes('message_received')) return 'waiting_for_reply';
      return events.length > 0 ? 'waiting_for_event' : 'delay';
    }
  }
}
