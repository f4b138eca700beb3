import { createHash } from 'node:crypto';
import { nodeDefinition, type RunEvent } from '../../domain/catalog';
import { DEFAULT_SANDBOX_SEED } from '../../domain/contract/executors';
import { DEFAULT_RESPONSE_RATES } from '../../domain/contract/runs';
import type { Clock } from '../../domain/run/clock';
import { ingestInTx } from '../conversations/ingest';
import type { Db, Queryable } from '../db/types';
import { applyProspectEvent, type EngineDeps } from './engine';
import type { Executor, ExecutorAnswer, OfferedAction } from './executor';
import { ts } from './time-sql';
import { batcher } from '../jobs/batcher';
import { claimInIndexOrder } from '../jobs/lease';
import { toIso } from '../../domain/time';

/**
 * Contract 9.4 sandbox: a simulated network inside the server. Deterministic from the workspace's
 * seed and the actionId; de-duplicates on actionId (and counts the duplicates it was offered);
 * accepts and replies later with the configured rates, around the median response time.
 */

export interface SandboxSettings {
  readonly acceptRate: number;
  readonly replyRate: number;
  readonly medianResponseHours: number;
  readonly seed: number;
}
export const DEFAULT_SANDBOX: SandboxSettings = { ...DEFAULT_RESPONSE_RATES, seed: DEFAULT_SANDBOX_SEED };

/** Three uniform numbers in [0, 1) drawn from the seed and the actionId. */
function draws(seed: number, actionId: string): [number, number, number] {
  const digest = createHash('sha256').update(`${seed}:${actionId}`).digest();
  const u = (i: number): number => digest.readUInt32BE(i * 4) / 2 ** 32;
  return [u(0), u(1), u(2)];
}

/** A response delay spread a factor 4 either side of the median (log-uniform). */
const responseDelayMs = (medianHours: number, u: number): number => medianHours * 3_600_000 * 2 ** (4 * (u - 0.5));

async function settingsOf(db: Queryable, workspaceId: string): Promise<SandboxSettings> {
  const found = await db.query<{ accept_rate: number; reply_rate: number; median_response_hours: number; seed: number }>(
    `SELECT accept_rate, reply_rate, median_response_hours, seed FROM executor_settings WHERE workspace_id = $1 AND kind = 'sandbox'`,
    [workspaceId],
  );
  const s = found.rows[0];
  return s
    ? { acceptRate: s.accept_rate, replyRate: s.reply_rate, medianResponseHours: s.median_response_hours, seed: s.seed }
    : DEFAULT_SANDBOX;
}

/**
 * Contract 9.4: the sandbox's sends and replies appear in the inbox, marked sandbox, in one
 * conversation per sender and prospect (`sandbox:` + the profile URL); idempotent on the action or event.
 */
async function recordSandboxMessage(
  tx: Queryable,
  of: OfferedAction | { workspaceId: string; accountId: string; profileUrl: string; key: string },
  direction: 'inbound' | 'outbound',
  text: string,
  now: number,
): Promise<void> {
  const [workspaceId, accountId, profileUrl, key] =
    'actionId' in of
      ? [of.workspaceId, of.sender.accountId!, of.prospect.profileUrl, of.actionId]
      : [of.workspaceId, of.accountId, of.profileUrl, of.key];
  const found = await tx.query<{ channel: string; name: string | null }>(
    `SELECT a.channel, p.name FROM accounts a LEFT JOIN prospects p ON p.workspace_id = a.workspace_id AND p.profile_url = $2 WHERE a.id = $1`,
    [accountId, profileUrl],
  );
  const row = found.rows[0];
  if (!row) return;
  await ingestInTx(
    tx,
    workspaceId,
    row.channel,
    {
      accountId,
      externalConversationId: `sandbox:${profileUrl}`,
      externalMessageId: `sandbox:${key}`,
      contact: { name: row.name || profileUrl, profileUrl },
      direction,
      text,
      sentAt: toIso(now),
      // Contract 8.2: the campaign step that sent it (the first non-null sticks to the conversation).
      ...('actionId' in of && of.campaignId !== null ? { campaignId: of.campaignId, nodeId: of.nodeId } : {}),
    },
    { sandbox: true },
  );
}

/** Offers that arrive close together are recorded in one transaction (one commit for the batch). */
const OFFER_GROUP = { max: 32, waitMs: 2, isolateFailures: true };

export function sandboxExecutor(db: Db, clock: Clock): Executor {
  const offer = batcher(
    (actions: readonly OfferedAction[]) =>
      db.transaction(async (tx) => {
        const now = clock.now();
        const firstTime = await countOffers(tx, actions, now);
        const settings = new Map<string, SandboxSettings>();
        const answers: ExecutorAnswer[] = [];
        for (const [i, action] of actions.entries()) {
          let found = settings.get(action.workspaceId);
          if (!found) settings.set(action.workspaceId, (found = await settingsOf(tx, action.workspaceId)));
          answers.push(await recordOffer(tx, action, found, firstTime[i]!, now));
        }
        return answers;
      }),
    OFFER_GROUP,
  );
  return { offer };
}

/**
 * De-duplication on the actionId (contract 9.4): each offer is counted in one statement for the
 * batch; for each, whether it is the action's first offer (a repeat in the batch is not).
 */
async function countOffers(tx: Queryable, actions: readonly OfferedAction[], now: number): Promise<boolean[]> {
  const times = new Map<string, { workspaceId: string; n: number }>();
  // In id order: two processes counting the same actions lock them in the same order.
  for (const a of [...actions].sort((x, y) => (x.actionId < y.actionId ? -1 : 1)))
    times.set(a.actionId, { workspaceId: a.workspaceId, n: (times.get(a.actionId)?.n ?? 0) + 1 });
  const counted = await tx.query<{ action_id: string; offered: number }>(
    `INSERT INTO sandbox_actions AS s (action_id, workspace_id, offered, first_offered_at)
     SELECT u.*, $4::timestamptz FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS u
     ON CONFLICT (action_id) DO UPDATE SET offered = s.offered + excluded.offered RETURNING action_id, offered`,
    [[...times.keys()], [...times.values()].map((t) => t.workspaceId), [...times.values()].map((t) => t.n), ts(now)],
  );
  // Offers before this batch: the count now less this batch's.
  const before = new Map(counted.rows.map((r) => [r.action_id, r.offered - times.get(r.action_id)!.n]));
  return actions.map((a) => {
    const earlier = before.get(a.actionId)!;
    before.set(a.actionId, earlier + 1);
    return earlier === 0;
  });
}

/** The sandbox's side of one offer: the message it sent and the answer it will give later (first offers only). */
async function recordOffer(
  tx: Queryable,
  action: OfferedAction,
  settings: SandboxSettings,
  first: boolean,
  now: number,
): Promise<ExecutorAnswer> {
  const [u1, u2, u3] = draws(settings.seed, action.actionId);
  const run = nodeDefinition(action.type)?.run;
  const result: Record<string, unknown> = {};
  if (run?.does === 'score') result.score = Math.floor(u1 * 101);
  if (run?.does === 'ask') result[run.resultKey] = u1 < settings.acceptRate;
  const answer: ExecutorAnswer = { status: 'done', result };
  if (!first || action.sender.accountId === null) return answer;
  if (action.payload.text !== undefined) await recordSandboxMessage(tx, action, 'outbound', action.payload.text, now);
  if (action.awaits === null) return answer;
  const rate = action.awaits === 'invitation_accepted' ? settings.acceptRate : settings.replyRate;
  if (u2 >= rate) return answer;
  await tx.query(
    `INSERT INTO sandbox_events (workspace_id, account_id, profile_url, event, text, due_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      action.workspaceId,
      action.sender.accountId,
      action.prospect.profileUrl,
      action.awaits,
      action.awaits === 'message_received' ? 'Thanks for reaching out — tell me more.' : null,
      ts(now + responseDelayMs(settings.medianResponseHours, u3)),
    ],
  );
  return answer;
}

/** Sends the sandbox's due acceptances and replies to the engine; the number delivered. */
export async function deliverSandboxEvents(deps: EngineDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await claimInIndexOrder(tx);
    const now = deps.clock.now();
    const due = await tx.query<{
      id: string;
      workspace_id: string;
      account_id: string;
      profile_url: string;
      event: string;
      text: string | null;
    }>(
      `SELECT id, workspace_id, account_id, profile_url, event, text FROM sandbox_events
       WHERE delivered_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [ts(now), deps.batch],
    );
    for (const e of due.rows) {
      if (e.event === 'message_received' && e.text !== null) {
        const profile = { workspaceId: e.workspace_id, accountId: e.account_id, profileUrl: e.profile_url };
        await recordSandboxMessage(tx, { ...profile, key: `reply-${e.id}` }, 'inbound', e.text, now);
      }
      await applyProspectEvent(tx, deps, {
        workspaceId: e.workspace_id,
        accountId: e.account_id,
        profileUrl: e.profile_url,
        event: e.event as RunEvent,
        ...(e.text !== null ? { text: e.text } : {}),
      });
      await tx.query('UPDATE sandbox_events SET delivered_at = $2 WHERE id = $1', [e.id, ts(now)]);
    }
    return due.rows.length;
  });
}
