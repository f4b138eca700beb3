import { RUN_PROGRESS_INTERVAL_MS, type RunProgress } from '../../domain/contract/runs';
import { listenFanOut } from '../db/listen-fan-out';
import type { Db, Queryable } from '../db/types';
import { RUN_MOVED_CHANNEL } from '../runs/progress-notice';
import { campaignRun, type RunViewConfig } from './progress';

/**
 * Contract 9.5 `run.progress`: the engine's transactions notify that a campaign moved (at most once
 * a second per campaign, runs/progress-notice.ts); each process with open streams of that campaign
 * then reads the run body and sends it when it changed — never two sends of a campaign within a
 * second (a read starts a second after the last read or send), and once more a second later while it
 * keeps changing, so moves whose notice was throttled are still sent.
 */

type Send = (run: RunProgress) => void;

interface Watched {
  workspaceId: string;
  subscribers: Set<Send>;
  timer?: ReturnType<typeof setTimeout>;
  /** A read is under way: a notice now asks for one more after it. */
  reading: boolean;
  again: boolean;
  /** When the last read started or the last send went out, whichever is later. */
  lastAt: number;
  lastBody?: string;
}

export interface RunProgressFeed {
  /** Calls `onProgress` with the run body whenever that campaign's run moves (≤ 1/s); resolves once listening. The result unsubscribes. */
  subscribe(workspaceId: string, campaignId: string, onProgress: Send): Promise<() => void>;
}

type ReadRun = (db: Queryable, workspaceId: string, campaignId: string) => Promise<RunProgress>;

/**
 * One LISTEN per process (db/listen-fan-out.ts), one refresh timer per watched campaign. The run body
 * is read with the server's configuration (the forecast keeps its ACTION_SPACING_S), or by `readRun`.
 */
export function runProgressFeed(
  db: Db,
  config: RunViewConfig,
  readRun: ReadRun = (q, workspaceId, campaignId) => campaignRun(q, workspaceId, campaignId, config),
): RunProgressFeed {
  const moved = listenFanOut(db, RUN_MOVED_CHANNEL, (campaignId) => ({ key: campaignId, value: campaignId }));
  const watched = new Map<string, Watched>();

  const refresh = async (campaignId: string, entry: Watched) => {
    entry.timer = undefined;
    entry.reading = true;
    entry.lastAt = Date.now();
    let run: RunProgress | undefined;
    try {
      run = await readRun(db, entry.workspaceId, campaignId);
    } catch {
      // The campaign was deleted, or the database is closing: nothing to send.
    }
    entry.reading = false;
    if (run === undefined || watched.get(campaignId) !== entry) return;
    const body = JSON.stringify(run);
    if (body !== entry.lastBody) {
      entry.lastBody = body;
      entry.lastAt = Date.now();
      for (const send of entry.subscribers) send(run);
      entry.again = true; // it moved: look again in a second, until it stands still
    }
    if (entry.again) poke(campaignId);
  };

  const poke = (campaignId: string) => {
    const entry = watched.get(campaignId);
    if (!entry || entry.timer) return;
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.again = false;
    const delay = Math.max(0, entry.lastAt + RUN_PROGRESS_INTERVAL_MS - Date.now());
    entry.timer = setTimeout(() => void refresh(campaignId, entry), delay);
    entry.timer.unref?.();
  };

  return {
    async subscribe(workspaceId, campaignId, onProgress) {
      const entry = watched.get(campaignId) ?? { workspaceId, subscribers: new Set<Send>(), reading: false, again: false, lastAt: 0 };
      watched.set(campaignId, entry);
      entry.subscribers.add(onProgress);
      const unsubscribe = () => {
        entry.subscribers.delete(onProgress);
        if (entry.subscribers.size > 0 || watched.get(campaignId) !== entry) return;
        clearTimeout(entry.timer);
        watched.delete(campaignId);
      };
      let stopListening: () => void;
      try {
        stopListening = await moved.subscribe(campaignId, poke);
      } catch (err) {
        unsubscribe();
        throw err;
      }
      return () => {
        stopListening();
        unsubscribe();
      };
    },
  };
}
