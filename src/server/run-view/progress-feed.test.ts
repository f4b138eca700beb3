import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunProgress } from '../../domain/contract/runs';
import type { Db } from '../db/types';
import { runProgressFeed } from './progress-feed';

/**
 * Contract 9.5 run.progress reaches a stream at most once a second per campaign (issue 33 item 9: two
 * sends 8–22 ms apart were seen when a notice came while the run body was being read).
 */

let notify: (payload: string) => void = () => undefined;
const db = {
  listen: async (_channel: string, onNotify: (payload: string) => void) => ((notify = onNotify), async () => undefined),
} as unknown as Db;

/** Each read answers a new body once the test resolves it. */
let reads: { resolve: () => void }[] = [];
let n = 0;
const readRun = () =>
  new Promise<RunProgress>((resolve) => {
    const body = { n: ++n } as unknown as RunProgress;
    reads.push({ resolve: () => resolve(body) });
  });

beforeEach(() => {
  vi.useFakeTimers();
  reads = [];
});
afterEach(() => vi.useRealTimers());

describe('the run.progress feed', () => {
  it('never sends one campaign’s run twice within a second, even when a notice comes during a read', async () => {
    const sentAt: number[] = [];
    const feed = runProgressFeed(db, { actionSpacingS: 0 }, readRun);
    await feed.subscribe('w', 'c', () => sentAt.push(Date.now()));
    notify('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(1);
    // The read takes a while; notices keep coming meanwhile.
    await vi.advanceTimersByTimeAsync(900);
    notify('c');
    reads.shift()!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(sentAt).toHaveLength(1);
    for (let ms = 0; ms < 5_000; ms += 10) {
      if (reads.length > 0) reads.shift()!.resolve();
      if (ms % 100 === 0) notify('c');
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(sentAt.length).toBeGreaterThan(3);
    const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  });
});
