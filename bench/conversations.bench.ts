import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createAccount, createApiKey, createWorkspace } from '../src/server/admin/ops';
import { loadConfig } from '../src/server/config';
import { stepStats } from '../src/server/conversations/operations';
import { listConversations, type ConversationFilters } from '../src/server/conversations/queries';
import type { Db } from '../src/server/db/types';
import { authenticate } from '../src/server/http/auth';
import { startServer } from '../src/server/main';
import { roundTo, timeCalls } from './support/timing';

/**
 * List-conversations latency at 100k conversations (300k messages), over real HTTP and as raw SQL
 * (the same query function, db.query directly), on PGlite and — when DATABASE_URL is set or a local
 * PostgreSQL answers at postgres://postgres:postgres@127.0.0.1:5432 — on PostgreSQL.
 * Pages use limit=50 so that page 1000 exists (100k / 50 = 2000 pages).
 * Goals: first page p99 ≤ 25 ms; page 1000 ÷ page 1 (p50) ≤ 1.2; API ≤ 1.5 × raw SQL (p50).
 */

const CONVERSATIONS = 100_000;
const LIMIT = 50;
const WARMUP = 20;
const RUNS = 200;
const LOCAL_PG = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const time = (fn: () => Promise<unknown>) => timeCalls(fn, { runs: RUNS, warmup: WARMUP, digits: 2 });

/**
 * 100k conversations with 3 messages each, in bulk (generate_series), then VACUUM ANALYZE. On PostgreSQL
 * the trigram index is rebuilt once after the load (its own definition, read back from pg_indexes):
 * 3x faster than maintaining it row by row. PGlite (wasm) builds GIN indexes slowly: kept there.
 */
export async function seedBenchInbox(
  db: Db,
  workspaceId: string,
  accountIds: string[],
  campaignId: string | null = null,
  conversations = CONVERSATIONS,
): Promise<void> {
  const rebuild = db.kind === 'pg';
  const {
    rows: [search],
  } = await db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = 'conversations_search'");
  if (rebuild) await db.query('DROP INDEX conversations_search');
  const channels = ['professional_network', 'professional_network', 'messaging_app'];
  const phrase = `(ARRAY['Thanks for connecting, happy to chat', 'Can you share pricing for a team of 12?', 'Following up on the case study',
    'Not the right time, ping me next quarter', 'Loved your post on outbound', 'Thursday at 3pm works for me'])`;
  for (let from = 0; from < conversations; from += 25_000) {
    await db.query(
      `INSERT INTO conversations (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_headline,
         last_message_text, last_message_direction, last_message_at, unread_count, tags, tags_lower, message_texts,
         campaign_id, campaign_node_id, has_inbound)
       SELECT $1::uuid, ($2::uuid[])[1 + i % 3], ($3::text[])[1 + i % 3], 'bench-' || i, 'Contact ' || i,
         'Head of Growth at Company ' || (i % 300),
         ${phrase}[1 + (i + 2) % 6] || ' #' || i,
         CASE WHEN i % 3 = 0 THEN 'outbound' ELSE 'inbound' END,
         timestamptz '2026-01-01T00:00:00Z' - make_interval(secs => i * 37),
         CASE WHEN i % 3 = 0 THEN 0 ELSE i % 4 END,
         CASE WHEN i % 5 = 0 THEN ARRAY['Hot-Lead'] ELSE '{}'::text[] END,
         CASE WHEN i % 5 = 0 THEN ARRAY['hot-lead'] ELSE '{}'::text[] END,
         ${phrase}[1 + i % 6] || CASE WHEN i % 1000 = 7 THEN ' zyxelquartz' ELSE '' END || E'\\n' ||
           ${phrase}[1 + (i + 1) % 6] || E'\\n' || ${phrase}[1 + (i + 2) % 6] || ' #' || i,
         -- a quarter of the conversations come from the campaign's 5 steps (contract 8.2 filters)
         CASE WHEN i % 4 = 0 THEN $6::uuid END, CASE WHEN i % 4 = 0 THEN 'step-' || (i % 5) END, i % 3 <> 0
       FROM generate_series($4::int, $5::int) AS i`,
      [workspaceId, accountIds, channels, from, Math.min(conversations, from + 25_000) - 1, campaignId],
    );
  }
  await db.query(
    `INSERT INTO messages (workspace_id, account_id, conversation_id, external_message_id, direction, text, sent_at)
     SELECT c.workspace_id, c.account_id, c.id, c.external_conversation_id || '-' || k,
       CASE WHEN k % 2 = 0 THEN 'outbound' ELSE 'inbound' END, split_part(c.message_texts, E'\\n', k), c.last_message_at - make_interval(hours => 3 - k)
     FROM conversations c CROSS JOIN generate_series(1, 3) AS k WHERE c.workspace_id = $1`,
    [workspaceId],
  );
  if (rebuild) {
    await db.transaction(async (tx) => {
      await tx.query("SET LOCAL maintenance_work_mem = '256MB'");
      await tx.query(search.indexdef);
    });
  }
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans use.
  await db.query('VACUUM ANALYZE conversations');
  await db.query('VACUUM ANALYZE messages');
}

interface Row {
  database: string;
  query: string;
  apiP50: number;
  apiP99: number;
  sqlP50: number;
  sqlP99: number;
}

export async function benchOne(label: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-conv-'));
  const server = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', DATABASE_URL: databaseUrl ?? '' }),
  );
  try {
    const { workspaceId } = await createWorkspace(server.db, `bench-${Date.now()}`, 'Bench');
    const { apiKey } = await createApiKey(server.db, [workspaceId]);
    const accounts = [];
    for (const [channel, name] of [
      ['professional_network', 'A'],
      ['professional_network', 'B'],
      ['messaging_app', 'C'],
    ] as const) {
      accounts.push((await createAccount(server.db, workspaceId, { channel, name })).accountId);
    }
    const {
      rows: [campaign],
    } = await server.db.query<{ id: string }>("INSERT INTO campaigns (workspace_id, name) VALUES ($1, 'Bench') RETURNING id", [
      workspaceId,
    ]);
    const t0 = performance.now();
    await seedBenchInbox(server.db, workspaceId, accounts, campaign.id);
    console.log(
      `  ${label}: seeded ${CONVERSATIONS} conversations + ${CONVERSATIONS * 3} messages in ${Math.round(performance.now() - t0)} ms`,
    );

    // A GET after a long in-process SQL loop may pick a keep-alive socket the server just closed
    // (ECONNRESET): retried once, as HTTP clients do for idempotent requests.
    const send = (query: string) =>
      fetch(`${server.url}/api/messaging/conversations?${query}`, { headers: { Authorization: `Bearer ${apiKey}` } });
    const get = async (query: string) => {
      const res = await send(query).catch((error: Error) => {
        if ((error.cause as { code?: string } | undefined)?.code !== 'ECONNRESET') throw error;
        return send(query);
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      return (await res.json()) as { items: { id: string; lastMessage: { at: string } }[]; nextCursor: string | null };
    };
    // The cursor of page 1000: follow nextCursor from page 1 (also proves the walk works).
    let cursor: string | null = null;
    let lastOf999: [string, string] | undefined;
    for (let page = 1; page < 1000; page++) {
      const body = await get(`limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      cursor = body.nextCursor;
      const last = body.items[body.items.length - 1];
      lastOf999 = [last.lastMessage.at, last.id];
    }
    const base: ConversationFilters = {
      workspaceId,
      accountIds: null,
      channel: null,
      search: null,
      tag: null,
      replyFilter: null,
      unread: null,
      campaignId: null,
      nodeId: null,
    };
    const cases: [string, string, ConversationFilters, [string, string] | undefined][] = [
      ['first page (limit 50)', `limit=${LIMIT}`, base, undefined],
      ['page 1000 (limit 50)', `limit=${LIMIT}&cursor=${encodeURIComponent(cursor!)}`, base, lastOf999],
      ['first page (default limit 100)', '', base, undefined],
      ['search, rare word (100 hits)', `limit=${LIMIT}&search=zyxelquartz`, { ...base, search: 'zyxelquartz' }, undefined],
      ['search, common phrase (1/3 rows)', `limit=${LIMIT}&search=pricing`, { ...base, search: 'pricing' }, undefined],
      [
        'search + tag + reply filter (333 hits)',
        `limit=${LIMIT}&search=company 40&tagFilter=hot-lead&replyFilter=need_to_reply`,
        { ...base, search: 'company 40', tag: 'hot-lead', replyFilter: 'need_to_reply' },
        undefined,
      ],
      // Contract 8.2 filters: unread (~half the rows), read, a campaign (1/4), one of its steps (1/20).
      ['unread=true', `limit=${LIMIT}&unread=true`, { ...base, unread: true }, undefined],
      ['unread=false', `limit=${LIMIT}&unread=false`, { ...base, unread: false }, undefined],
      ['campaignId', `limit=${LIMIT}&campaignId=${campaign.id}`, { ...base, campaignId: campaign.id }, undefined],
      [
        'campaignId + nodeId',
        `limit=${LIMIT}&campaignId=${campaign.id}&nodeId=step-3`,
        { ...base, campaignId: campaign.id, nodeId: 'step-3' },
        undefined,
      ],
      [
        'unread + campaignId + nodeId (none unread in the bench data)',
        `limit=${LIMIT}&unread=true&campaignId=${campaign.id}&nodeId=step-3`,
        { ...base, unread: true, campaignId: campaign.id, nodeId: 'step-3' },
        undefined,
      ],
    ];
    const rows: Row[] = [];
    // The machine's floor at this moment: an HTTP round trip that runs no SQL (GET /healthz).
    const floor = await time(() => fetch(`${server.url}/healthz`).then((res) => res.arrayBuffer()));
    rows.push({
      database: label,
      query: 'reference: GET /healthz (no SQL)',
      apiP50: floor.p50,
      apiP99: floor.p99,
      sqlP50: NaN,
      sqlP99: NaN,
    });
    // What every API request pays before the list query: the API-key lookup (one more SQL round trip).
    const auth = await time(() => authenticate(server.db, `Bearer ${apiKey}`));
    rows.push({ database: label, query: 'auth lookup alone (SQL)', apiP50: NaN, apiP99: NaN, sqlP50: auth.p50, sqlP99: auth.p99 });
    const stats = await time(() => stepStats(server.db, workspaceId, campaign.id));
    rows.push({ database: label, query: 'step-stats (SQL, 25k linked)', apiP50: NaN, apiP99: NaN, sqlP50: stats.p50, sqlP99: stats.p99 });
    for (const [name, query, filters, after] of cases) {
      const limit = query.includes(`limit=${LIMIT}`) ? LIMIT : 100;
      const api = await time(() => get(query));
      const sql = await time(() => listConversations(server.db, filters, limit, after));
      rows.push({ database: label, query: name, apiP50: api.p50, apiP99: api.p99, sqlP50: sql.p50, sqlP99: sql.p99 });
    }
    return rows;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway database on the PostgreSQL server, or undefined when none answers. */
export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.DATABASE_URL || LOCAL_PG;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `cs_bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function runConversationsBench(): Promise<Row[]> {
  const rows = await benchOne('PGlite', undefined);
  const server = await postgresDatabase();
  if (server) {
    try {
      rows.push(...(await benchOne('PostgreSQL', server.url)));
    } finally {
      await server.drop();
    }
  } else {
    console.log('  PostgreSQL: not reachable (set DATABASE_URL), skipped');
  }
  console.table(rows.map((r) => ({ ...r, 'api/sql': roundTo(r.apiP50 / r.sqlP50, 2) })));
  for (const db of new Set(rows.map((r) => r.database))) {
    const of = (q: string) => rows.find((r) => r.database === db && r.query.startsWith(q))!;
    const [first, deep] = [of('first page (limit 50)'), of('page 1000')];
    console.log(
      `  ${db}: first-page p99 ${first.apiP99} ms (goal ≤ 25) ${first.apiP99 <= 25 ? 'OK' : 'MISSED'}; ` +
        `page1000/page1 p50 ${roundTo(deep.apiP50 / first.apiP50, 2)} (goal ≤ 1.2) ${deep.apiP50 / first.apiP50 <= 1.2 ? 'OK' : 'MISSED'}; ` +
        `reference /healthz p99 ${of('reference').apiP99} ms; ` +
        `worst api/sql p50 ${roundTo(Math.max(...rows.filter((r) => r.database === db && r.apiP50 > 0 && r.sqlP50 > 0).map((r) => r.apiP50 / r.sqlP50)), 2)} (goal ≤ 1.5)`,
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await runConversationsBench();

const MILLION = 1_000_000;

/**
 * Issue 34's growth figure: the inbox list at 1M conversations (3M messages) on PostgreSQL — the
 * first page, a rare word, and a search combined with a tag and the reply filter — over real HTTP
 * beside the same query as SQL alone, p50/p99 over 200 reads. Goal: the combined search p99 ≤ 25 ms.
 */
export async function runConversationsAtMillion(): Promise<void> {
  const pg = await postgresDatabase();
  if (!pg) return console.log('  PostgreSQL: not reachable (set DATABASE_URL), skipped');
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-bench-conv-1m-'));
  const server = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', DATABASE_URL: pg.url, RUN_WORKER: '0' }),
  );
  try {
    const { workspaceId } = await createWorkspace(server.db, `bench-1m-${Date.now()}`, 'Bench');
    const accounts: string[] = [];
    for (const [channel, name] of [
      ['professional_network', 'A'],
      ['professional_network', 'B'],
      ['messaging_app', 'C'],
    ] as const)
      accounts.push((await createAccount(server.db, workspaceId, { channel, name })).accountId);
    const t0 = performance.now();
    await seedBenchInbox(server.db, workspaceId, accounts, null, MILLION);
    console.log(`  PostgreSQL: seeded ${MILLION} conversations + ${MILLION * 3} messages in ${Math.round(performance.now() - t0)} ms`);
    console.table(await millionFigures(server, workspaceId));
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    await pg.drop();
  }
}

/** The figures of `runConversationsAtMillion` on a seeded workspace. */
export async function millionFigures(server: { url: string; db: Db }, workspaceId: string): Promise<Row[]> {
  const { apiKey } = await createApiKey(server.db, [workspaceId]);
  const base: ConversationFilters = {
    workspaceId,
    accountIds: null,
    channel: null,
    search: null,
    tag: null,
    replyFilter: null,
    unread: null,
    campaignId: null,
    nodeId: null,
  };
  const rows: Row[] = [];
  const floor = await time(() => fetch(`${server.url}/healthz`).then((res) => res.arrayBuffer()));
  rows.push({
    database: 'PostgreSQL 1M',
    query: 'reference: GET /healthz (no SQL)',
    apiP50: floor.p50,
    apiP99: floor.p99,
    sqlP50: NaN,
    sqlP99: NaN,
  });
  for (const [name, query, filters] of [
    ['first page (limit 50)', `limit=${LIMIT}`, base],
    ['search, rare word (1,000 hits)', `limit=${LIMIT}&search=zyxelquartz`, { ...base, search: 'zyxelquartz' }],
    [
      'search + tag + reply filter',
      `limit=${LIMIT}&search=company 40&tagFilter=hot-lead&replyFilter=need_to_reply`,
      { ...base, search: 'company 40', tag: 'hot-lead', replyFilter: 'need_to_reply' as const },
    ],
  ] as const) {
    const api = await time(async () => {
      const res = await fetch(`${server.url}/api/messaging/conversations?${query}`, { headers: { Authorization: `Bearer ${apiKey}` } });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      return res.arrayBuffer();
    });
    const sql = await time(() => listConversations(server.db, filters, LIMIT));
    rows.push({ database: 'PostgreSQL 1M', query: name, apiP50: api.p50, apiP99: api.p99, sqlP50: sql.p50, sqlP99: sql.p99 });
    console.log(`  ${JSON.stringify(rows[rows.length - 1])}`);
  }
  return rows;
}
