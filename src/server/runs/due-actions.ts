/**
 * The two ways an action is due to be offered (contract 9.3/9.4), as SQL on alias `a` ($1 = now):
 * a lease that ran out (a crashed offer, older work, first) and a scheduled action whose slot came.
 * Each is claimed by its own query, an ordered scan of its partial index that stops at the limit:
 * one query with an OR of both reads and sorts the whole due backlog on every claim (40 ms at
 * 3,000 due actions).
 */
export const DUE_ACTION_WAYS = [
  { due: `a.status = 'offered' AND a.lease_until <= $1`, order: 'a.lease_until' },
  { due: `a.status = 'scheduled' AND a.not_before <= $1`, order: 'a.not_before' },
] as const;

export type DueWay = (typeof DUE_ACTION_WAYS)[number];

/** Reads due rows way by way (`read` with what is left of the limit), up to `limit` in all. */
export async function readDueWays<T>(limit: number, read: (way: DueWay, left: number) => Promise<readonly T[]>): Promise<T[]> {
  const due: T[] = [];
  for (const way of DUE_ACTION_WAYS) {
    if (due.length >= limit) break;
    due.push(...(await read(way, limit - due.length)));
  }
  return due;
}
