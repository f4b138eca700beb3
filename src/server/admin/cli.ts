import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/open';
import { createAccount, createApiKey, createWorkspace, SLUG_PATTERN, type Channel } from './ops';

/**
 * Contract 2 admin command line: `npm run admin -- <resource> create [flags]`, JSON on stdout,
 * messages on stderr. Exit 0 done, 1 refused or failed (nothing changed), 2 bad usage.
 * Uses DATA_DIR / DATABASE_URL like the server and migrates first (openDatabase does both); on
 * the embedded database it refuses while a server holds the data directory.
 */

const USAGE = `Usage (from the project root):
  npm run admin -- workspace create --slug <slug> [--name <name>]
  npm run admin -- key create --workspaces <slug-or-id>[,<slug-or-id>...]
  npm run admin -- account create --workspace <slug-or-id> --channel professional_network|messaging_app --name <name> [--premium]
Environment: DATA_DIR (embedded database, default ./data) or DATABASE_URL (postgres://...).`;

class UsageError extends Error {}

type Flags = Record<string, string | true>;

/** `--flag value`, `--flag=value` and bare boolean `--flag`; only the flags a command names. */
function parseFlags(args: string[], allowed: { values: string[]; booleans?: string[] }): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]);
    if (!match) throw new UsageError(`Unexpected argument "${args[i]}".`);
    const [, name, inline] = match;
    if (allowed.booleans?.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
      flags[name] = true;
    } else if (allowed.values.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
      flags[name] = value;
    } else throw new UsageError(`Unknown option --${name}.`);
  }
  return flags;
}

const required = (flags: Flags, name: string): string => {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required.`);
  return value.trim();
};

type Command = (db: Parameters<typeof createWorkspace>[0]) => Promise<unknown>;

/** Validates everything it can before the database is opened, so bad usage never touches it. */
function planCommand(argv: string[]): Command {
  const [resource, verb, ...rest] = argv;
  if (verb !== 'create') throw new UsageError(`Unknown command "${[resource, verb].filter(Boolean).join(' ')}".`);
  switch (resource) {
    case 'workspace': {
      const flags = parseFlags(rest, { values: ['slug', 'name'] });
      const slug = required(flags, 'slug');
      if (!SLUG_PATTERN.test(slug))
        throw new UsageError(`--slug "${slug}" must be lowercase letters, digits and dashes (1-63 characters, not starting with a dash).`);
      const name = typeof flags.name === 'string' ? flags.name.trim() || slug : slug;
      return (db) => createWorkspace(db, slug, name);
    }
    case 'key': {
      const flags = parseFlags(rest, { values: ['workspaces'] });
      const refs = required(flags, 'workspaces')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (refs.length === 0) throw new UsageError('--workspaces needs at least one workspace slug or id.');
      return (db) => createApiKey(db, refs);
    }
    case 'account': {
      const flags = parseFlags(rest, { values: ['workspace', 'channel', 'name'], booleans: ['premium'] });
      const workspace = required(flags, 'workspace');
      const channel = required(flags, 'channel');
      if (channel !== 'professional_network' && channel !== 'messaging_app')
        throw new UsageError('--channel must be professional_network or messaging_app.');
      const name = required(flags, 'name');
      return (db) => createAccount(db, workspace, { channel: channel as Channel, name, premium: flags.premium === true });
    }
    default:
      throw new UsageError(`Unknown resource "${resource}".`);
  }
}

/** Turns database errors into sentences an operator can act on. */
function explain(err: unknown): string {
  const e = err as { code?: string; message?: string; constraint?: string };
  if (err instanceof DataDirLockedError) return err.message;
  if (e?.code === '23505') return 'That already exists (a workspace with this slug?). Nothing was changed.';
  return `${e?.message ?? String(err)} Nothing was changed.`;
}

export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    (argv.length === 0 ? console.error : console.log)(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  let command: Command;
  let config: ReturnType<typeof loadConfig>;
  try {
    command = planCommand(argv);
    config = loadConfig(env);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const result = await db.transaction((tx) => command(tx));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    console.error(explain(err));
    return 1;
  } finally {
    await db?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAdminCli(process.argv.slice(2));
}
