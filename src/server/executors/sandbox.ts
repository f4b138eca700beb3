import { createHash } from 'node:crypto';
import { nodeDefinition, type RunEvent } from '../../domain/catalog';
import type { IngestMessageBody } from '../../domain/contract/conversations';
import { DEFAULT_SANDBOX_SEED, type VariantRates } from '../../domain/contract/executors';
import type { VariantId } from '../../domain/variants';
import { DEFAULT_RESPONSE_RATES } from '../../domain/contract/runs';
import { ingestInTx } from '../conversations/ingest';
import type { Clock } from '../db/clock';
import { msOf, ts } from '../db/time-sql';
import type { Db, Queryable } from '../db/types';
import { batcher } from '../jobs/batcher';
import type { Executor, ExecutorAnswer, OfferedAction } from './executor';
import { toIso } from '../../domain/time';

/**
 * Contract 9.4 sandbox: a simulated network inside the server. Deterministic from the workspace's
 * seed and the actionId; de-duplicates on actionId (and counts the duplicates it was offered);
 * accepts and replies later with the configured rates, around the median response time. Its
 * settings are read in the transaction that records each batch of offers: a change applies to the
 * next offer, in every process (contract 10.2).
 */

export interface SandboxSettings {
  readonly acceptRate: number;
  readonly replyRate: number;
  readonly medianResponseHours: number;
  readonly seed: number;
  /** Contract 10.1: rates of a variant that differ from the workspace's. */
  readonly variantRates: VariantRates;
}
const DEFAULT_SANDBOX: SandboxSettings = { ...DEFAULT_RESPONSE_RATES, seed: DEFAULT_SANDBOX_SEED, variantRates: {} };

/** Three uniform numbers in [0, 1) drawn from the seed and the actionId. */
function draws(seed: number, actionId: string): [number, number, number] {
  const digest = createHash('sha256').update(`${seed}:${actionId}`).digest();
  const u = (i: number): number => digest.readUInt32BE(i * 4) / 2 ** 32;
  return [u(0), u(1), u(2)];
}

/** A response delay spread a factor 4 either side of the median (log-uniform). */
const responseDelayMs = (medianHours: number, u: number): number => medianHours * 3_600_000 * 2 ** (4 * (u - 0.5));

async function settingsOf(db: Queryable, workspaceId: string): Promise<SandboxSettings> {
  const found = await db.query<{
    accept_rate: number;
    reply_rate: number;
    median_response_hours: number;
    seed: number;
    variant_rates: VariantRates;
  }>(
    `SELECT accept_rate, reply_rate, median_response_hours, seed, variant_rates FROM executor_settings WHERE workspace_id = $1 AND kind = 'sandbox'`,
    [workspaceId],
  );
  const s = found.rows[0];
  return s
    ? {
        acceptRate: s.accept_rate,
        replyRate: s.reply_rate,
        medianResponseHours: s.median_response_hours,
        seed: s.seed,
        variantRates: s.variant_rates,
      }
    : DEFAULT_SANDBOX;
}

/** A message the sandbox's network carried between a sender and a person. */
export interface SandboxMessage {
  readonly workspaceId: string;
  readonly accountId: string;
  /** Normalised (domain/profile-url.ts); empty for a contact without one. */
  readonly profileUrl: string;
  /** Its externalMessageId: the actionId of a send (so recording a reply as sent finds it), or an event's key. */
  readonly key: string;
  readonly direction: 'inbound' | 'outbound';
  readonly text: string;
  readonly at: number;
  /** An inbox reply's own conversation. */
  readonly conversationId?: string | null;
  /** Contract 8.2: the campaign step that sent it. */
  readonly campaign?: { readonly campaignId: string; readonly nodeId: string | null };
}

/**
 * Issue 39: one thread per person and sender. A sandbox message lands in the conversation it
 * belongs to — an inbox reply's own, else the newest one of that sender with that person — and only
 * when there is none in a new conversation named after the prospect. The ingest body and the
 * account's channel; null when the account is gone.
 */
export async function sandboxMessageBody(tx: Queryable, m: SandboxMessage): Promise<{ channel: string; body: IngestMessageBody } | null> {
  const found = await tx.query<{ channel: string; thread: string | null; name: string | null }>(
    `SELECT a.channel, cv.external_conversation_id AS thread, coalesce(cv.contact_name, p.name) AS name
     FROM accounts a
     LEFT JOIN prospects p ON p.workspace_id = a.workspace_id AND p.profile_url = $2
     LEFT JOIN LATERAL (
       SELECT external_conversation_id, contact_name FROM conversations
       WHERE account_id = a.id AND (id = $3::uuid OR ($3::uuid IS NULL AND $2 <> '' AND contact_profile_url = $2))
       ORDER BY last_message_at DESC LIMIT 1) cv ON true
     WHERE a.id = $1`,
    [m.accountId, m.profileUrl, m.conversationId ?? null],
  );
  const row = found.rows[0];
  if (!row) return null;
  return {
    channel: row.channel,
    body: {
      accountId: m.accountId,
      externalConversationId: row.thread ?? `sandbox:${m.profileUrl}`,
      externalMessageId: m.key,
      contact: { name: row.name || m.profileUrl, ...(m.profileUrl !== '' ? { profileUrl: m.profileUrl } : {}) },
      direction: m.direction,
      text: m.text,
      sentAt: toIso(m.at),
      ...(m.campaign ? { campaignId: m.campaign.campaignId, nodeId: m.campaign.nodeId } : {}),
    },
  };
}

/** Offers that arrive close together are recorded in one transaction (one commit for the batch). */
const OFFER_GROUP = { max: 32, waitMs: 2, isolateFailures: true };

export function sandboxExecutor(db: Db, clock: Clock): Executor {
  const offer = batcher(
    (actions: readonly OfferedAction[]) =>
      db.transaction(async (tx) => {
        const now = await clock.now(tx);
        const firstTime = await countOffers(tx, actions, now);
        const settings = new Map<string, SandboxSettings>();
        const answers: ExecutorAnswer[] = [];
        const later: LaterEvent[] = [];
        for (const [i, action] of actions.entries()) {
          let found = settings.get(action.workspaceId);
          if (!found) settings.set(action.workspaceId, (found = await settingsOf(tx, action.workspaceId)));
          answers.push(await recordOffer(tx, action, found, firstTime[i]!, now, later));
        }
        await insertLaterEvents(tx, later);
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

/** An acceptance or a reply the sandbox will send back. */
interface LaterEvent {
  workspaceId: string;
  accountId: string;
  profileUrl: string;
  event: RunEvent;
  text: string | null;
  dueAt: number;
}

/** The events a batch of offers will send back, in one statement. */
async function insertLaterEvents(tx: Queryable, events: readonly LaterEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO sandbox_events (workspace_id, account_id, profile_url, event, text, due_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])`,
    [
      events.map((e) => e.workspaceId),
      events.map((e) => e.accountId),
      events.map((e) => e.profileUrl),
      events.map((e) => e.event),
      events.map((e) => e.text),
      events.map((e) => ts(e.dueAt)),
    ],
  );
}

/** The sandbox's side of one offer: the message it sent, and (into `later`) what it will answer later (first offers only). */
async function recordOffer(
  tx: Queryable,
  action: OfferedAction,
  settings: SandboxSettings,
  first: boolean,
  now: number,
  later: LaterEvent[],
): Promise<ExecutorAnswer> {
  const [u1, u2, u3] = draws(settings.seed, action.actionId);
  const run = nodeDefinition(action.type)?.run;
  const result: Record<string, unknown> = {};
  if (run?.does === 'score') result.score = Math.floor(u1 * 101);
  if (run?.does === 'ask') result[run.resultKey] = u1 < settings.acceptRate;
  const answer: ExecutorAnswer = { status: 'done', result };
  if (!first || action.sender.accountId === null) return answer;
  if (action.payload.text !== undefined) {
    const conversationId = action.payload.data.conversationId;
    const message = await sandboxMessageBody(tx, {
      workspaceId: action.workspaceId,
      accountId: action.sender.accountId,
      profileUrl: action.prospect.profileUrl,
      key: action.actionId,
      direction: 'outbound',
      text: action.payload.text,
      at: now,
      conversationId: typeof conversationId === 'string' ? conversationId : null,
      ...(action.campaignId !== null ? { campaign: { campaignId: action.campaignId, nodeId: action.nodeId } } : {}),
    });
    if (message) await ingestInTx(tx, action.workspaceId, message.channel, message.body, { sandbox: true });
  }
  if (action.awaits === null) return answer;
  // Contract 10.1: a variant may be given its own rates, so a real difference can be simulated.
  const own = action.payload.variantId === undefined ? undefined : settings.variantRates[action.payload.variantId as VariantId];
  const rate = action.awaits === 'invitation_accepted' ? (own?.acceptRate ?? settings.acceptRate) : (own?.replyRate ?? settings.replyRate);
  if (u2 >= rate) return answer;
  later.push({
    workspaceId: action.workspaceId,
    accountId: action.sender.accountId,
    profileUrl: action.prospect.profileUrl,
    event: action.awaits,
    text: action.awaits === 'message_received' ? 'Thanks for reaching out — tell me more.' : null,
    dueAt: now + responseDelayMs(settings.medianResponseHours, u3),
  });
  return answer;
}

/** An acceptance or a reply the sandbox sends back once it is due. */
export interface SandboxEvent {
  readonly id: string;
  readonly workspaceId: string;
  readonly accountId: string;
  readonly profileUrl: string;
  readonly event: RunEvent;
  readonly text: string | null;
}

/** When the sandbox's next event is due (a SQL expression of epoch milliseconds, null when none). */
export const NEXT_SANDBOX_EVENT_AT = `(SELECT ${msOf('min(due_at)')} FROM sandbox_events WHERE delivered_at IS NULL)`;

/**
 * Up to `limit` due events, locked for the caller's transaction and marked delivered in it: the
 * caller hands them to the run engine before it commits, so each is delivered once.
 */
export async function takeDueSandboxEvents(tx: Queryable, now: number, limit: number): Promise<SandboxEvent[]> {
  const due = await tx.query<{
    id: string;
    workspace_id: string;
    account_id: string;
    profile_url: string;
    event: RunEvent;
    text: string | null;
    due: number;
  }>(
    `UPDATE sandbox_events SET delivered_at = $1 WHERE id IN (
       SELECT id FROM sandbox_events WHERE delivered_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id::text, workspace_id, account_id, profile_url, event, text, ${msOf('due_at')} AS due`,
    [ts(now), limit],
  );
  // In due order, as they were taken (RETURNING keeps no order).
  return due.rows
    .sort((a, b) => a.due - b.due || Number(a.id) - Number(b.id))
    .map((e) => ({
      id: e.id,
      workspaceId: e.workspace_id,
      accountId: e.account_id,
      profileUrl: e.profile_url,
      event: e.event,
      text: e.text,
    }));
}
