import type { Db } from './types';

/**
 * The per-process fan-out of one `pg_notify` channel (contract 8.5 live changes, 9.5 run.progress):
 * one LISTEN per process, opened by the first subscriber (a failed one is tried again by the next),
 * each notification handed to the subscribers of its key in this process.
 */
export interface ChannelFanOut<T> {
  /** Calls `onValue` for every notification of `key` from now on; resolves once listening. The result unsubscribes. */
  subscribe(key: string, onValue: (value: T) => void): Promise<() => void>;
}

/** `parse` reads a payload as its key and value, or null to drop it. */
export function listenFanOut<T>(
  db: Pick<Db, 'listen'>,
  channel: string,
  parse: (payload: string) => { key: string; value: T } | null,
): ChannelFanOut<T> {
  const subscribers = new Map<string, Set<(value: T) => void>>();
  let listening: Promise<unknown> | undefined;
  const deliver = (payload: string) => {
    const parsed = parse(payload);
    if (parsed) for (const onValue of subscribers.get(parsed.key) ?? []) onValue(parsed.value);
  };
  return {
    async subscribe(key, onValue) {
      const set = subscribers.get(key) ?? new Set();
      subscribers.set(key, set.add(onValue));
      const unsubscribe = () => {
        set.delete(onValue);
        if (set.size === 0 && subscribers.get(key) === set) subscribers.delete(key);
      };
      try {
        await (listening ??= db.listen(channel, deliver).catch((err: unknown) => {
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
