import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeDefinition, type RunEvent } from '../../domain/catalog';
import type { WaitEvent } from '../../domain/run/step';
import { validWorkflow } from '../../domain/testing/arbitraries';
import { endedAtEndStep, runHops, unsimulatedPath } from '../../domain/testing/run-paths';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { engineDbPerFile } from '../testing/engine-db';
import { recordAnswer } from './offers';
import { applyProspectEvent } from './engine';
import type { Executor, ExecutorAnswer } from '../executors/executor';
import { drainDueWork } from '../testing/run-loop';
import { msOf } from '../db/time-sql';
import { seededRandom } from '../../domain/seeded-random';
import { campaignNextDueAt, engineDeps, seedRun, startClock, UNLIMITED, type SeededRun } from '../testing/runs';

/**
 * Contract 9.3 end to end through the server engine: random valid graphs (the domain's generator),
 * a scripted executor answering done / failed / later / rate limited by a seeded draw, prospects
 * accepting, replying or triggering by the same draws, a fake clock jumped to the next due instant
 * until every enrollment ended. Each timeline must be a path the domain's simulator also produces,
 * with the outcome that path explains, and each actionId is decided once; after every move each
 * enrollment's waitingReason is the one its state explains (contract 10.2).
 */

const db = engineDbPerFile();
const PROSPECTS = 5;
const MINUTE = 60_000;

/** A result the executor posts later (contract 9.4 202). */
interface LaterResult {
  actionId: string;
  at: number;
  result: Record<string, unknown>;
}

/** Answers by a seeded draw, and remembers what it decided for which enrollment. */
function scriptedExecutor(random: () => number, later: LaterResult[], now: () => number) {
  const decided = new Map<string, number>();
  const failedEnrollments = new Set<string>();
  const pushedBack = new Set<string>();
  const executor: Executor = {
    async offer(action): Promise<ExecutorAnswer> {
      const r = random();
      if (r < 0.08 && !pushedBack.has(action.actionId)) {
        pushedBack.add(action.actionId);
        return { status: 'rate_limited', retryAfterSeconds: 120 };
      }
      decided.set(action.actionId, (decided.get(action.actionId) ?? 0) + 1);
      if (r < 0.15) {
        if (action.enrollmentId) failedEnrollments.add(action.enrollmentId);
        return { status: 'failed', error: 'The network refused it.' };
      }
      if (r < 0.3) {
        later.push({ actionId: action.actionId, at: now() + 30 * MINUTE, result: resultOf(action.type, random) });
        return { status: 'later' };
      }
      return { status: 'done', result: resultOf(action.type, random) };
    },
  };
  return { executor, decided, failedEnrollments };
}

const resultOf = (type: string, random: () => number): Record<string, unknown> => {
  const run = nodeDefinition(type)?.run;
  if (run?.does === 'score') return { score: Math.floor(random() * 101) };
  if (run?.does === 'ask') return { [run.resultKey]: random() < 0.5 };
  return {};
};

interface PendingEvent {
  at: number;
  profileUrl: string;
  event: RunEvent;
  text?: string;
}

/** Contract 10.2: the reasons the engine may store for each state of an enrollment and its action. */
function reasonsFor(e: { status: string; phase: string; due: boolean; wait_events: string; action: string | null }): (string | null)[] {
  if (e.status !== 'active') return e.status === 'waiting' ? ['not_started'] : [null];
  if (e.phase === 'enter') return [null];
  if (e.phase === 'wait') {
    if (e.wait_events.includes('invitation_accepted')) return ['waiting_for_acceptance'];
    if (e.wait_events.includes('message_received')) return ['waiting_for_reply'];
    return e.wait_events === '[]' ? ['delay'] : ['waiting_for_event'];
  }
  if (e.due) return ['window_closed', 'daily_limit', 'weekly_limit', 'warm_up', 'spacing'];
  if (e.action === 'scheduled') return ['spacing', 'executor'];
  return ['executor'];
}

/**
 * After every move: each enrollment's stored waitingReason is the one its state explains, and the run
 * view's counters per step and reason equal what the rows say.
 */
async function expectWaitingConsistent(campaignId: string): Promise<void> {
  const { rows } = await db.query<{
    id: string;
    status: string;
    phase: string;
    due: boolean;
    wait_events: string;
    action: string | null;
    waiting_reason: string | null;
  }>(
    `SELECT e.id, e.status, e.phase, e.next_step_at IS NOT NULL AS due, coalesce(e.wait_events::text, '[]') AS wait_events,
            (SELECT a.status FROM run_actions a WHERE a.enrollment_id = e.id AND a.visit = e.visit) AS action, e.waiting_reason
     FROM enrollments e WHERE e.campaign_id = $1`,
    [campaignId],
  );
  for (const e of rows) expect(reasonsFor(e), `enrollment ${e.phase} ${e.action}`).toContain(e.waiting_reason);
  const counted = await db.query<{ node_id: string; reason: string; n: number }>(
    `SELECT node_id, reason, sum(n)::int AS n FROM run_waiting_counts WHERE campaign_id = $1 GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`,
    [campaignId],
  );
  const scanned = await db.query<{ node_id: string; reason: string; n: number }>(
    `SELECT current_node_id AS node_id, waiting_reason AS reason, count(*)::int AS n FROM enrollments
     WHERE campaign_id = $1 AND status = 'active' AND waiting_reason IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
    [campaignId],
  );
  expect(counted.rows).toEqual(scanned.rows);
}

/** Drives one seeded run to its end; what the executor decided and who was sent a reply. */
async function driveToEnd(run: SeededRun, seed: number) {
  const random = seededRandom(seed);
  const clock = startClock('2026-03-02T08:00:00Z');
  const later: LaterResult[] = [];
  const scripted = scriptedExecutor(random, later, () => clock.at());
  const deps = engineDeps(db, clock, { executor: scripted.executor, spacingMs: MINUTE, random });
  const events: PendingEvent[] = [];
  const repliedTo = new Set<string>();
  const planned = new Set<string>();
  for (let guard = 0; guard < 1000; guard++) {
    await drainDueWork(deps);
    await expectWaitingConsistent(run.campaignId);
    const now = clock.at();
    const dueLater = later.filter((l) => l.at <= now);
    for (const l of dueLater) {
      later.splice(later.indexOf(l), 1);
      await recordAnswer(deps, l.actionId, { status: 'done', result: l.result });
      await expectWaitingConsistent(run.campaignId);
    }
    const dueEvents = events.filter((e) => e.at <= now);
    for (const e of dueEvents) {
      events.splice(events.indexOf(e), 1);
      await db.transaction((tx) => applyProspectEvent(tx, deps, { workspaceId: run.workspaceId, accountId: run.accountId, ...e }));
      await expectWaitingConsistent(run.campaignId);
    }
    if (dueLater.length + dueEvents.length > 0) continue;
    // Each wait gets its world: one of the events it waits for, a reply, or (when it has one) its timeout.
    const waiting = await db.query<{
      id: string;
      visit: number;
      wait_events: WaitEvent[] | string;
      until: number | null;
      profile_url: string;
    }>(
      `SELECT e.id, e.visit, e.wait_events, ${msOf('e.next_step_at')} AS until, p.profile_url
       FROM enrollments e JOIN prospects p ON p.id = e.prospect_id WHERE e.campaign_id = $1 AND e.status = 'active' AND e.phase = 'wait'`,
      [run.campaignId],
    );
    for (const w of waiting.rows) {
      if (planned.has(`${w.id}:${w.visit}`)) continue;
      planned.add(`${w.id}:${w.visit}`);
      const on = typeof w.wait_events === 'string' ? (JSON.parse(w.wait_events) as WaitEvent[]) : (w.wait_events ?? []);
      const options: Array<Omit<PendingEvent, 'at' | 'profileUrl'> | null> = on.map((o) => ({
        event: o.event,
        ...(o.keyword ? { text: `x ${o.keyword} y` } : {}),
      }));
      if (w.until !== null) options.push(null);
      if (random() < 0.15) options.push({ event: 'message_received', text: 'Not interested' });
      const chosen = options[Math.floor(random() * options.length)];
      if (!chosen) continue;
      if (chosen.event === 'message_received') repliedTo.add(w.profile_url);
      const inside = w.until === null ? 24 * 60 * MINUTE : Math.max(MINUTE, (w.until - now) / 2);
      events.push({ ...chosen, at: now + Math.ceil(random() * inside), profileUrl: w.profile_url });
    }
    const open = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrollments WHERE campaign_id = $1 AND status IN ('waiting', 'active')`,
      [run.campaignId],
    );
    if (Number(open.rows[0]!.n) === 0) return { ...scripted, repliedTo };
    const due = await campaignNextDueAt(db, run.campaignId);
    const next = Math.min(due ?? Infinity, ...events.map((e) => e.at), ...later.map((l) => l.at));
    if (next === Infinity) throw new Error('enrollments are open but nothing is due: stuck');
    clock.set(Math.max(next, now + 1));
  }
  throw new Error('the run did not end');
}

async function checkRun(definition: WorkflowDefinition, seed: number): Promise<void> {
  const run = await seedRun(db, { graph: definition, prospects: PROSPECTS, dailyLimits: UNLIMITED });
  const { decided, failedEnrollments, repliedTo } = await driveToEnd(run, seed);
  const enrollments = await db.query<{ id: string; status: string; outcome: string; error: string | null; profile_url: string }>(
    'SELECT e.id, e.status, e.outcome, e.error, p.profile_url FROM enrollments e JOIN prospects p ON p.id = e.prospect_id WHERE e.campaign_id = $1',
    [run.campaignId],
  );
  expect(enrollments.rows).toHaveLength(PROSPECTS);
  for (const e of enrollments.rows) {
    const timeline = await db.query<{ node_id: string; type: string; handle: string | null }>(
      'SELECT node_id, type, handle FROM enrollment_steps WHERE enrollment_id = $1 ORDER BY position',
      [e.id],
    );
    const last = timeline.rows[timeline.rows.length - 1]!;
    const outcome = e.outcome as Parameters<typeof endedAtEndStep>[1];
    const atEnd = endedAtEndStep(last.type, outcome);
    const hops = runHops(
      timeline.rows.slice(0, -1).map((s) => ({ nodeId: s.node_id, handle: s.handle })),
      last.node_id,
      atEnd,
    );
    expect(unsimulatedPath(definition, hops, atEnd), `outcome ${outcome}`).toBeNull();
    // The outcome is the one the path explains.
    if (outcome === 'replied') expect(repliedTo.has(e.profile_url)).toBe(true);
    if (outcome === 'failed') expect(failedEnrollments.has(e.id), `failed: ${e.error} after ${hops.join(' → ')}`).toBe(true);
    expect(hops.some((h) => h.endsWith(':not_qualified'))).toBe(outcome === 'not_qualified');
    if (atEnd) expect(e.status).toBe('finished');
  }
  // Each actionId decided once; nothing left offered or scheduled.
  expect([...decided.values()].filter((n) => n !== 1)).toEqual([]);
  const left = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM run_actions WHERE campaign_id = $1 AND status NOT IN ('done', 'failed', 'cancelled')`,
    [run.campaignId],
  );
  expect(Number(left.rows[0]!.n)).toBe(0);
  const done = await db.query<{ id: string; type: string; status: string; error: string | null }>(
    `SELECT id, type, status, error FROM run_actions WHERE campaign_id = $1 AND status IN ('done', 'failed')`,
    [run.campaignId],
  );
  expect(done.rows.filter((a) => decided.get(a.id) !== 1)).toEqual([]);
}

describe('the server engine walks only paths the simulator shows (property)', () => {
  it('ends every enrollment on a simulated path with the outcome it explains, each action decided once', async () => {
    await fc.assert(
      fc.asyncProperty(validWorkflow, fc.nat(), (definition, seed) => checkRun(definition, seed)),
      { numRuns: 15, seed: 9_301, endOnFailure: true },
    );
  }, 600_000);
});
