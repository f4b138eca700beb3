import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../domain/contract/schedule';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from '../../domain/workflow-types';
import { engineDbPerFile } from '../testing/engine-db';
import type { Executor } from '../executors/executor';
import { drainDueWork } from '../testing/run-loop';
import { msOf } from '../db/time-sql';
import { campaignNextDueAt, engineDeps, seedRun, startClock, UNLIMITED } from '../testing/runs';

/**
 * Contract 9.3 windows and calendar-day waits through the engine, in five zones across the 2026
 * clock changes (US Mar 8 / Nov 1, EU Mar 29 / Oct 25, Lord Howe's 30-minute shift Apr 5 / Oct 4;
 * Tokyo and Kathmandu's +5:45 never change): every action starts inside Mon–Fri 09:00–17:00 of the
 * prospect's zone, and every "N days" wait ends at the same local time N calendar days later.
 */

const db = engineDbPerFile();
const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const CHANGING = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'];
const WEEKDAYS_09_17: Schedule = {
  timeZone: 'UTC',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  start: '09:00',
  end: '17:00',
  useProspectTimeZone: true,
};
/** Waits of uneven lengths, so visits fall on every weekday and some waits end on a weekend. */
const WAIT_DAYS = [5, 9, 13, 3, 11];
const VISITS = 34;

/** visit → wait → visit → … → end: March to November of 2026 for every prospect. */
function visitsAndWaits(): WorkflowDefinition {
  const nodes: WorkflowNode[] = [node('start', 'start'), node('end', 'end')];
  const edges: WorkflowEdge[] = [];
  let at = 'start';
  for (let i = 0; i < VISITS; i++) {
    nodes.push(node(`visit_${i}`, 'profile_visit'));
    edges.push(edge(at, `visit_${i}`));
    at = `visit_${i}`;
    if (i === VISITS - 1) break;
    nodes.push(node(`wait_${i}`, 'delay', { delay_amount: WAIT_DAYS[i % WAIT_DAYS.length], delay_type: 'days' }));
    edges.push(edge(at, `wait_${i}`));
    at = `wait_${i}`;
  }
  edges.push(edge(at, 'end'));
  return { nodes, edges };
}

const local = (ms: number, zone: string) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);

describe('five time zones across the 2026 clock changes', () => {
  it('starts every action inside its local window and keeps the local time across calendar-day waits', async () => {
    const run = await seedRun(db, {
      graph: visitsAndWaits(),
      prospects: ZONES.length,
      schedule: WEEKDAYS_09_17,
      dailyLimits: UNLIMITED,
      timeZones: ZONES,
    });
    const clock = startClock('2026-03-01T00:00:00Z');
    const done: Executor = { offer: async () => ({ status: 'done' }) };
    const deps = engineDeps(db, clock, { executor: done, spacingMs: 60_000 });
    for (let guard = 0; guard < 5000; guard++) {
      await drainDueWork(deps);
      const next = await campaignNextDueAt(db, run.campaignId);
      if (next === null) break;
      clock.set(Math.max(next, clock.at() + 1));
    }
    const enrollments = await db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM enrollments WHERE campaign_id = $1 GROUP BY status',
      [run.campaignId],
    );
    expect(enrollments.rows).toEqual([{ status: 'finished', n: ZONES.length }]);

    const actions = await db.query<{ zone: string; slot: number; done: number }>(
      `SELECT p.time_zone AS zone, ${msOf('a.not_before')} AS slot, ${msOf('a.finished_at')} AS done
       FROM run_actions a JOIN enrollments e ON e.id = a.enrollment_id JOIN prospects p ON p.id = e.prospect_id
       WHERE a.campaign_id = $1 AND a.status = 'done'`,
      [run.campaignId],
    );
    expect(actions.rows).toHaveLength(ZONES.length * VISITS);
    for (const a of actions.rows) {
      for (const at of [Number(a.slot), Number(a.done)]) {
        const t = local(at, a.zone);
        const minutes = t.hour * 60 + t.minute;
        expect(t.dayOfWeek, `${t.toString()} is on a weekday`).toBeLessThanOrEqual(5);
        expect(minutes, `${t.toString()} is at or after 09:00`).toBeGreaterThanOrEqual(9 * 60);
        expect(minutes, `${t.toString()} is before 17:00`).toBeLessThan(17 * 60);
      }
    }
    // The run really crossed both changes of every zone that has them (and none elsewhere).
    for (const zone of ZONES) {
      const offsets = actions.rows
        .filter((a) => a.zone === zone)
        .map((a) => Number(a.done))
        .sort((x, y) => x - y)
        .map((at) => local(at, zone).offset);
      const changes = offsets.filter((o, i) => i > 0 && o !== offsets[i - 1]).length;
      expect(changes, zone).toBe(CHANGING.includes(zone) ? 2 : 0);
    }
    expect(Math.min(...actions.rows.map((a) => Number(a.done)))).toBeLessThan(Date.parse('2026-03-08T00:00:00Z'));
    expect(Math.max(...actions.rows.map((a) => Number(a.done)))).toBeGreaterThan(Date.parse('2026-11-02T00:00:00Z'));

    const waits = await db.query<{ zone: string; node_id: string; started: number; until: number }>(
      `SELECT p.time_zone AS zone, s.node_id, ${msOf('s.started_at')} AS started, ${msOf('s.scheduled_for')} AS until
       FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id JOIN prospects p ON p.id = e.prospect_id
       WHERE e.campaign_id = $1 AND s.type = 'delay'`,
      [run.campaignId],
    );
    expect(waits.rows).toHaveLength(ZONES.length * (VISITS - 1));
    for (const w of waits.rows) {
      const days = WAIT_DAYS[Number(w.node_id.split('_')[1]) % WAIT_DAYS.length]!;
      const from = local(Number(w.started), w.zone);
      expect(local(Number(w.until), w.zone).toString(), `${days} days after ${from.toString()}`).toBe(from.add({ days }).toString());
    }
  }, 600_000);
});
