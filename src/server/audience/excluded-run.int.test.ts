import { describe, expect, it } from 'vitest';
import { edge, node } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { runCounts } from '../run-view/run-counts';
import type { Executor } from '../executors/executor';
import { drainDueWork } from '../testing/run-loop';
import { sandboxExecutor } from '../executors/sandbox';
import { engineDeps, seedRun, startClock } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { EXCLUDED_STEP_NOTE } from '../runs/apply-advance';
import { addExclusion, removeExclusion } from './exclusions';
import { queueReply } from '../runs/replies';

/**
 * Contract 10.3 enforced again before each action, on a real database (embedded, or PostgreSQL with
 * DATABASE_URL) with a fake clock: a prospect who goes on the do-not-contact list mid-run — by
 * profile, company or e-mail domain — ends before their next action (stopped, outcome excluded) and
 * is offered nothing more; the others go on.
 */

const DAY = 86_400_000;
const db = engineDbPerFile();

/** start → visit → one day → visit again → end: one action before the wait and one after. */
const twoVisits = (): WorkflowDefinition => ({
  nodes: [
    node('start', 'start'),
    node('first', 'profile_visit'),
    node('wait', 'delay', { delay_amount: 1, delay_type: 'days' }),
    node('second', 'profile_visit'),
    node('end', 'end'),
  ],
  edges: [edge('start', 'first'), edge('first', 'wait'), edge('wait', 'second'), edge('second', 'end')],
});

/** The sandbox, counting the offers of one campaign by prospect (the run loop moves every campaign of the database). */
function counting(inner: Executor, campaignId: string): Executor & { offers: Map<string, number> } {
  const offers = new Map<string, number>();
  return {
    offers,
    async offer(action) {
      if (action.campaignId === campaignId) offers.set(action.prospect.profileUrl, (offers.get(action.prospect.profileUrl) ?? 0) + 1);
      return inner.offer(action);
    },
  };
}

describe('an exclusion added mid-run', () => {
  it('stops the prospect before their next action, 0 offered, whichever way the entry names them', async () => {
    const run = await seedRun(db, { graph: twoVisits(), prospects: 4 });
    // Who they are: one by profile, one by company, one by e-mail domain, and one nobody names.
    const people = [
      { url: 'https://www.linkedin.com/in/by-profile', company: null, email: null },
      { url: 'https://www.linkedin.com/in/by-company', company: '  ACME Corp ', email: null },
      { url: 'https://www.linkedin.com/in/by-domain', company: 'Other', email: 'Ann@EU.acme.example' },
      { url: 'https://www.linkedin.com/in/kept', company: 'Acme Corporation', email: 'kim@notacme.example' },
    ];
    for (const [i, p] of people.entries())
      await db.query('UPDATE prospects SET profile_url = $3, company = $4, email = $5 WHERE workspace_id = $1 AND name = $2', [
        run.workspaceId,
        `Prospect ${i + 1}`,
        p.url,
        p.company,
        p.email,
      ]);
    const clock = startClock('2026-03-02T08:00:00Z');
    const executor = counting(sandboxExecutor(db, clock), run.campaignId);
    const deps = engineDeps(db, clock, { executor, spacingMs: 1000 });
    await drainDueWork(deps);
    clock.advance(60_000);
    await drainDueWork(deps);
    // Everyone had their first visit (a second or so apart) and now waits a day.
    expect([...executor.offers.values()]).toEqual([1, 1, 1, 1]);

    for (const [kind, value] of [
      ['profile', 'linkedin.com/in/BY-PROFILE/'],
      ['company', 'acme corp'],
      ['domain', 'acme.example'],
    ] as const)
      await addExclusion(db, run.workspaceId, { kind, value, reason: 'Customer' }, 'studio');
    clock.advance(DAY);
    await drainDueWork(deps);
    clock.advance(60_000);
    await drainDueWork(deps);

    expect(Object.fromEntries(executor.offers)).toEqual({
      [people[0]!.url]: 1,
      [people[1]!.url]: 1,
      [people[2]!.url]: 1,
      [people[3]!.url]: 2,
    });
    const ended = await db.query<{ profile_url: string; status: string; outcome: string }>(
      `SELECT p.profile_url, e.status, e.outcome FROM enrollments e JOIN prospects p ON p.id = e.prospect_id
       WHERE e.campaign_id = $1 ORDER BY p.profile_url`,
      [run.campaignId],
    );
    expect(ended.rows).toEqual(
      [
        { profile_url: people[0]!.url, status: 'stopped', outcome: 'excluded' },
        { profile_url: people[1]!.url, status: 'stopped', outcome: 'excluded' },
        { profile_url: people[2]!.url, status: 'stopped', outcome: 'excluded' },
        { profile_url: people[3]!.url, status: 'finished', outcome: 'finished' },
      ].sort((a, b) => a.profile_url.localeCompare(b.profile_url)),
    );
    // Their timeline says why the second visit was not made; its action is cancelled, its quota slot given back.
    const second = await db.query<{ status: string; error: string | null }>(
      `SELECT s.status, s.error FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id
       WHERE e.campaign_id = $1 AND s.node_id = 'second' AND e.outcome = 'excluded'`,
      [run.campaignId],
    );
    expect(second.rows).toEqual(Array.from({ length: 3 }, () => ({ status: 'skipped', error: EXCLUDED_STEP_NOTE })));
    const quota = await db.query<{ used: number; counted: number }>(
      `SELECT (SELECT sum(used)::int FROM sender_quota WHERE account_id = $1) AS used,
              (SELECT count(*)::int FROM run_actions WHERE sender_account_id = $1 AND status <> 'cancelled' AND limit_kind IS NOT NULL) AS counted`,
      [run.accountId],
    );
    expect(quota.rows[0]!.used).toBe(quota.rows[0]!.counted);
    // The run view counts them as stopped.
    const counts = await runCounts(db, run.campaignId);
    expect(counts.enrollments.filter((r) => r.status === 'stopped').reduce((n, r) => n + r.n, 0)).toBe(3);
    const events = await db.query<{ body: string }>(`SELECT body FROM events WHERE workspace_id = $1 AND type = 'prospect.finished'`, [
      run.workspaceId,
    ]);
    expect(events.rows.map((e) => (JSON.parse(e.body) as { data: { outcome: string } }).data.outcome).sort()).toEqual([
      'excluded',
      'excluded',
      'excluded',
      'finished',
    ]);
  });

  it('an action already waiting for its slot when the entry is added is not offered (the last look before the offer checks again)', async () => {
    const run = await seedRun(db, { graph: twoVisits(), prospects: 3 });
    const clock = startClock('2026-03-02T08:00:00Z');
    const executor = counting(sandboxExecutor(db, clock), run.campaignId);
    // An hour between one sender's actions: the later prospects' first visits wait for their slots.
    const deps = engineDeps(db, clock, { executor, spacingMs: 3_600_000 });
    await drainDueWork(deps);
    expect([...executor.offers.values()]).toEqual([1]);
    const waiting = await db.query<{ profile_url: string }>(
      `SELECT p.profile_url FROM run_actions a JOIN enrollments e ON e.id = a.enrollment_id JOIN prospects p ON p.id = e.prospect_id
       WHERE a.campaign_id = $1 AND a.status = 'scheduled' ORDER BY a.not_before`,
      [run.campaignId],
    );
    expect(waiting.rows).toHaveLength(2);
    const last = waiting.rows[1]!.profile_url;
    await db.query(`UPDATE prospects SET email = 'late@blocked.example' WHERE workspace_id = $1 AND profile_url = $2`, [
      run.workspaceId,
      last,
    ]);
    await addExclusion(db, run.workspaceId, { kind: 'domain', value: 'blocked.example', reason: 'Customer' }, 'import');
    for (let hour = 0; hour < 4; hour++) {
      clock.advance(3_600_000);
      await drainDueWork(deps);
    }
    expect(executor.offers.get(last)).toBeUndefined();
    const rows = await db.query<{ profile_url: string; outcome: string }>(
      `SELECT p.profile_url, e.outcome FROM enrollments e JOIN prospects p ON p.id = e.prospect_id WHERE e.campaign_id = $1 AND e.status = 'stopped'`,
      [run.campaignId],
    );
    expect(rows.rows).toEqual([{ profile_url: last, outcome: 'excluded' }]);
    // Its slot was given back: the sender's counter holds only the actions not cancelled.
    const quota = await db.query<{ used: number; counted: number }>(
      `SELECT (SELECT sum(used)::int FROM sender_quota WHERE account_id = $1) AS used,
              (SELECT count(*)::int FROM run_actions WHERE sender_account_id = $1 AND status <> 'cancelled' AND limit_kind IS NOT NULL) AS counted`,
      [run.accountId],
    );
    expect(quota.rows[0]!.used).toBe(quota.rows[0]!.counted);
  });

  it('a prospect on the list by launch ends at its first action step: no action row, no quota slot', async () => {
    const run = await seedRun(db, { graph: twoVisits(), prospects: 2 });
    await db.query(`UPDATE prospects SET company = 'Initech' WHERE workspace_id = $1 AND name = 'Prospect 2'`, [run.workspaceId]);
    await addExclusion(db, run.workspaceId, { kind: 'company', value: 'initech', reason: 'Customer' }, 'studio');
    const clock = startClock('2026-03-02T08:00:00Z');
    const executor = counting(sandboxExecutor(db, clock), run.campaignId);
    // Slots an hour apart: had it gone through the send gate, its action would be waiting for its slot.
    const deps = engineDeps(db, clock, { executor, spacingMs: 3_600_000 });
    await drainDueWork(deps);
    const rows = await db.query<{ name: string; status: string; outcome: string | null; actions: number }>(
      `SELECT p.name, e.status, e.outcome, (SELECT count(*)::int FROM run_actions a WHERE a.enrollment_id = e.id) AS actions
       FROM enrollments e JOIN prospects p ON p.id = e.prospect_id WHERE e.campaign_id = $1 ORDER BY p.name`,
      [run.campaignId],
    );
    expect(rows.rows).toEqual([
      { name: 'Prospect 1', status: 'active', outcome: null, actions: 1 },
      { name: 'Prospect 2', status: 'stopped', outcome: 'excluded', actions: 0 },
    ]);
  });

  it('a person’s own reply from the inbox to someone on the list is still sent', async () => {
    const run = await seedRun(db, { graph: twoVisits(), prospects: 1 });
    const url = 'https://www.linkedin.com/in/wrote-to-us';
    await db.query(`UPDATE prospects SET profile_url = $2 WHERE workspace_id = $1`, [run.workspaceId, url]);
    await addExclusion(db, run.workspaceId, { kind: 'profile', value: url, reason: 'Asked not to be contacted' }, 'studio');
    const thread = await db.query<{ id: string }>(
      `INSERT INTO conversations (workspace_id, account_id, channel, external_conversation_id, contact_name, contact_profile_url,
         last_message_text, last_message_direction, last_message_at, unread_count, message_texts)
       VALUES ($1, $2, 'professional_network', 'thread-dnc', 'Wrote to us', $3, 'Can we talk?', 'inbound', '2026-03-02T07:00:00Z', 1, 'Can we talk?')
       RETURNING id`,
      [run.workspaceId, run.accountId, url],
    );
    const clock = startClock('2026-03-02T08:00:00Z');
    const queued = await db.transaction((tx) =>
      queueReply(tx, run.workspaceId, thread.rows[0]!.id, 'Of course: Tuesday?', Date.parse('2026-03-02T08:00:00Z')),
    );
    expect(queued).toMatchObject({ ok: true });
    const offered: (string | null)[] = [];
    const sandbox = sandboxExecutor(db, clock);
    const deps = engineDeps(db, clock, { executor: { offer: (a) => (offered.push(a.enrollmentId), sandbox.offer(a)) }, spacingMs: 1000 });
    await drainDueWork(deps);
    // The reply went out (no enrollment); the campaign's own action for them did not.
    expect(offered.filter((e) => e === null)).toHaveLength(1);
    const sent = await db.query<{ text: string }>(`SELECT text FROM messages WHERE conversation_id = $1 AND direction = 'outbound'`, [
      thread.rows[0]!.id,
    ]);
    expect(sent.rows).toEqual([{ text: 'Of course: Tuesday?' }]);
    const enrollment = await db.query<{ outcome: string }>('SELECT outcome FROM enrollments WHERE campaign_id = $1', [run.campaignId]);
    expect(enrollment.rows).toEqual([{ outcome: 'excluded' }]);
  });

  it('an entry removed afterwards does not bring a stopped prospect back', async () => {
    const run = await seedRun(db, { graph: twoVisits(), prospects: 1 });
    await db.query(`UPDATE prospects SET company = 'Gone Inc' WHERE workspace_id = $1`, [run.workspaceId]);
    const clock = startClock('2026-03-02T08:00:00Z');
    const executor = counting(sandboxExecutor(db, clock), run.campaignId);
    const deps = engineDeps(db, clock, { executor, spacingMs: 1000 });
    await drainDueWork(deps);
    const { entry } = await addExclusion(db, run.workspaceId, { kind: 'company', value: 'gone inc', reason: 'Asked us to stop' }, 'agent');
    clock.advance(DAY + 60_000);
    await drainDueWork(deps);
    await removeExclusion(db, run.workspaceId, entry.exclusionId);
    clock.advance(DAY);
    await drainDueWork(deps);
    expect([...executor.offers.values()]).toEqual([1]);
    const rows = await db.query<{ status: string; outcome: string }>('SELECT status, outcome FROM enrollments WHERE campaign_id = $1', [
      run.campaignId,
    ]);
    expect(rows.rows).toEqual([{ status: 'stopped', outcome: 'excluded' }]);
  });
});
