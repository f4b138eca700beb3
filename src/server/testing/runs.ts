import pg from 'pg';
import { DAILY_LIMIT_KINDS, DEFAULT_DAILY_LIMITS, MAX_DAILY_LIMIT, type Schedule } from '../../domain/contract/schedule';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { migrate } from '../db/migrate';
import { openPg } from '../db/pg';
import type { Db, Queryable } from '../db/types';
import { openMigratedPglite } from './migrated-pglite';
import { loadConfig } from '../config';
import type { Clock } from '../db/clock';
import { msOf } from '../db/time-sql';
import type { Executor } from '../executors/executor';
import { sandboxExecutor } from '../executors/sandbox';
import { engineSettings, type OfferDeps } from '../runs/engine-deps';
import { seededRandom } from '../../domain/seeded-random';

/** A fresh database on the PostgreSQL server at `serverUrl`; `drop` removes it, closing what still uses it. */
export async function scratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(serverUrl);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A test's database, and another process's view of it: its own pool on PostgreSQL, the same database embedded (one process by nature). */
export interface EngineDb extends Db {
  openAnother(): Promise<Db>;
}

/**
 * A migrated database of its own: a fresh PostgreSQL database when DATABASE_URL is set, else an
 * embedded one. Closing it also closes the other pools and drops the PostgreSQL database it made.
 */
export async function openEngineDb(): Promise<EngineDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const embedded = await openMigratedPglite();
    return { ...embedded, openAnother: async () => embedded };
  }
  const scratch = await scratchDatabase(url, 'cs_engine');
  const db = await openPg(scratch.url);
  await migrate(db);
  const others: Db[] = [];
  return {
    kind: db.kind,
    query: <T>(sql: string, params?: unknown[]) => db.query<T>(sql, params),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction<T>(fn),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    openAnother: async () => {
      const another = await openPg(scratch.url);
      others.push(another);
      return another;
    },
    close: async () => {
      for (const another of others) await another.close();
      await db.close();
      await scratch.drop();
    },
  };
}

/** A clock that only moves when the test says (the engine reads it like the database's). */
export interface FakeClock extends Clock {
  /** The instant now, for the test's own arithmetic. */
  at(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function fakeClock(startMs: number): FakeClock {
  let at = startMs;
  return {
    now: async () => at,
    at: () => at,
    set: (ms) => {
      at = ms;
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

type TestDeps = OfferDeps & { readonly clock: FakeClock };

/**
 * The engine as the server builds it (runs/engine-deps.ts, from a configuration), on a fake clock with
 * a seeded random, the sandbox as executor unless given, and ACTION_SPACING_S of 90 s unless given.
 */
export function engineDeps(
  db: Db,
  clock: FakeClock,
  over: {
    spacingMs?: number;
    executor?: Executor;
    random?: () => number;
    batch?: number;
    leaseMs?: number;
    beforeOffer?: OfferDeps['beforeOffer'];
  } = {},
): TestDeps {
  const config = loadConfig({ ACTION_SPACING_S: String((over.spacingMs ?? 90_000) / 1000) });
  const settings = engineSettings(config, { clock, random: over.random ?? seededRandom(7) });
  return {
    ...settings,
    clock,
    db,
    executor: over.executor ?? sandboxExecutor(db, clock),
    ...(over.batch !== undefined ? { batch: over.batch } : {}),
    ...(over.leaseMs !== undefined ? { leaseMs: over.leaseMs } : {}),
    ...(over.beforeOffer ? { beforeOffer: over.beforeOffer } : {}),
  };
}

export interface SeededRun {
  workspaceId: string;
  accountId: string;
  campaignId: string;
}

export const ALWAYS_OPEN: Schedule = {
  timeZone: 'UTC',
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  start: '00:00',
  end: '23:59',
  useProspectTimeZone: false,
};

/** An active, launched campaign with `prospects` enrolled (waiting to start) and one sender. */
export async function seedRun(
  db: Db,
  options: {
    graph: WorkflowDefinition;
    prospects: number;
    schedule?: Schedule;
    dailyLimits?: Record<string, number>;
    /** The sender's weekly limits; by default none that a test could reach (contract 10.2 defaults invitations to 100). */
    weeklyLimits?: Record<string, number>;
    warmUp?: { startDaily: number; addPerDay: number; startedOn: string };
    /** The sender's zone (contract 10.2; default UTC). */
    accountZone?: string;
    timeZones?: string[];
  },
): Promise<SeededRun> {
  const slug = `run-${Math.random().toString(36).slice(2)}`;
  const ws = await db.query<{ id: string }>('INSERT INTO workspaces (slug, name) VALUES ($1, $1) RETURNING id', [slug]);
  const workspaceId = ws.rows[0]!.id;
  const account = await db.query<{ id: string }>(
    `INSERT INTO accounts (workspace_id, channel, name, premium, daily_limits, weekly_limits, warm_up, time_zone)
     VALUES ($1, 'professional_network', 'Sam Sender', true, $2, $3, $4, $5) RETURNING id`,
    [
      workspaceId,
      JSON.stringify({ ...DEFAULT_DAILY_LIMITS, ...options.dailyLimits }),
      JSON.stringify(options.weeklyLimits ?? UNREACHABLE_WEEKLY),
      options.warmUp ? JSON.stringify(options.warmUp) : null,
      options.accountZone ?? 'UTC',
    ],
  );
  const accountId = account.rows[0]!.id;
  const campaignId = await addCampaign(db, { workspaceId, accountId }, options, 'p');
  return { workspaceId, accountId, campaignId };
}

/** Another active, launched campaign of the run's workspace and sender, with `prospects` new prospects enrolled. */
export async function addCampaign(
  db: Db,
  run: Pick<SeededRun, 'workspaceId' | 'accountId'>,
  options: { graph: WorkflowDefinition; prospects: number; schedule?: Schedule; timeZones?: string[] },
  /** Profile URLs are https://network.example/in/<prefix><i>; by default the campaign's id and "-p". */
  prefix?: string,
): Promise<string> {
  const { workspaceId, accountId } = run;
  const campaign = await db.query<{ id: string }>(
    `INSERT INTO campaigns (workspace_id, name, status, sender_account_ids, schedule, launched_version) VALUES ($1, 'Run', 'active', ARRAY[$2::uuid], $3, 1) RETURNING id`,
    [workspaceId, accountId, JSON.stringify(options.schedule ?? ALWAYS_OPEN)],
  );
  const campaignId = campaign.rows[0]!.id;
  await db.query(
    `INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count) VALUES ($1, 1, $2, now(), $3, $4)`,
    [campaignId, JSON.stringify(options.graph), options.graph.nodes.length, options.graph.edges.length],
  );
  const zones = options.timeZones ?? [null];
  const added = await db.query<{ id: string }>(
    `INSERT INTO prospects (workspace_id, profile_url, name, time_zone, custom_fields)
     SELECT $1, 'https://network.example/in/' || $4 || i, 'Prospect ' || i, ($3::text[])[1 + i % cardinality($3::text[])], jsonb_build_object('firstName', 'P' || i)
     FROM generate_series(1, $2) AS i RETURNING id`,
    [workspaceId, options.prospects, zones, prefix ?? `${campaignId}-p`],
  );
  await db.query(
    `INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id) SELECT $1, $2, id, $3 FROM unnest($4::uuid[]) AS id`,
    [workspaceId, campaignId, accountId, added.rows.map((r) => r.id)],
  );
  return campaignId;
}

/** start → profile visit → end: one window action per prospect and no wait, so a run ends as fast as the sender may act. */
export const visitOnlyGraph = (): WorkflowDefinition => ({
  nodes: [node('start', 'start'), node('visit', 'profile_visit'), node('end', 'end')],
  edges: [edge('start', 'visit'), edge('visit', 'end')],
});

/** The highest daily limits an account may have: no test run reaches them. */
/** Daily limits no test reaches (above what PATCH accepts: stored limits may be higher). */
export const UNLIMITED = Object.fromEntries(DAILY_LIMIT_KINDS.map((k) => [k, 10 * MAX_DAILY_LIMIT]));
const UNREACHABLE_WEEKLY = { connection_request: 1_000_000 };

export const startClock = (iso: string): FakeClock => fakeClock(Date.parse(iso));

/** Wraps an executor: the first offer of each action reaches it, then the process "dies" before recording the answer. */
export function crashingAfterOffer(inner: Executor, crashes: Set<string>): Executor {
  return {
    async offer(action) {
      const answer = await inner.offer(action);
      if (!crashes.has(action.actionId)) {
        crashes.add(action.actionId);
        throw new Error('crashed before the answer was recorded');
      }
      return answer;
    },
  };
}

/** The next instant something of this campaign is due (a step, a scheduled action, a lease running out); null when none. */
export async function campaignNextDueAt(db: Db, campaignId: string): Promise<number | null> {
  const due = await db.query<{ at: number | null }>(
    `SELECT ${msOf(`least(
       (SELECT min(next_step_at) FROM enrollments WHERE campaign_id = $1 AND status = 'active'),
       (SELECT min(not_before) FROM run_actions WHERE campaign_id = $1 AND status = 'scheduled'),
       (SELECT min(locked_until) FROM run_actions WHERE campaign_id = $1 AND status = 'offered'))`)} AS at`,
    [campaignId],
  );
  const at = due.rows[0]?.at;
  return at === null || at === undefined ? null : Number(at);
}

/** Contract 10 "one clock": shifts the database's clock by `ms` (0 puts it back). */
export async function setClockOffset(db: Queryable, ms: number): Promise<void> {
  await db.query(
    `INSERT INTO clock_offset (only_row, offset_ms) VALUES (true, $1) ON CONFLICT (only_row) DO UPDATE SET offset_ms = excluded.offset_ms`,
    [ms],
  );
}
