import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config';
import type { Queryable } from '../db/types';
import { wireServer } from '../main';
import { openEngineDb, type EngineDb } from './runs';

/**
 * The engine tests' database, one per test file: opened before its tests (embedded, or a fresh
 * PostgreSQL database with DATABASE_URL), closed and dropped after them. Use it inside tests/hooks.
 */
export function engineDbPerFile(): EngineDb {
  let opened: EngineDb | undefined;
  // A first embedded database builds its migrated image once (slow on a busy machine).
  beforeAll(async () => {
    // What resources call upward (the outbox's subscribers, the engine's hooks) is wired as the server wires it.
    wireServer(loadConfig({}));
    opened = await openEngineDb();
  }, 240_000);
  afterAll(async () => {
    await opened?.close();
  });
  const db = (): EngineDb => {
    if (!opened) throw new Error('The engine database opens before the tests of a file run.');
    return opened;
  };
  return {
    get kind() {
      return db().kind;
    },
    query: <T>(sql: string, params?: unknown[]) => db().query<T>(sql, params),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db().transaction<T>(fn),
    listen: (channel, onNotify) => db().listen(channel, onNotify),
    openAnother: () => db().openAnother(),
    close: () => db().close(),
  };
}
