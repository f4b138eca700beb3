import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { campaignRun } from '../run-view/progress';
import { drainDueWork } from '../testing/run-loop';
import { engineDeps, startClock } from '../testing/runs';
import { engineDbPerFile } from '../testing/engine-db';
import { seedDemoIfEmpty } from './seed';

const SECOND = 1000;

describe('the demo run (issue 39: it must show something within two minutes of npm start)', () => {
  const db = engineDbPerFile();

  it('moves every step, gets invitations accepted, replies in the inbox and the funnel filling in two minutes', async () => {
    await seedDemoIfEmpty(db, loadConfig({ DEMO_DATA: '1' }));
    const [campaign] = (
      await db.query<{ id: string; workspace_id: string }>(`SELECT id, workspace_id FROM campaigns WHERE status = 'active'`)
    ).rows;
    // The server's own pace (ACTION_SPACING_S 90 s): only the demo's sender is faster.
    const clock = startClock(new Date().toISOString());
    const deps = engineDeps(db, clock, { spacingMs: 90 * SECOND });
    for (let second = 0; second <= 120; second++) {
      await drainDueWork(deps);
      clock.advance(SECOND);
    }

    const run = await campaignRun(db, campaign!.workspace_id, campaign!.id, { actionSpacingS: 90 }, clock.at());
    const step = (nodeId: string) => run.steps.find((s) => s.nodeId === nodeId)!;
    for (const nodeId of ['start', 'invite', 'webinar_link', 'end']) expect(step(nodeId).entered, nodeId).toBeGreaterThan(0);
    expect(step('invite').done).toBeGreaterThanOrEqual(20); // no stall at the default daily limit's 20
    expect(step('invite').handles.accepted).toBeGreaterThan(0);
    expect(step('webinar_link').done).toBeGreaterThan(0);
    expect(run.enrollments.replied).toBeGreaterThan(0);
    const replies = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE workspace_id = $1 AND direction = 'inbound' AND external_message_id LIKE 'sandbox:reply-%'`,
      [campaign!.workspace_id],
    );
    expect(replies.rows[0]!.n).toBeGreaterThan(0);
  }, 240_000);

  it('gives no other sender its pace: only the demo’s sender has a spacing of its own', async () => {
    const own = await db.query<{ name: string }>(
      `SELECT a.name FROM sender_pacing p JOIN accounts a ON a.id = p.account_id WHERE p.spacing_ms IS NOT NULL`,
    );
    expect(own.rows.map((r) => r.name)).toEqual(['Ben Carter (LinkedIn)']);
  });
});
