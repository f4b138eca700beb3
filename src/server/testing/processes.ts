import { spawn, type ChildProcess } from 'node:child_process';

/** Child processes for the tests that need a real process: admin CLI, server start/stop/crash. */

const ROOT = new URL('../../../', import.meta.url).pathname;

/** Env for children: the embedded database in `dataDir` (never the suite's PostgreSQL server). */
export const childEnv = (dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ...extra,
});

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry with tsx (one node process, so signals reach it directly). */
export function runTs(entry: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything printed so far. */
  output(): string;
  /** Resolves once the output matches (lines after "listening on" may arrive a moment later). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `src/server/cli-serve.ts` on a free port and waits for its "listening on" line; `nodeArgs`
 * go to node before the entry (a bench's `--cpu-prof` or preload).
 */
export function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 90_000, nodeArgs: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/server/cli-serve.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        const waitForOutput = async (pattern: RegExp, waitMs = 5_000) => {
          for (const start = Date.now(); !pattern.test(out);) {
            if (Date.now() - start > waitMs) throw new Error(`no ${pattern} in output:\n${out}`);
            await new Promise((r) => setTimeout(r, 20));
          }
          return out;
        };
        resolve({ child, url: match[1], output: () => out, waitForOutput, exited });
      }
    };
    child.stdout!.on('data', check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
}
