import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseProfileUrl } from '../../domain/profile-url';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { migrate } from '../db/migrate';
import { openPg } from '../db/pg';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { runCounts } from '../run-view/run-counts';
import { scratchDatabase } from '../testing/runs';

/**
 * Migration 040 (contract 10.3) on a database that holds prospects stored under 9.1's rule: its SQL
 * rule equals the domain's, and prospects that collide under it are merged into the oldest without
 * losing an enrollment, a timeline row, an action or a conversation. On PostgreSQL with DATABASE_URL.
 */

const MIGRATION = '040_profile_url_rule.sql';

let db: Db;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const scratch = await scratchDatabase(url, 'cs_merge');
    db = await openPg(scratch.url);
    drop = scratch.drop;
  } else db = await openPglite(undefined);
  await migrate(db, { before: MIGRATION });
}, 240_000);

afterAll(async () => {
  await db?.close();
  await drop?.();
});

/** Contract 9.1's stored form (what prospects hold before the migration). */
function storedUnder91(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  return rows[0]!;
}

const id = async (sql: string, params: unknown[]) => (await one<{ id: string }>(`${sql} RETURNING id`, params)).id;

describe('migration 040: profile URLs under the rule of contract 10.3', () => {
  const people = {
    oldest: 'https://www.linkedin.com/in/imp-dup',
    http: 'http://www.linkedin.com/in/imp-dup',
    shouting: 'https://www.linkedin.com/in/IMP-DUP',
    country: 'https://uk.linkedin.com/in/Solo/fr',
    elsewhere: 'https://twitter.com/imp',
  };
  let seeded: Record<string, string>;

  it('seeds three spellings of one person, each enrolled and with a thread (before the migration)', async () => {
    const ws = await id(`INSERT INTO workspaces (slug, name) VALUES ('merge', 'Merge')`, []);
    const account = await id(`INSERT INTO accounts (workspace_id, channel, name) VALUES ($1, 'professional_network', 'Sam')`, [ws]);
    const campaign = async (name: string) => {
      const c = await id(
        `INSERT INTO campaigns (workspace_id, name, status, sender_account_ids, launched_version) VALUES ($1, $2, 'active', ARRAY[$3::uuid], 1)`,
        [ws, name, account],
      );
      const graph = connectionOnlyGraph();
      await db.query(
        `INSERT INTO campaign_versions (campaign_id, version, workflow_definition, saved_at, node_count, edge_count) VALUES ($1, 1, $2, now(), $3, $4)`,
        [c, JSON.stringify(graph), graph.nodes.length, graph.edges.length],
      );
      return c;
    };
    const first = await campaign('First');
    const second = await campaign('Second');
    const prospect = async (url: string, at: string, fields: { name?: string; email?: string; company?: string; custom: object }) =>
      id(
        `INSERT INTO prospects (workspace_id, profile_url, name, email, company, custom_fields, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [ws, url, fields.name ?? null, fields.email ?? null, fields.company ?? null, JSON.stringify(fields.custom), at],
      );
    const oldest = await prospect(people.oldest, '2026-01-01T00:00:00Z', { company: 'Acme', custom: { firstName: 'Imp' } });
    const http = await prospect(people.http, '2026-01-02T00:00:00Z', { name: 'Imp Dup', custom: { firstName: 'X', role: 'CEO' } });
    const shouting = await prospect(people.shouting, '2026-01-03T00:00:00Z', { email: 'imp@acme.example', custom: {} });
    const solo = await prospect(people.country, '2026-01-04T00:00:00Z', { custom: {} });
    const elsewhere = await prospect(people.elsewhere, '2026-01-05T00:00:00Z', { custom: {} });
    const enrol = (c: string, p: string, status: string, at: string) =>
      id(
        `INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id, status, current_node_id, entered_at, visit,
           outcome, finished_at)
         VALUES ($1, $2, $3, $4, $5, 'invite', $6, 1, CASE WHEN $5 = 'finished' THEN 'finished' END, CASE WHEN $5 = 'finished' THEN now() END)`,
        [ws, c, p, account, status, at],
      );
    // The oldest and the shouting spelling are both running in the first campaign; the http one finished the second.
    const keptEnrollment = await enrol(first, oldest, 'active', '2026-02-01T00:00:00Z');
    const loserEnrollment = await enrol(first, shouting, 'active', '2026-02-02T00:00:00Z');
    const movedEnrollment = await enrol(second, http, 'finished', '2026-02-03T00:00:00Z');
    const action = (e: string, c: string, status: string) =>
      id(
        `INSERT INTO run_actions (id, workspace_id, campaign_id, enrollment_id, visit, node_id, type, sender_account_id, limit_kind, quota_day,
           payload, status, not_before)
         VALUES (gen_random_uuid(), $1, $2, $3, 1, 'invite', 'connection_request', $4, 'connection_request', '2026-02-02', '{}', $5, now())`,
        [ws, c, e, account, status],
      );
    const doneAction = await action(keptEnrollment, first, 'done');
    const pendingAction = await action(loserEnrollment, first, 'scheduled');
    await action(movedEnrollment, second, 'done');
    await db.query(`INSERT INTO sender_quota (account_id, kind, day, used) VALUES ($1, 'connection_request', '2026-02-02', 3)`, [account]);
    for (const [e, status] of [
      [keptEnrollment, 'done'],
      [loserEnrollment, 'scheduled'],
      [movedEnrollment, 'done'],
      [movedEnrollment, 'done'],
    ] as const)
      await db.query(
        `INSERT INTO enrollment_steps (enrollment_id, node_id, type, status) VALUES ($1, 'invite', 'connection_request', $2)`,
        [e, status],
      );
    const thread = (external: string, contact: string) =>
      id(
        `INSERT INTO conversations (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_profile_url,
           last_message_text, last_message_direction, last_message_at)
         VALUES ($1, $2, 'professional_network', $3, 'Imp', $4, 'Hi', 'inbound', now())`,
        [ws, account, external, contact],
      );
    const threads = [
      await thread(people.oldest, people.oldest),
      await thread('thread-2', `${people.http}/?trk=x`),
      await thread(`sandbox:${people.shouting}`, people.shouting),
    ];
    await db.query(
      `INSERT INTO sandbox_events (workspace_id, account_id, profile_url, event, due_at) VALUES ($1, $2, $3, 'invitation_accepted', now())`,
      [ws, account, people.shouting],
    );
    seeded = {
      ws,
      account,
      first,
      second,
      oldest,
      solo,
      elsewhere,
      keptEnrollment,
      loserEnrollment,
      movedEnrollment,
      doneAction,
      pendingAction,
    };
    threads.forEach((t, i) => (seeded[`thread${i}`] = t));
    expect(await one<{ n: number }>('SELECT count(*)::int AS n FROM prospects WHERE workspace_id = $1', [ws])).toEqual({ n: 5 });
  });

  it('runs, and merges the three into the oldest, keeping its values and taking the ones only the others had', async () => {
    expect(await migrate(db)).toContain(MIGRATION);
    const { rows } = await db.query<{
      id: string;
      profile_url: string;
      name: string;
      email: string;
      company: string;
      custom_fields: object;
    }>('SELECT id, profile_url, name, email, company, custom_fields FROM prospects WHERE workspace_id = $1 ORDER BY created_at', [
      seeded.ws,
    ]);
    expect(rows).toEqual([
      {
        id: seeded.oldest,
        profile_url: 'https://www.linkedin.com/in/imp-dup',
        name: 'Imp Dup',
        email: 'imp@acme.example',
        company: 'Acme',
        custom_fields: { firstName: 'Imp', role: 'CEO' },
      },
      expect.objectContaining({ id: seeded.solo, profile_url: 'https://www.linkedin.com/in/solo' }),
      // Not LinkedIn: kept as it was (refused only on new writes).
      expect.objectContaining({ id: seeded.elsewhere, profile_url: people.elsewhere }),
    ]);
  });

  it('keeps every enrollment, timeline row and action: one enrollment per campaign, the pending action of the other given back', async () => {
    const enrollments = await db.query<{ id: string; campaign_id: string; status: string }>(
      'SELECT id, campaign_id, status FROM enrollments WHERE prospect_id = $1 ORDER BY entered_at',
      [seeded.oldest],
    );
    expect(enrollments.rows).toEqual([
      { id: seeded.keptEnrollment, campaign_id: seeded.first, status: 'active' },
      { id: seeded.movedEnrollment, campaign_id: seeded.second, status: 'finished' },
    ]);
    const steps = await db.query<{ enrollment_id: string; status: string }>(
      'SELECT enrollment_id, status FROM enrollment_steps ORDER BY position',
    );
    expect(steps.rows).toEqual([
      { enrollment_id: seeded.keptEnrollment, status: 'done' },
      { enrollment_id: seeded.keptEnrollment, status: 'scheduled' },
      { enrollment_id: seeded.movedEnrollment, status: 'done' },
      { enrollment_id: seeded.movedEnrollment, status: 'done' },
    ]);
    const actions = await db.query<{ id: string; enrollment_id: string; visit: number; status: string }>(
      'SELECT id, enrollment_id, visit, status FROM run_actions WHERE campaign_id = $1 ORDER BY visit DESC',
      [seeded.first],
    );
    expect(actions.rows).toEqual([
      { id: seeded.doneAction, enrollment_id: seeded.keptEnrollment, visit: 1, status: 'done' },
      { id: seeded.pendingAction, enrollment_id: seeded.keptEnrollment, visit: -1, status: 'cancelled' },
    ]);
    expect(await one('SELECT used FROM sender_quota WHERE account_id = $1', [seeded.account])).toEqual({ used: 2 });
    // The run counters count the person once in the first campaign, with every timeline row.
    expect(await runCounts(db, seeded.first)).toEqual({
      enrollments: [{ status: 'active', replied: false, node_id: 'invite', n: 1 }],
      steps: expect.arrayContaining([
        { node_id: 'invite', status: 'done', handle: null, n: 1 },
        { node_id: 'invite', status: 'scheduled', handle: null, n: 1 },
      ]),
      waiting: [],
    });
  });

  it('keeps every conversation, their contact and thread ids under the new spelling', async () => {
    const { rows } = await db.query<{ id: string; external_conversation_id: string; contact_profile_url: string }>(
      'SELECT id, external_conversation_id, contact_profile_url FROM conversations WHERE workspace_id = $1 ORDER BY created_at, id',
      [seeded.ws],
    );
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(seeded.thread0!)).toMatchObject({ external_conversation_id: people.oldest, contact_profile_url: people.oldest });
    expect(byId.get(seeded.thread1!)).toMatchObject({ external_conversation_id: 'thread-2', contact_profile_url: people.oldest });
    expect(byId.get(seeded.thread2!)).toMatchObject({
      external_conversation_id: `sandbox:${people.oldest}`,
      contact_profile_url: people.oldest,
    });
    expect(await one('SELECT profile_url FROM sandbox_events WHERE workspace_id = $1', [seeded.ws])).toEqual({
      profile_url: people.oldest,
    });
  });

  it('deleting a prospect afterwards keeps the run counters’ totals', async () => {
    await db.query(`UPDATE enrollments SET status = 'finished', outcome = 'finished', finished_at = now() WHERE id = $1`, [
      seeded.keptEnrollment,
    ]);
    const before = await runCounts(db, seeded.first);
    await db.query('DELETE FROM prospects WHERE id = $1', [seeded.oldest]);
    expect(await one<{ n: number }>('SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1', [seeded.first])).toEqual({ n: 0 });
    expect(await runCounts(db, seeded.first)).toEqual(before);
  });
});

describe('profile_url_rule (SQL) equals the domain’s rule on URLs stored under contract 9.1', () => {
  const slugChar = fc.constantFrom('a', 'Z', '0', '-', '_', '.', '~', '%C3%A9', '%C3%89', '%20', '%2F', '%25', '%E0', 'é', ' ', '@', ':');
  const raw = fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTP://'),
      fc.constantFrom('www.linkedin.com', 'linkedin.com', 'UK.linkedin.com', 'abc.linkedin.com', 'wa.me', 'twitter.com', 'example.com'),
      fc.constantFrom('', ':443', ':8080'),
      fc.constantFrom('/in/', '/IN/', '/sales/lead/', '/Sales/People/', '/company/', '/', '/+', '/in/a/'),
      fc.array(slugChar, { maxLength: 8 }).map((c) => c.join('')),
      fc.constantFrom('', '/', '/fr', '/en-US/', '/x/y', '?trk=1', '#top'),
    )
    .map((parts) => parts.join(''));
  const phone = fc.stringMatching(/^\+?[0-9]{5,16}$/).map((digits) => `https://wa.me/${digits}`);
  const member = fc
    .tuple(
      fc.constantFrom('https://www.', 'http://', 'https://de.'),
      fc.array(slugChar, { minLength: 1, maxLength: 6 }),
      fc.constantFrom('', '/', '/fr'),
    )
    .map(([start, slug, tail]) => `${start}linkedin.com/in/${slug.join('')}${tail}`);

  it('on generated URLs', async () => {
    const samples = fc.sample(fc.oneof(raw, phone, member), { numRuns: 3000, seed: 40 });
    const cases = samples.flatMap((s) => {
      const stored = storedUnder91(s);
      return stored === null ? [] : [{ stored, expected: normaliseProfileUrl(s) }];
    });
    const { rows } = await db.query<{ ruled: string }>(
      'SELECT profile_url_rule(u) AS ruled FROM unnest($1::text[]) WITH ORDINALITY AS t(u, i) ORDER BY i',
      [cases.map((c) => c.stored)],
    );
    const differing = cases.map((c, i) => ({ ...c, ruled: rows[i]!.ruled })).filter((c) => c.ruled !== c.expected);
    expect(differing).toEqual([]);
    expect(cases.filter((c) => c.expected?.startsWith('https://www.linkedin.com/in/')).length).toBeGreaterThan(500);
  });
});
