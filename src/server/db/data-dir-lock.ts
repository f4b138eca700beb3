import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes on one directory silently
 * lose writes: the server holds `server.lock` (its pid) while it runs; the admin CLI refuses then.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by a running server (pid ${pid}). Stop the server first, then run this command again.`,
    );
  }
}

const lockPath = (dataDir: string) => join(dataDir, 'server.lock');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid holding the data directory, or null when it is free (a stale lock of a dead process is free). */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock for this process; throws DataDirLockedError when a live process holds it. Returns the release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const holder = lockHolder(dataDir);
  if (holder !== null) throw new DataDirLockedError(holder, dataDir);
  writeFileSync(lockPath(dataDir), String(process.pid));
  return () => {
    try {
      if (readFileSync(lockPath(dataDir), 'utf8').trim() === String(process.pid)) rmSync(lockPath(dataDir));
    } catch {
      /* already gone */
    }
  };
}
