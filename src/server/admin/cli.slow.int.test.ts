import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runAdminCli } from './cli';
import { childEnv, runTs } from '../testing/processes';

/** Contract 2 admin CLI, run as a real child process against its own embedded data directory. */

const dataDir = mkdtempSync(join(tmpdir(), 'cs-cli-'));
const admin = (...args: string[]) => runTs('src/server/admin/cli.ts', args, childEnv(dataDir));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.sequential('npm run admin', () => {
  it('creates a workspace (migrating a fresh data directory first) and prints JSON', async () => {
    const res = await admin('workspace', 'create', '--slug', 'acme', '--name', 'Acme Inc');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ workspaceId: expect.stringMatching(/^[0-9a-f-]{36}$/), slug: 'acme' });
  }, 180_000);

  it('creates a key for several workspaces by slug or id, and accounts', async () => {
    const second = JSON.parse((await admin('workspace', 'create', '--slug=beta')).stdout);
    const key = await admin('key', 'create', '--workspaces', `acme,${second.workspaceId}`);
    expect(key.code).toBe(0);
    expect(JSON.parse(key.stdout)).toEqual({ apiKey: expect.stringMatching(/^cs_/) });
    const account = await admin(
      'account',
      'create',
      '--workspace',
      'acme',
      '--channel',
      'professional_network',
      '--name',
      'Ada',
      '--premium',
    );
    expect(account.code).toBe(0);
    expect(JSON.parse(account.stdout)).toEqual({ accountId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  }, 180_000);

  it('exits 2 on bad usage, printing the usage and touching nothing', async () => {
    const res = await admin('workspace', 'create', '--slug', 'Not OK');
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/--slug "Not OK" must be lowercase[\s\S]*Usage/);
  }, 180_000);

  it('fails with exit 1 and a clear message for a duplicate slug or an unknown workspace', async () => {
    const dup = await admin('workspace', 'create', '--slug', 'acme');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already exists/);
    const unknown = await admin('key', 'create', '--workspaces', 'acme,ghost');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No workspace "ghost"/);
    expect(unknown.stdout).toBe('');
  }, 180_000);

  it('refuses while a server holds the data directory, and changes nothing', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dataDir, 'server.lock'), String(holder.pid));
      const res = await admin('workspace', 'create', '--slug', 'while-locked');
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/in use by a running server \(pid \d+\)\. Stop the server first/);
      expect(res.stdout).toBe('');
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.on('exit', resolve));
    }
    // The holder is gone: the stale lock no longer blocks, and the refused workspace does not exist.
    const check = await admin('key', 'create', '--workspaces', 'while-locked');
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/No workspace "while-locked"/);
  }, 180_000);
});

// Bad usage is refused before the database is opened: checked in-process (one spawned run above
// proves the exit code reaches the shell).
describe('npm run admin — bad usage', () => {
  it.each([
    ['no command', []],
    ['unknown resource', ['team', 'create']],
    ['unknown verb', ['workspace', 'delete', '--slug', 'x']],
    ['missing slug', ['workspace', 'create']],
    ['slug without value', ['workspace', 'create', '--slug']],
    ['bad slug', ['workspace', 'create', '--slug', 'Not OK']],
    ['unknown option', ['workspace', 'create', '--slug', 'x', '--color', 'red']],
    ['bad channel', ['account', 'create', '--workspace', 'acme', '--channel', 'fax', '--name', 'x']],
    ['missing name', ['account', 'create', '--workspace', 'acme', '--channel', 'messaging_app']],
    ['empty workspace list', ['key', 'create', '--workspaces', ',']],
  ])('%s → exit 2 with a message and the usage', async (_name, args) => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stdout = vi.spyOn(process.stdout, 'write');
    try {
      expect(await runAdminCli(args, childEnv(dataDir))).toBe(2);
      expect(stdout).not.toHaveBeenCalled();
      expect(String(stderr.mock.calls[0]?.[0])).toMatch(/Usage/);
    } finally {
      stderr.mockRestore();
      stdout.mockRestore();
    }
  });
});
