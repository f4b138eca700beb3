import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEGACY_ZONE_NAMES } from '../../domain/time-zones';
import { engineDbPerFile } from '../testing/engine-db';
import { ALWAYS_OPEN, seedRun, visitOnlyGraph } from '../testing/runs';
import { splitStatements } from './migrate';

const MIGRATION = readFileSync(new URL('./migrations/050_canonical_time_zones.sql', import.meta.url), 'utf8');

describe('migration 050: time zones stored under their canonical names', () => {
  const db = engineDbPerFile();

  it('renames exactly the old names the domain renames', () => {
    const pairs = [...MIGRATION.matchAll(/\('([^']+)', '([^']+)'\)/g)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(pairs)).toEqual(LEGACY_ZONE_NAMES);
  });

  it('rewrites the stored spellings of prospects and schedules, and leaves the rest', async () => {
    const given = ['europe/paris', 'Asia/Calcutta', 'asia/saigon', 'Europe/Paris', 'Mars/Olympus', 'etc/utc'];
    const run = await seedRun(db, {
      graph: visitOnlyGraph(),
      prospects: given.length,
      timeZones: given,
      schedule: { ...ALWAYS_OPEN, timeZone: 'america/new_york' },
    });
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(MIGRATION)) await tx.query(statement);
    });
    const zones = await db.query<{ time_zone: string }>('SELECT DISTINCT time_zone FROM prospects WHERE workspace_id = $1 ORDER BY 1', [
      run.workspaceId,
    ]);
    expect(zones.rows.map((r) => r.time_zone)).toEqual(['Asia/Ho_Chi_Minh', 'Asia/Kolkata', 'Europe/Paris', 'Mars/Olympus', 'UTC']);
    const schedule = await db.query<{ zone: string; days: string[] }>(
      `SELECT schedule->>'timeZone' AS zone, schedule->'days' AS days FROM campaigns WHERE id = $1`,
      [run.campaignId],
    );
    expect(schedule.rows[0]).toEqual({ zone: 'America/New_York', days: ALWAYS_OPEN.days });
  });
});
