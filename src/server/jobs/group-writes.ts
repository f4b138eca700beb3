/**
 * Group commit for a job source's outcomes: `add` resolves once its item is written. The first item
 * waits `windowMs` for others (items started together finish together: one write, and their slots
 * free at once, so the next claim fills them all); items added while a write runs go in the next
 * one, at most `max` per write. When a group's write fails, each of its items is written alone, so
 * one bad item fails only its own `add`.
 */
export function groupWrites<T>(
  write: (items: T[]) => Promise<void>,
  { max, windowMs }: { max: number; windowMs: number },
): (item: T) => Promise<void> {
  interface Waiting {
    item: T;
    resolve: () => void;
    reject: (err: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let writing = false;

  const writeGroup = async (group: Waiting[]): Promise<void> => {
    try {
      await write(group.map((g) => g.item));
      for (const g of group) g.resolve();
    } catch (err) {
      if (group.length === 1) return group[0].reject(err);
      for (const g of group) await writeGroup([g]);
    }
  };

  const drain = async () => {
    while (waiting.length > 0) {
      const group = waiting.slice(0, max);
      waiting = waiting.slice(max);
      await writeGroup(group);
    }
    writing = false;
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (writing) return;
      writing = true;
      setTimeout(() => void drain(), windowMs);
    });
}
