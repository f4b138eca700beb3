import { WEEKDAYS } from '../../domain/contract/schedule';
import { enrollProspects } from '../audience/enrollments';
import type { DemoSeeder } from './seeder';

/**
 * The demo's moving run (contract 9.4 sandbox, 9.5): the running webinar campaign gets ~200 prospects
 * on a fast sandbox (answers within about a minute) and a window open at every hour, so a newcomer
 * sees its counts move within a minute of `npm start`. Runs after the campaigns are seeded.
 */

const DEMO_RUN_PROSPECTS = 200;

const FIRST_NAMES = ['Anna', 'Ben', 'Chloé', 'Dmitri', 'Elif', 'Farah', 'Gustav', 'Hana', 'Ivan', 'Julia', 'Kofi', 'Lena', 'Marco', 'Nora'];
const LAST_NAMES = ['Berg', 'Costa', 'Dubois', 'Engel', 'Fischer', 'García', 'Hansen', 'Ito', 'Jansen', 'Kowalski', 'Larsen', 'Moreau'];
const COMPANIES = ['Acme Analytics', 'Northwind', 'Globex', 'Initech', 'Umbrella Data', 'Hooli', 'Stark Logistics', 'Wayne Cloud'];

export const seedDemoRun: DemoSeeder = async (db, workspaceId) => {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM campaigns WHERE workspace_id = $1 AND status = 'active' ORDER BY created_at LIMIT 1`,
    [workspaceId],
  );
  const campaignId = rows[0]?.id;
  if (!campaignId) return;
  // Every day, all day: the demo moves whenever it is opened.
  await db.query(`UPDATE campaigns SET schedule = $2 WHERE id = $1`, [
    campaignId,
    JSON.stringify({ timeZone: 'Europe/Berlin', days: WEEKDAYS, start: '00:00', end: '23:59', useProspectTimeZone: false }),
  ]);
  await db.query(
    `INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate, median_response_hours, seed)
     VALUES ($1, 'sandbox', 0.5, 0.3, 0.02, 7) ON CONFLICT (workspace_id) DO NOTHING`,
    [workspaceId],
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
};
