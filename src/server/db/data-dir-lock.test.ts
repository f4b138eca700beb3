import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockHolder, processStat } from './data-dir-lock';

const dir = mkdtempSync(join(tmpdir(), 'cs-lock-'));
const lockFile = join(dir, 'server.lock');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A zombie: `sleep 0` exits at once and its parent (`exec sleep 30`) never reaps it. Returns its pid and a cleanup. */
async function zombie(): Promise<{ pid: number; done(): void }> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  for (let i = 0; i < 200 && processStat(pid)?.state !== 'Z'; i++) await new Promise((r) => setTimeout(r, 10));
  return { pid, done: () => parent.kill('SIGKILL') };
}

describe.skipIf(processStat(process.pid) === undefined)('data-directory lock (Linux /proc)', () => {
  it('records the pid and its start time, and refuses a second holder while the first lives', () => {
    const release = acquireDataDirLock(dir);
    try {
      const other = process.ppid;
      writeFileSync(lockFile, `${other} ${processStat(other)!.startTime}`);
      expect(lockHolder(dir)).toBe(other);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      release();
    }
  });

  it('a reused pid (a live process started at another time) does not hold the lock', () => {
    writeFileSync(lockFile, `${process.ppid} 1`);
    expect(lockHolder(dir)).toBeNull();
    acquireDataDirLock(dir)();
  });

  it('a zombie (killed, not reaped) does not hold the lock, although signal 0 still reaches it', async () => {
    const z = await zombie();
    try {
      expect(processStat(z.pid)?.state).toBe('Z');
      expect(() => process.kill(z.pid, 0)).not.toThrow(); // what the old liveness check trusted
      writeFileSync(lockFile, String(z.pid)); // the old format (pid only) too
      expect(lockHolder(dir)).toBeNull();
      writeFileSync(lockFile, `${z.pid} ${processStat(z.pid)!.startTime}`);
      expect(lockHolder(dir)).toBeNull();
    } finally {
      z.done();
    }
  });

  it('a pid with no process does not hold the lock', () => {
    writeFileSync(lockFile, '2147483646 5');
    expect(lockHolder(dir)).toBeNull();
  });
});
