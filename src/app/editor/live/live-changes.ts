import { create } from 'zustand';
import type { ChangeVia } from '../../../domain/contract/changes';
import { fetchCampaign, rememberCampaign, rememberedCampaign, type Campaign } from '../../api/campaigns';
import { isOwnChange, type CampaignChanged } from '../../api/changes';
import { queryClient } from '../../api/query-client';
import { baseOf, metaOf } from '../save/merge-flow';
import { editorStore } from '../store';
import { followCampaignStatus } from './campaign-status';
import { describeRemoteChange } from './describe-change';

/**
 * Contract 8.5 in the editor: what to do when the open campaign was saved or launched elsewhere.
 * No local edits → the canvas takes the new version in place (viewport and selection kept);
 * local edits → the banner offers the merge; launched → read-only. This tab's own saves are ignored.
 */

export interface LiveNotice {
  /** reloaded: the canvas shows the new version; needs-merge: local edits wait for a merge; launched: read-only now. */
  kind: 'reloaded' | 'needs-merge' | 'launched';
  via: ChangeVia | undefined;
  /** When it arrived here (ms): the banner's age ticks from it, free of any clock skew with the server. */
  at: number;
  summary: string;
  server: Campaign;
  /** There were unsaved edits when it arrived (they stay on the canvas). */
  hadEdits: boolean;
}

export const useLiveNotice = create<{ notice: LiveNotice | null }>(() => ({ notice: null }));
export const dismissLiveNotice = (): void => useLiveNotice.setState({ notice: null });

/**
 * Whether a notice still has something to say while the edit is based on `baseUpdatedAt`: an offer to
 * merge is done once the edit is based on that version or a newer one (a save merged it, the merge was
 * taken, or the canvas reloaded).
 */
export const noticeStands = (notice: LiveNotice, baseUpdatedAt: string | null): boolean =>
  notice.kind !== 'needs-merge' || !baseUpdatedAt || Date.parse(baseUpdatedAt) < Date.parse(notice.server.updated_at);

type Change = Partial<Pick<CampaignChanged, 'updated_at' | 'via' | 'clientId'>>;

let queue: Promise<void> = Promise.resolve();

/** Handles changes one at a time, in arrival order (each reads the campaign once). An empty change = "check for missed ones". */
export function onRemoteChange(campaignId: string, change: Change): Promise<void> {
  queue = queue.then(() => applyRemoteChange(campaignId, change)).catch(() => undefined);
  return queue;
}

async function applyRemoteChange(campaignId: string, change: Change): Promise<void> {
  if (isOwnChange(change)) return;
  const current = editorStore.getState();
  if (current.campaign?.campaignId !== campaignId || (change.updated_at && change.updated_at === current.baseUpdatedAt)) return;
  const server = await fetchCampaign(campaignId);
  const s = editorStore.getState();
  if (s.campaign?.campaignId !== campaignId || server.updated_at === s.baseUpdatedAt) return;
  // What changed since the version this edit started from (cached at open/save), not against unsaved edits.
  const base = rememberedCampaign(queryClient, campaignId);
  const baseGraph = base?.updated_at === s.baseUpdatedAt ? base.workflow_definition : s.getDefinition();
  const summary = describeRemoteChange(baseGraph, server.workflow_definition);
  const dirty = s.dirty;
  if (!dirty) reloadInPlace(server);
  const launched = server.status !== 'draft';
  if (launched) followCampaignStatus(campaignId, server.status);
  useLiveNotice.setState({
    notice: {
      kind: launched ? 'launched' : dirty ? 'needs-merge' : 'reloaded',
      via: change.via,
      at: Date.now(),
      summary,
      server,
      hadEdits: dirty,
    },
  });
}

/**
 * The saved version replaces the canvas as one named undo step ("Take the version saved elsewhere"):
 * Undo brings back the graph you were looking at, on purpose, rather than silently dropping history.
 * React Flow keeps the viewport; the selection is re-applied to the steps and connections that still exist.
 */
function reloadInPlace(server: Campaign): void {
  const s = editorStore.getState();
  const { nodeIds, edgeIds } = s.selection;
  s.loadDefinition(server.workflow_definition, { label: 'Take the version saved elsewhere', markDirty: false, base: baseOf(server) });
  const loaded = editorStore.getState();
  loaded.markSaved(metaOf(server), loaded.revision, server.workflow_definition);
  const nodes = new Set(loaded.nodes.map((n) => n.id));
  const edges = new Set(loaded.edges.map((e) => e.id));
  const selectNodes = nodeIds.filter((id) => nodes.has(id)).map((id) => ({ type: 'select' as const, id, selected: true }));
  const selectEdges = edgeIds.filter((id) => edges.has(id)).map((id) => ({ type: 'select' as const, id, selected: true }));
  if (selectNodes.length > 0) loaded.onNodesChange(selectNodes);
  if (selectEdges.length > 0) editorStore.getState().onEdgesChange(selectEdges);
  rememberCampaign(queryClient, server);
}
