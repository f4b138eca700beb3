import { describe, expect, it } from 'vitest';
import { batcher } from './batcher';

describe('batcher', () => {
  it('runs calls that arrive together as one batch and gives each caller its own result', async () => {
    const batches: number[][] = [];
    const double = batcher(
      async (items: readonly number[]) => {
        batches.push([...items]);
        return items.map((n) => n * 2);
      },
      { max: 10, waitMs: 5 },
    );
    await expect(Promise.all([double(1), double(2), double(3)])).resolves.toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('runs a full batch at once, one batch at a time, and the rest in the next', async () => {
    const batches: number[][] = [];
    let running = 0;
    const echo = batcher(
      async (items: readonly number[]) => {
        running++;
        expect(running).toBe(1);
        batches.push([...items]);
        await Promise.resolve();
        running--;
        return items;
      },
      { max: 2, waitMs: 60_000 },
    );
    const results = Promise.all([echo(1), echo(2), echo(3), echo(4)]);
    await expect(results).resolves.toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('rejects every caller of a batch that failed, and the next batch runs', async () => {
    let fail = true;
    const run = batcher(
      async (items: readonly string[]) => {
        if (fail) throw new Error('the batch failed');
        return items;
      },
      { max: 2, waitMs: 60_000 },
    );
    const failed = [run('a'), run('b')];
    for (const call of failed) await expect(call).rejects.toThrow('the batch failed');
    fail = false;
    await expect(Promise.all([run('c'), run('d')])).resolves.toEqual(['c', 'd']);
  });

  it('with isolateFailures, runs a failed batch again item by item so only the bad item fails', async () => {
    const batches: number[][] = [];
    const run = batcher(
      async (items: readonly number[]) => {
        batches.push([...items]);
        if (items.includes(13)) throw new Error('bad item');
        return items;
      },
      { max: 10, waitMs: 1, isolateFailures: true },
    );
    const results = await Promise.allSettled([run(1), run(13), run(2)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });
});
