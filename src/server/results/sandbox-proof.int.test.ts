import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../domain/workflow-types';
import { drainDueWork } from '../testing/run-loop';
import { engineDbPerFile } from '../testing/engine-db';
import { engineDeps, seedRun, startClock, UNLIMITED } from '../testing/runs';
import { campaignResults } from './results';
import { chooseVariantWinner } from './winners';

/**
 * Contract 10.1's proof end to end on the sandbox (embedded, or PostgreSQL with DATABASE_URL): a
 * campaign with an A/B invitation note runs with `variantRates` making B better; the results show B
 * winning; once B is chosen, the prospects who reach the invitation afterwards all get B.
 */

const HOUR = 3_600_000;
const db = engineDbPerFile();

const NOTE_A = 'Hi {{firstName}}, shall we connect?';
const NOTE_B = 'Hi {{firstName}}, I read your post about {{company}}: shall we connect?';

function abInvitation(): WorkflowDefinition {
  const graph = connectionOnlyGraph();
  Object.assign(graph.nodes.find((n) => n.id === 'invite')!.data, {
    wait_for_response_days: 2,
    variants: [
      { variantId: 'a', label: 'Plain', text: NOTE_A },
      { variantId: 'b', label: 'Personal', text: NOTE_B },
    ],
  });
  return graph;
}

describe('contract 10.1 on the sandbox', () => {
  it('B accepted more often: the results say B wins; after choosing B, later prospects get only B', async () => {
    const run = await seedRun(db, { graph: abInvitation(), prospects: 240, dailyLimits: UNLIMITED });
    await db.query(
      `INSERT INTO executor_settings (workspace_id, kind, accept_rate, reply_rate, median_response_hours, variant_rates)
       VALUES ($1, 'sandbox', 0.3, 0, 1, $2)`,
      [run.workspaceId, JSON.stringify({ a: { acceptRate: 0.05 }, b: { acceptRate: 0.6 } })],
    );
    const clock = startClock('2026-03-02T08:00:00Z');
    const deps = engineDeps(db, clock, { spacingMs: 1000 });
    const runFor = async (hours: number) => {
      for (let h = 0; h < hours; h++) {
        await drainDueWork(deps);
        clock.advance(HOUR);
      }
      await drainDueWork(deps);
    };
    await runFor(72);

    const results = (await campaignResults(db, run.workspaceId, run.campaignId))!;
    const invite = results.steps.find((s) => s.nodeId === 'invite')!;
    expect(invite.metric).toBe('accepted');
    const [a, b] = invite.variants;
    expect(a!.sent + b!.sent).toBe(240);
    expect(a!.sent).toBeGreaterThan(80);
    expect(b!.sent).toBeGreaterThan(80);
    expect(b!.rate!).toBeGreaterThan(a!.rate!);
    expect(invite.verdict).toMatchObject({ status: 'winner', variantId: 'b' });
    expect(invite.verdict.note).toMatch(/^Personal is ahead/);

    await chooseVariantWinner(db, run.workspaceId, { campaignId: run.campaignId, nodeId: 'invite', variantId: 'b' });
    // 60 more prospects reach the invitation after the choice.
    await db.query(
      `INSERT INTO prospects (workspace_id, profile_url, name, custom_fields)
       SELECT $1, 'https://network.example/in/later' || i, 'Later ' || i, jsonb_build_object('firstName', 'L' || i) FROM generate_series(1, 60) AS i`,
      [run.workspaceId],
    );
    await db.query(
      `INSERT INTO enrollments (workspace_id, campaign_id, prospect_id, sender_account_id)
       SELECT $1, $2, id, $3 FROM prospects WHERE workspace_id = $1 AND profile_url LIKE '%/later%'`,
      [run.workspaceId, run.campaignId, run.accountId],
    );
    await runFor(6);
    const later = await db.query<{ variant_id: string; text: string }>(
      `SELECT s.variant_id, s.rendered->>'text' AS text FROM enrollment_steps s JOIN enrollments e ON e.id = s.enrollment_id
       JOIN prospects p ON p.id = e.prospect_id WHERE e.campaign_id = $1 AND s.node_id = 'invite' AND p.profile_url LIKE '%/later%'`,
      [run.campaignId],
    );
    expect(later.rows).toHaveLength(60);
    expect(new Set(later.rows.map((r) => r.variant_id))).toEqual(new Set(['b']));
    expect(later.rows.every((r) => r.text.includes('I read your post'))).toBe(true);
    // Those past the invitation keep theirs: the first 240 still split between A and B.
    const after = (await campaignResults(db, run.workspaceId, run.campaignId))!.steps.find((s) => s.nodeId === 'invite')!;
    expect(after.variants.map((v) => v.sent)).toEqual([a!.sent, b!.sent + 60]);
  }, 300_000);
});
