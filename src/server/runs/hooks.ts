import type { EngineHooks } from '../hooks';
import type { Subscriber } from '../outbox';
import type { EngineSettings } from './engine-deps';
import { receiveInbound } from './inbound';
import { notifyRunMoved } from './progress-notice';
import { giveBackBeyondLimits, takeBackRemovedSendersActions } from './removed-sender';
import { conversationReplies, queueReply } from './replies';
import { wakeRuns } from './wake';

/**
 * The run engine's side of what resources tell it (contract 9.3, 9.4): its hooks (server/hooks.ts)
 * and its outbox subscriber, both registered by main.ts, so no resource imports the engine.
 */

export function runEngineHooks(settings: EngineSettings): EngineHooks {
  return {
    ingest: (tx, workspaceId, channel, message) => receiveInbound(tx, settings, workspaceId, channel, message),
    sendersChanged: async (tx, campaignId) => {
      await takeBackRemovedSendersActions(tx, campaignId);
    },
    limitsChanged: async (tx, accountId) => {
      await giveBackBeyondLimits(tx, accountId);
    },
    queueReply: async (tx, workspaceId, conversationId, text) =>
      queueReply(tx, workspaceId, conversationId, text, await settings.clock.now(tx)),
    replies: async (db, workspaceId, conversationId) => conversationReplies(db, workspaceId, conversationId, await settings.clock.now(db)),
  };
}

/**
 * The engine's outbox subscriber: a launch, or prospects enrolled, make run work due (the run workers
 * of every process claim on commit), and an enrollment changes a run's counts (run.progress).
 */
export const runEngineSubscriber: Subscriber = async (tx, events) => {
  const type = events[0]?.type;
  if (type === 'campaign.launched') await wakeRuns(tx);
  if (type !== 'prospect.enrolled') return;
  const campaigns = new Set(events.map((e) => (e.data as { campaignId: string }).campaignId));
  await notifyRunMoved(tx, [...campaigns]);
  await wakeRuns(tx);
};
