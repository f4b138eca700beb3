import { WEEKDAYS } from '../../domain/contract/schedule';
import { enrollProspects } from '../audience/enrollments';
import type { DemoSeeder } from './seeder';

/**
 * The demo's moving run (contract 9.4 sandbox, 9.5): the running webinar campaign gets 200 prospects,
 * a window open at every hour, a demo sender with demo limits — its own spacing of a few seconds
 * (migration 051) and room for every prospect in a day — and a sandbox that answers within about
 * twenty seconds, so within two minutes of `npm start` a newcomer sees counts move on every step,
 * invitations accepted, replies in the inbox and the funnel filling (demo-run.int.test.ts).
 * Only the demo workspace gets any of this: every other sender keeps ACTION_SPACING_S and its limits.
 * Runs after the campaigns are seeded.
 */

const DEMO_RUN_PROSPECTS = 200;
/** The demo sender's own spacing between two actions (ACTION_SPACING_S is 90 s by default). */
const DEMO_SENDER_SPACING_MS = 1_000;
/**
 * The prospects arrive one by one, this far apart (200 over five minutes), as an audience added
 * gradually: each invitation takes the sender's next slot at once, so an accepted invitation's
 * message and a reply never queue behind all 200 invitations booked at the first instant.
 */
const DEMO_ARRIVAL_MS = 1_500;
/** The demo sender's daily limits: every prospect invited and messaged the same day, no stall at 20. */
const DEMO_SENDER_LIMITS = { connection_request: 2 * DEMO_RUN_PROSPECTS, message: 2 * DEMO_RUN_PROSPECTS };
/** Its weekly limits (contract 10.2): seven such days, so the default 100 invitations a week never stalls the demo. */
const DEMO_SENDER_WEEKLY_LIMITS = Object.fromEntries(Object.entries(DEMO_SENDER_LIMITS).map(([kind, n]) => [kind, 7 * n]));
/** A sandbox that answers in seconds: acceptances and replies around 10 s after the action (2.5 s … 40 s). */
const DEMO_SANDBOX = { acceptRate: 0.6, replyRate: 0.4, medianResponseHours: 10 / 3600, seed: 7 };

const FIRST_NAMES = ['Anna', 'Ben', 'Chloé', 'Dmitri', 'Elif', 'Farah', 'Gustav', 'Hana', 'Ivan', 'Julia', 'Kofi', 'Lena', 'Marco', 'Nora'];
const LAST_NAMES = ['Berg', 'Costa', 'Dubois', 'Engel', 'Fischer', 'García', 'Hansen', 'Ito', 'Jansen', 'Kowalski', 'Larsen', 'Moreau'];
const COMPANIES = ['Acme Analytics', 'Northwind', 'Globex', 'Initech', 'Umbrella Data', 'Hooli', 'Stark Logistics', 'Wayne Cloud'];

export const seedDemoRun: DemoSeeder = async (db, workspaceId) => {
  const { rows } = await db.query<{ id: string; sender_account_ids: string[] }>(
    `SELECT id, sender_account_ids FROM campaigns WHERE workspace_id = $1 AND status = 'active' ORDER BY created_at LIMIT 1`,
    [workspaceId],
  );
  const campaignId = rows[0]?.id;
  if (!campaignId) return;
  const senders = rows[0]!.sender_account_ids;
  await db.query(
    `UPDATE accounts SET daily_limits = daily_limits || $2::jsonb, weekly_limits = weekly_limits || $3::jsonb WHERE id = ANY($1::uuid[])`,
    [senders, JSON.stringify(DEMO_SENDER_LIMITS), JSON.stringify(DEMO_SENDER_WEEKLY_LIMITS)],
  );
  await db.query(
    `INSERT INTO sender_pacing (account_id, next_slot_at, spacing_ms) SELECT id, now(), $2 FROM unnest($1::uuid[]) AS id
     ON CONFLICT (account_id) DO UPDATE SET spacing_ms = excluded.spacing_ms`,
    [senders, DEMO_SENDER_SPACING_MS],
  );
  // Every day, all day: the demo moves whenever it is opened.
  await db.query(`UPDATE campaigns SET schedule = $2 WHERE id = $1`, [
    campaignId,
    JSON.stringify({ timeZone: 'Europe/Berlin', days: WEEKDAYS, start: '00:00', end: '23:59', useProspectTimeZone: false }),
  ]);
  await db.query(
    `INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate, median_response_hours, seed)
     VALUES ($1, 'sandbox', $2, $3, $4, $5) ON CONFLICT (workspace_id) DO NOTHING`,
    [workspaceId, DEMO_SANDBOX.acceptRate, DEMO_SANDBOX.replyRate, DEMO_SANDBOX.medianResponseHours, DEMO_SANDBOX.seed],
  );
  // One multi-row insert: names, companies and time zones drawn from short lists by the row number.
  const prospects = await db.query<{ id: string }>(
    `INSERT INTO prospects (workspace_id, profile_url, name, headline, company, time_zone, custom_fields)
     SELECT $1, 'https://www.linkedin.com/in/demo-prospect-' || i,
            f.name || ' ' || l.name, 'Head of Revenue Operations', c.name, 'Europe/Berlin',
            jsonb_build_object('firstName', f.name, 'industry', 'SaaS', 'webinarUrl', 'https://example.com/webinar')
     FROM generate_series(1, $2) AS i
     JOIN LATERAL (SELECT ($3::text[])[1 + i % cardinality($3::text[])] AS name) f ON true
     JOIN LATERAL (SELECT ($4::text[])[1 + (i * 7) % cardinality($4::text[])] AS name) l ON true
     JOIN LATERAL (SELECT ($5::text[])[1 + (i * 3) % cardinality($5::text[])] AS name) c ON true
     RETURNING id`,
    [workspaceId, DEMO_RUN_PROSPECTS, FIRST_NAMES, LAST_NAMES, COMPANIES],
  );
  await enrollProspects(db, workspaceId, campaignId, { prospectIds: prospects.rows.map((p) => p.id) });
  // Started as the engine starts a waiting enrollment (active, entering its first step when due), each
  // DEMO_ARRIVAL_MS after the one before.
  await db.query(
    `UPDATE enrollments e SET status = 'active', phase = 'enter', next_step_at = now() + make_interval(secs => n.i * $2 / 1000.0)
     FROM (SELECT id, row_number() OVER (ORDER BY entered_at, id) - 1 AS i FROM enrollments WHERE campaign_id = $1) n
     WHERE e.id = n.id AND e.status = 'waiting'`,
    [campaignId, DEMO_ARRIVAL_MS],
  );
};
