import { toIso } from '../../domain';
import { campaignChangedSchema, type CampaignChanged } from '../../domain/contract/changes';
import { listenFanOut } from '../db/listen-fan-out';
import type { Db, Queryable } from '../db/types';
import type { OutboxEvent } from '../outbox';
import type { ChangeOrigin } from '../http/change-origin';

/**
 * Contract 8.5 live changes. A save or launch emits its event; this module's outbox subscriber
 * (`announceCampaignChange`) calls `notifyCampaignChanged` inside that transaction:
 * PostgreSQL (and PGlite) deliver the NOTIFY only when that transaction commits, to every process
 * listening on the database. Each process listens once (`campaignChangeFeed`) and fans the change
 * out to its open streams of that campaign.
 */

const CHANNEL = 'campaign_changes';

interface ChangedRow {
  id: string;
  workspace_id: string;
  status: CampaignChanged['status'];
  updated_at: Date | string;
}

/** In the save/launch transaction: announce the new state of `row` (sent on commit, dropped on rollback). */
export async function notifyCampaignChanged(tx: Queryable, row: ChangedRow, origin: ChangeOrigin): Promise<void> {
  const change: CampaignChanged & { workspaceId: string } = {
    workspaceId: row.workspace_id,
    campaignId: row.id,
    updated_at: toIso(row.updated_at),
    status: row.status,
    via: origin.via,
    ...(origin.clientId ? { clientId: origin.clientId } : {}),
  };
  await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
}

/** Outbox subscriber: an event about a campaign's state (it names campaignId, status, updated_at) is announced to live views. */
export async function announceCampaignChange(tx: Queryable, events: readonly OutboxEvent[]): Promise<void> {
  for (const event of events) {
    const parsed = eventCampaign.safeParse(event.data);
    if (!parsed.success) continue;
    const { campaignId, status, updated_at } = parsed.data;
    await notifyCampaignChanged(tx, { id: campaignId, workspace_id: event.workspaceId, status, updated_at }, event.origin);
  }
}

const eventCampaign = campaignChangedSchema.pick({ campaignId: true, status: true, updated_at: true });

const notified = campaignChangedSchema.extend({ workspaceId: campaignChangedSchema.shape.campaignId });

export interface CampaignChangeFeed {
  /** Calls `onChange` for every change of that campaign from now on; resolves once listening. The result unsubscribes. */
  subscribe(workspaceId: string, campaignId: string, onChange: (change: CampaignChanged) => void): Promise<() => void>;
}

/** One LISTEN per process (db/listen-fan-out.ts), one subscriber set per campaign. */
export function campaignChangeFeed(db: Db): CampaignChangeFeed {
  const changes = listenFanOut(db, CHANNEL, (payload) => {
    let parsed;
    try {
      parsed = notified.safeParse(JSON.parse(payload));
    } catch {
      return null;
    }
    if (!parsed.success) return null;
    const { workspaceId, ...change } = parsed.data;
    return { key: `${workspaceId}/${change.campaignId}`, value: change };
  });
  return { subscribe: (workspaceId, campaignId, onChange) => changes.subscribe(`${workspaceId}/${campaignId}`, onChange) };
}
