import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * What the kernel says about a process: its state letter and start time (clock ticks since boot),
 * from /proc/<pid>/stat on Linux; null when there is no such process; undefined without /proc.
 */
export function processStat(pid: number): { state: string; startTime: string } | null | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    return existsSync('/proc/self/stat') ? null : undefined;
  }
  // "pid (comm) state ppid … starttime …": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], startTime: fields[19] };
}

/**
 * The lock names the process by pid AND start time: a zombie (killed, not yet reaped by its parent)
 * or a new process that reuses the pid does not hold it. Without /proc, a signal-0 probe decides.
 */
function holds(pid: number, startTime: string | undefined): boolean {
  const stat = processStat(pid);
  if (stat === null) return false;
  if (stat !== undefined) return stat.state !== 'Z' && stat.state !== 'X' && (startTime === undefined || stat.startTime === startTime);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the data directory, or null when it is free (a stale lock of a dead process is free). */
export function lockHolder(dataDir: string): number | null {
  try {
    const [pidText, startTime] = readFileSync(lockPath(dataDir), 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && holds(pid, startTime) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock for this process; throws DataDirLockedError when a live process holds it. Returns the release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const holder = lockHolder(dataDir);
  if (holder !== null) throw new DataDirLockedError(holder, dataDir);
  const stat = processStat(process.pid);
  writeFileSync(lockPath(dataDir), stat ? `${process.pid} ${stat.startTime}` : String(process.pid));
  return () => {
    try {
      if (readFileSync(lockPath(dataDir), 'utf8').trim().split(/\s+/)[0] === String(process.pid)) rmSync(lockPath(dataDir));
    } catch {
      /* already gone */
    }
  };
}
