import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTION_SPACING_S, DEFAULT_RESPONSE_RATES } from '../../domain/contract/runs';
import type { Schedule } from '../../domain/contract/schedule';
import { forecastCampaign } from '../../domain/forecast';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, seedRun, startClock } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { nextDueAt } from '../runs/due';

/**
 * The forecast (contract 9.5 `forecast.finishBy`) against a sandbox run on the same settings, its
 * clock moved by the test from one due instant to the next: the forecast finish is within 10 % of the
 * run's actual finish, both counted from the launch.
 */

const PROSPECTS = 60;
const INVITATIONS_A_DAY = 10;
const WEEKDAYS_9_TO_5: Schedule = {
  timeZone: 'Europe/Berlin',
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  start: '09:00',
  end: '17:00',
  useProspectTimeZone: false,
};
/** Invite, then end on acceptance or after three days without one: the daily limit and the wait set the finish. */
const inviteGraph = (): WorkflowDefinition => ({
  nodes: [node('start', 'start'), node('invite', 'connection_request', { wait_for_response_days: 3 }), node('end', 'end')],
  edges: [edge('start', 'invite'), edge('invite', 'end', 'accepted'), edge('invite', 'end', 'no_response')],
});
const MAX_RUN_MS = 60 * 86_400_000;

const db = engineDbPerFile();

describe('the forecast against a sandbox run', () => {
  it('finishes within 10 % of the run’s actual finish', { timeout: 300_000 }, async () => {
    // A Thursday morning before the window opens: the run crosses a weekend.
    const launch = Date.parse('2026-03-05T06:00:00.000Z');
    const graph = inviteGraph();
    const run = await seedRun(db, {
      graph,
      prospects: PROSPECTS,
      schedule: WEEKDAYS_9_TO_5,
      dailyLimits: { connection_request: INVITATIONS_A_DAY },
    });
    const rates = DEFAULT_RESPONSE_RATES;
    await db.query(
      `INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate, median_response_hours) VALUES ($1, 'sandbox', $2, $3, $4)`,
      [run.workspaceId, rates.acceptRate, rates.replyRate, rates.medianResponseHours],
    );
    const forecast = forecastCampaign({
      definition: graph,
      schedule: WEEKDAYS_9_TO_5,
      senders: [{ accountId: run.accountId, channel: 'professional_network', dailyLimits: { connection_request: INVITATIONS_A_DAY } }],
      audienceSize: PROSPECTS,
      rates,
      actionSpacingSeconds: DEFAULT_ACTION_SPACING_S,
      startAt: new Date(launch).toISOString(),
    });

    const clock = startClock(new Date(launch).toISOString());
    const deps = engineDeps(db, clock, { spacingMs: DEFAULT_ACTION_SPACING_S * 1000 });
    for (;;) {
      await drainDueWork(deps);
      const next = await nextDueAt(db);
      if (next === null) break;
      expect(next - launch).toBeLessThan(MAX_RUN_MS);
      clock.set(Math.max(next, clock.at() + 1000));
    }
    const { rows } = await db.query<{ open: number; finished_at: Date }>(
      `SELECT count(*) FILTER (WHERE status IN ('waiting', 'active'))::int AS open, max(finished_at) AS finished_at
       FROM enrollments WHERE campaign_id = $1`,
      [run.campaignId],
    );
    expect(rows[0]!.open).toBe(0);
    const actual = new Date(rows[0]!.finished_at).getTime() - launch;
    const forecastMs = Date.parse(forecast.finishBy!) - launch;
    expect(Math.abs(forecastMs - actual) / actual).toBeLessThanOrEqual(0.1);
  });
});
