import { RUN_PROGRESS_INTERVAL_MS, type RunProgress } from '../../domain/contract/runs';
import type { Db, Queryable } from '../db/types';
import { campaignRun, type RunViewConfig } from './progress';

/**
 * Contract 9.5 `run.progress`: the run engine's transactions call `notifyRunMoved` when an enrollment
 * moves; the NOTIFY (sent on commit, to every process) only says "this campaign moved". Each process
 * with open streams of that campaign then reads the run body at most once a second, and once more a
 * second later while the body keeps changing, so moves whose notice was throttled are still sent.
 */

export const RUN_MOVED_CHANNEL = 'run_progress';

/** Per process: when each campaign's last notice went out (at most one a second each). */
const lastNotice = new Map<string, number>();

/** In an engine transaction that moved an enrollment of `campaignId`: tell every process (on commit), throttled to one notice a second. */
export async function notifyRunMoved(tx: Queryable, campaignId: string, now = Date.now()): Promise<void> {
  const last = lastNotice.get(campaignId);
  if (last !== undefined && now - last < RUN_PROGRESS_INTERVAL_MS) return;
  lastNotice.set(campaignId, now);
  if (lastNotice.size > 10_000) lastNotice.clear(); // bounded: forgetting only allows one extra notice
  await tx.query('SELECT pg_notify($1, $2)', [RUN_MOVED_CHANNEL, campaignId]);
}

type Send = (run: RunProgress) => void;

interface Watched {
  workspaceId: string;
  subscribers: Set<Send>;
  timer?: ReturnType<typeof setTimeout>;
  lastSentAt: number;
  lastBody?: string;
}

export interface RunProgressFeed {
  /** Calls `onProgress` with the run body whenever that campaign's run moves (≤ 1/s); resolves once listening. The result unsubscribes. */
  subscribe(workspaceId: string, campaignId: string, onProgress: Send): Promise<() => void>;
}

/** One LISTEN per process (opened by the first subscriber), one refresh timer per watched campaign. */
export function runProgressFeed(db: Db, config: RunViewConfig): RunProgressFeed {
  const watched = new Map<string, Watched>();
  let listening: Promise<unknown> | undefined;

  const refresh = async (campaignId: string, entry: Watched) => {
    entry.timer = undefined;
    let run: RunProgress;
    try {
      run = await campaignRun(db, entry.workspaceId, campaignId, config);
    } catch {
      return; // the campaign was deleted, or the database is closing: nothing to send
    }
    entry.lastSentAt = Date.now();
    const body = JSON.stringify(run);
    if (body === entry.lastBody || watched.get(campaignId) !== entry) return;
    entry.lastBody = body;
    for (const send of entry.subscribers) send(run);
    poke(campaignId); // it moved: look again in a second, until it stands still
  };

  const poke = (campaignId: string) => {
    const entry = watched.get(campaignId);
    if (!entry || entry.timer) return;
    const delay = Math.max(0, entry.lastSentAt + RUN_PROGRESS_INTERVAL_MS - Date.now());
    entry.timer = setTimeout(() => void refresh(campaignId, entry), delay);
    entry.timer.unref?.();
  };

  return {
    async subscribe(workspaceId, campaignId, onProgress) {
      const entry = watched.get(campaignId) ?? { workspaceId, subscribers: new Set<Send>(), lastSentAt: 0 };
      watched.set(campaignId, entry);
      entry.subscribers.add(onProgress);
      const unsubscribe = () => {
        entry.subscribers.delete(onProgress);
        if (entry.subscribers.size > 0 || watched.get(campaignId) !== entry) return;
        clearTimeout(entry.timer);
        watched.delete(campaignId);
      };
      try {
        await (listening ??= db.listen(RUN_MOVED_CHANNEL, poke).catch((err: unknown) => {
          listening = undefined; // the next subscriber tries again
          throw err;
        }));
      } catch (err) {
        unsubscribe();
        throw err;
      }
      return unsubscribe;
    },
  };
}
