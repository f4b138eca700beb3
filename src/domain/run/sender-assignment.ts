import type { SenderAssignment } from '../contract/campaigns';

/**
 * Contract 10.2 sender assignment: which of a campaign's senders each new enrollment gets, once
 * (sticky). `least_loaded` (9.2's rule): the sender with the fewest unfinished enrollments;
 * `round_robin`: each sender in turn from the campaign's turn; `by_field`: the sender whose account id
 * or name is the prospect's value of the field (case-insensitive), else least_loaded.
 */

/** Prospect fields a sender may be named in (a custom field's name is the other choice). */
export const SENDER_FIELDS = ['name', 'headline', 'company', 'email'] as const;
const CUSTOM_FIELD_NAME = /^[\p{L}\p{N}_][\p{L}\p{N}_ -]*$/u;

/** True for a field `by_field` can read: a prospect field or a custom field's name. */
export const isSenderField = (field: string): boolean =>
  (SENDER_FIELDS as readonly string[]).includes(field) || CUSTOM_FIELD_NAME.test(field);

export interface SenderChoice {
  readonly accountId: string;
  readonly name: string;
  /** Unfinished enrollments it has now. */
  readonly load: number;
}

/** A prospect as assignment reads it: its fields and custom fields. */
export interface AssignedProspect {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly customFields: Readonly<Record<string, unknown>>;
}

/**
 * The sender of each prospect, in order (null when the campaign has none of the channel), and the
 * campaign's next round-robin turn.
 */
export function assignSenders(
  strategy: SenderAssignment,
  senders: readonly SenderChoice[],
  prospects: readonly AssignedProspect[],
  options: { field: string | null; turn: number },
): { senders: (string | null)[]; turn: number } {
  const loads = new Map(senders.map((s) => [s.accountId, s.load]));
  const byKey = new Map<string, string>();
  for (const s of senders) {
    byKey.set(s.accountId.toLowerCase(), s.accountId);
    if (!byKey.has(s.name.trim().toLowerCase())) byKey.set(s.name.trim().toLowerCase(), s.accountId);
  }
  const take = (id: string) => {
    loads.set(id, loads.get(id)! + 1);
    return id;
  };
  const leastLoaded = (): string | null => {
    let best: string | null = null;
    for (const [id, load] of loads) if (best === null || load < loads.get(best)!) best = id;
    return best === null ? null : take(best);
  };
  let turn = options.turn;
  const out = prospects.map((p) => {
    if (senders.length === 0) return null;
    if (strategy === 'round_robin') return take(senders[turn++ % senders.length]!.accountId);
    if (strategy === 'by_field' && options.field !== null) {
      const value = options.field in p.fields ? p.fields[options.field] : p.customFields[options.field];
      const named = typeof value === 'string' || typeof value === 'number' ? byKey.get(String(value).trim().toLowerCase()) : undefined;
      if (named !== undefined) return take(named);
    }
    return leastLoaded();
  });
  return { senders: out, turn: senders.length === 0 ? turn : turn % senders.length };
}
