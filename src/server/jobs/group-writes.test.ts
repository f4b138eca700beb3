import { describe, expect, it } from 'vitest';
import { groupWrites } from './group-writes';

describe('groupWrites', () => {
  it('writes items added within the window together, and items added during a write in the next one', async () => {
    const writes: number[][] = [];
    let release = () => {};
    const add = groupWrites<number>(
      async (items) => {
        writes.push(items);
        if (writes.length === 1) await new Promise<void>((r) => (release = r));
      },
      { max: 2, windowMs: 5 },
    );
    const first = [add(1), add(2), add(3)];
    await new Promise((r) => setTimeout(r, 20));
    const later = [add(4), add(5)];
    release();
    await Promise.all([...first, ...later]);
    expect(writes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when a group fails, writes each item alone so only the bad one fails', async () => {
    const add = groupWrites<number>(
      async (items) => {
        if (items.includes(13)) throw new Error('bad item');
      },
      { max: 10, windowMs: 1 },
    );
    const results = await Promise.allSettled([add(1), add(13), add(2)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
