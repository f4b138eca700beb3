import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processStat } from './db/data-dir-lock';
import { childEnv, startServerProcess, type ServerProcess } from './testing/processes';

/**
 * Crash and restart, as real processes on their own embedded data directory: a restart right after `kill -9`
 * (the killed server still a zombie, its pid alive to signal 0), and SIGTERM racing keep-alive
 * connections — in-flight requests are answered with `Connection: close`, nobody gets ECONNRESET.
 */

const KEY = `shutdown-test-key-${'y'.repeat(24)}`;
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((f) => f()));

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-edge-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status?: number;
  connection?: string;
  error?: string;
}

/** A POST /mcp tools/list over `agent` whose body is sent in two parts: `finish()` sends the rest. */
function splitCall(url: string, agent: Agent): { finish(): void; answer: Promise<Answer> } {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const req = request(`${url}/mcp`, {
    method: 'POST',
    agent,
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  });
  const answer = new Promise<Answer>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

function get(url: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${url}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

describe('server process edges', () => {
  it.skipIf(processStat(process.pid) === undefined)(
    'restarts at once after kill -9 while the killed server is still a zombie',
    async () => {
      const dir = dataDir();
      const env = { ...childEnv(dir, { DEMO_DATA: '0' }), PORT: '0', HOST: '127.0.0.1' };
      // `exec sleep` replaces the shell: the server's parent never reaps it, so after kill -9 it stays a zombie.
      const wrapper = spawn('sh', ['-c', `"${process.execPath}" --import tsx src/server/cli-serve.ts & exec sleep 300`], {
        cwd: new URL('../../', import.meta.url).pathname,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cleanups.push(() => wrapper.kill('SIGKILL'));
      let out = '';
      wrapper.stdout.on('data', (d) => (out += d));
      wrapper.stderr.on('data', (d) => (out += d));
      for (const start = Date.now(); !/listening on/.test(out); await pause(50))
        if (Date.now() - start > 90_000) throw new Error(`first server did not start:\n${out}`);

      const pid = Number(readFileSync(join(dir, 'server.lock'), 'utf8').split(' ')[0]);
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 200 && processStat(pid)?.state !== 'Z'; i++) await pause(10);
      expect(processStat(pid)?.state).toBe('Z');
      expect(() => process.kill(pid, 0)).not.toThrow(); // alive to the old check

      // A zombie taken for a live server is refused at once ("in use"): a start that listens proves it was not.
      const second = await startServerProcess(childEnv(dir, { DEMO_DATA: '0' }));
      cleanups.push(() => second.child.kill('SIGKILL'));
      expect(second.output()).not.toMatch(/in use/);
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    },
    180_000,
  );

  it('SIGTERM: in-flight requests finish with Connection: close, idle keep-alive sockets are closed, nobody gets ECONNRESET', async () => {
    const server: ServerProcess = await startServerProcess(childEnv(dataDir(), { DEMO_API_KEY: KEY }));
    cleanups.push(() => server.child.kill('SIGKILL'));
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    cleanups.push(() => agent.destroy());

    // Eight keep-alive sockets, then four of them carry a request in flight and four sit idle.
    expect((await Promise.all(Array.from({ length: 8 }, () => get(server.url, agent)))).every((a) => a.status === 200)).toBe(true);
    const inFlight = Array.from({ length: 4 }, () => splitCall(server.url, agent));
    await pause(300);
    server.child.kill('SIGTERM');
    // The server says it is stopping once it no longer accepts connections (however busy the machine).
    await server.waitForOutput(/SIGTERM: finishing/, 30_000);
    inFlight.forEach((c) => c.finish());
    const answers = await Promise.all(inFlight.map((c) => c.answer));
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 200, connection: 'close' })));

    // The client reuses nothing the server closed: new requests find the port closed, none is reset.
    const after = await Promise.all(Array.from({ length: 8 }, () => get(server.url, agent)));
    expect(after.map((a) => a.error)).toEqual(Array.from({ length: 8 }, () => 'ECONNREFUSED'));
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
