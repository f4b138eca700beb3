import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { engineDbPerFile } from '../testing/engine-db';
import { seedRun, visitOnlyGraph } from '../testing/runs';
import { notifyRunMoved, RUN_MOVED_CHANNEL } from './progress-notice';

/**
 * Contract 9.5 run.progress (issue 33 item 9): a campaign's notice goes out at most once a second
 * across processes (with DATABASE_URL, two pools), and the throttle is written in the transaction that
 * moved it, so a transaction rolled back and run again still sends its notice. Times are the engine's
 * clock as the transactions read it.
 */

const db = engineDbPerFile();
const T = Date.parse('2026-03-02T08:00:00Z');
const heard: string[] = [];
let stop: () => Promise<void>;
let campaignId: string;
let other: Db;

beforeAll(async () => {
  campaignId = (await seedRun(db, { graph: visitOnlyGraph(), prospects: 0 })).campaignId;
  other = await db.openAnother();
  stop = await db.listen(RUN_MOVED_CHANNEL, (payload) => heard.push(payload));
});
afterAll(() => stop?.());

/** The notices heard since the last call: a marker sent after them arrives after them. */
async function noticesSinceLast(): Promise<number> {
  const marker = `marker-${Math.random()}`;
  await db.query('SELECT pg_notify($1, $2)', [RUN_MOVED_CHANNEL, marker]);
  for (let i = 0; i < 500 && !heard.includes(marker); i++) await new Promise((r) => setTimeout(r, 10));
  const notices = heard.splice(0).filter((p) => p === campaignId).length;
  return notices;
}

const moved = (on: Db, at: number) => on.transaction((tx) => notifyRunMoved(tx, [campaignId], at));

describe('the run.progress notice', () => {
  it('goes out at most once a second per campaign, whichever process moved it', async () => {
    await noticesSinceLast();
    await moved(db, T);
    expect(await noticesSinceLast()).toBe(1);
    await moved(other, T + 500);
    await moved(db, T + 999);
    expect(await noticesSinceLast()).toBe(0);
    await moved(other, T + 1000);
    expect(await noticesSinceLast()).toBe(1);
  });

  it('is not swallowed by a transaction that rolled back and ran again', async () => {
    await expect(
      db.transaction(async (tx) => {
        await notifyRunMoved(tx, [campaignId], T + 5000);
        throw new Error('lost a race: run again');
      }),
    ).rejects.toThrow('run again');
    expect(await noticesSinceLast()).toBe(0);
    await moved(db, T + 5000);
    expect(await noticesSinceLast()).toBe(1);
  });
});
