import { describe, expect, it } from 'vitest';
import { engineDbPerFile } from '../testing/engine-db';
import { GateSession, QuotaRaced, withQuotaRetry } from './gate';
import { seedRun, visitOnlyGraph } from '../testing/runs';

/**
 * Contract 9.3 sender limits counted exactly: an optimistic gate session (the engine's own
 * transactions) never gives more slots than the day has left, however other transactions took
 * theirs meanwhile. Another transaction's commit is played here by a write inside the session's
 * own transaction, between its read and its flush.
 */

const db = engineDbPerFile();
const LIMIT = 20;
const DAY = '2026-03-02';

async function senderWith(used: number): Promise<string> {
  const run = await seedRun(db, { graph: visitOnlyGraph(), prospects: 1, dailyLimits: { profile_visit: LIMIT } });
  await db.query(`INSERT INTO sender_quota (account_id, kind, day, used) VALUES ($1, 'profile_visit', $2, $3)`, [run.accountId, DAY, used]);
  return run.accountId;
}

const usedOf = async (accountId: string) =>
  (
    await db.query<{ used: number }>(`SELECT used FROM sender_quota WHERE account_id = $1 AND kind = 'profile_visit' AND day = $2`, [
      accountId,
      DAY,
    ])
  ).rows[0]!.used;

const takeAll = async (session: GateSession, accountId: string, tries: number) => {
  let taken = 0;
  for (let i = 0; i < tries; i++) if ((await session.take(accountId, 'profile_visit', DAY)).ok) taken++;
  return taken;
};

describe('the send gate’s optimistic day quota', () => {
  it('adds its slots at flush when the day still has them', async () => {
    const accountId = await senderWith(15);
    await db.transaction(async (tx) => {
      const session = new GateSession(tx, true);
      expect(await takeAll(session, accountId, 8)).toBe(5);
      await session.flush();
    });
    expect(await usedOf(accountId)).toBe(LIMIT);
  });

  it('runs again, locking, when another transaction took the slots it counted on', async () => {
    const accountId = await senderWith(15);
    const granted: number[] = [];
    await withQuotaRetry((optimistic) =>
      db.transaction(async (tx) => {
        const othersTake = () => tx.query(`UPDATE sender_quota SET used = used + 4 WHERE account_id = $1 AND day = $2`, [accountId, DAY]);
        // Another process's commit of 4 of the 5 slots left: before the locking run reads (the rollback does not undo it).
        if (!optimistic) await othersTake();
        const session = new GateSession(tx, optimistic);
        const taken = await takeAll(session, accountId, 3);
        // Between the optimistic run's read and its flush.
        if (optimistic) await othersTake();
        granted.push(taken);
        await session.flush();
      }),
    );
    // First 3 counted on, refused at flush; the locking run gets the one slot left.
    expect(granted).toEqual([3, 1]);
    expect(await usedOf(accountId)).toBe(LIMIT);
  });

  it('reads the locked row again before saying a day is full (a slot given back meanwhile is used)', async () => {
    const accountId = await senderWith(19);
    await db.transaction(async (tx) => {
      const session = new GateSession(tx, true);
      expect(await takeAll(session, accountId, 1)).toBe(1);
      await tx.query(`UPDATE sender_quota SET used = used - 2 WHERE account_id = $1 AND day = $2`, [accountId, DAY]);
      expect(await takeAll(session, accountId, 5)).toBe(2);
      await session.flush();
    });
    expect(await usedOf(accountId)).toBe(LIMIT);
  });

  it('refuses its transaction when the locked row shows more slots counted on than the day has', async () => {
    const accountId = await senderWith(15);
    await expect(
      db.transaction(async (tx) => {
        const session = new GateSession(tx, true);
        expect(await takeAll(session, accountId, 5)).toBe(5);
        await tx.query(`UPDATE sender_quota SET used = used + 3 WHERE account_id = $1 AND day = $2`, [accountId, DAY]);
        await session.take(accountId, 'profile_visit', DAY);
      }),
    ).rejects.toBeInstanceOf(QuotaRaced);
    expect(await usedOf(accountId)).toBe(15);
  });
});
