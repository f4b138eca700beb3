import { create } from 'zustand';
import type { WorkflowDefinition } from '../../../domain';
import { campaignStatusSchema } from '../../../domain/contract/campaigns';
import { mergeGraphs, type MergeResult } from '../../../domain/paths';
import type { Campaign } from '../../api/campaigns';
import { fetchVersionSavedAt } from '../../api/power';
import { toast } from '../../ui/toast';
import { editorStore, readOnlyMessage, type BaseVersion, type CampaignMeta } from '../store';
import { clearDraft } from './drafts';

/**
 * Someone saved the campaign while I had unsaved edits (a stale save, or a live change while
 * dirty): merge base (the graph my edit started from) / theirs (the server's) / mine (the canvas)
 * with the domain's `mergeGraphs`. No conflict: the merged graph goes on the canvas at once, as
 * one undo step, unsaved, based on their `updated_at`. Conflicts: the merge dialog asks.
 */

export interface MergeSession {
  server: Campaign;
  result: MergeResult;
}

/** The open merge dialog (UI state, not graph state). */
export const useMergeState = create<{ session: MergeSession | null }>(() => ({ session: null }));

export const metaOf = ({ workflow_definition: _graph, ...meta }: Campaign): CampaignMeta => meta;
/** A saved campaign as the base of an edit. */
export const baseOf = (server: Campaign): BaseVersion => ({ updatedAt: server.updated_at, definition: server.workflow_definition });

/**
 * The graph my edit started from: the store's, else the version history's graph saved at
 * `baseUpdatedAt`; null when neither is available (the merge is then two-way).
 */
async function baseGraph(campaignId: string): Promise<WorkflowDefinition | null> {
  const s = editorStore.getState();
  if (s.baseDefinition) return s.baseDefinition;
  if (!s.baseUpdatedAt) return null;
  try {
    return (await fetchVersionSavedAt(campaignId, s.baseUpdatedAt))?.workflow_definition ?? null;
  } catch {
    return null;
  }
}

type Outcome = 'merged' | 'asked' | 'none';
let pending: Promise<Outcome> | null = null;

/** Merges the server's newer campaign into the canvas (called by live changes while dirty, and by a stale save). */
export async function mergeServerVersion(server: Campaign): Promise<void> {
  await mergeWithServer(server);
}

/**
 * The same, saying what happened: `merged` (no question; on the canvas, unsaved), `asked` (the
 * merge dialog is open) or `none`. One merge at a time: a change arriving meanwhile merges after.
 * `saving`: the user asked to save, so the toast says the save goes on.
 */
export function mergeWithServer(server: Campaign, options: { saving?: boolean } = {}): Promise<Outcome> {
  const run = (pending ?? Promise.resolve<Outcome>('none')).then(() => mergeNow(server, options.saving === true));
  pending = run;
  void run.finally(() => {
    if (pending === run) pending = null;
  });
  return run;
}

async function mergeNow(server: Campaign, saving: boolean): Promise<Outcome> {
  const start = editorStore.getState();
  if (start.campaign?.campaignId !== server.campaignId) return 'none';
  if (server.status !== 'draft') {
    markNotDraft(server.status);
    return 'none';
  }
  if (start.baseUpdatedAt && Date.parse(start.baseUpdatedAt) >= Date.parse(server.updated_at)) return 'none'; // already based on it
  if (!start.dirty) {
    loadServerVersion(server, { quiet: true });
    return 'none';
  }
  const base = await baseGraph(server.campaignId);
  const s = editorStore.getState();
  if (s.campaign?.campaignId !== server.campaignId) return 'none';
  const result = mergeGraphs(base, server.workflow_definition, s.getDefinition());
  if (result.conflicts.length > 0) {
    useMergeState.setState({ session: { server, result } });
    return 'asked';
  }
  applyMerged(result.merged, server);
  const dropped = result.dropped.length;
  const left = dropped > 0 ? ` ${dropped === 1 ? 'One connection' : `${dropped} connections`} to a deleted step left out.` : '';
  if (saving) toast.info(`Someone saved meanwhile: merged their changes with yours (no overlap), saving.${left}`);
  else toast.success(`Merged their changes with yours — review and save.${left}`);
  return 'merged';
}

/**
 * Puts a merged graph on the canvas as one undo step, unsaved, now based on the server's version
 * (so the next save is checked against their `updated_at`, and a later merge starts from their graph).
 */
export function applyMerged(graph: WorkflowDefinition, server: Campaign): void {
  const s = editorStore.getState();
  s.loadDefinition(graph, { label: 'Merge their changes', markDirty: true, base: baseOf(server) });
  editorStore.setState({ campaign: metaOf(server) });
  useMergeState.setState({ session: null });
}

/** "Discard mine and load theirs": the server's graph replaces the canvas. */
export function loadServerVersion(server: Campaign, options: { quiet?: boolean } = {}): void {
  const s = editorStore.getState();
  s.loadDefinition(server.workflow_definition, { label: 'Load the saved version', markDirty: false, base: baseOf(server) });
  s.markSaved(metaOf(server), editorStore.getState().revision, server.workflow_definition);
  clearDraft(server.campaignId);
  useMergeState.setState({ session: null });
  if (!options.quiet) toast.info('Loaded the saved version; your changes were discarded.');
}

/** The campaign is no longer a draft: the editor turns read-only and keeps the unsaved work in this browser. */
export function markNotDraft(reported: unknown): void {
  const status = campaignStatusSchema.safeParse(reported).data ?? null;
  const s = editorStore.getState();
  s.setReadOnly(readOnlyMessage(status));
  if (s.campaign && status) editorStore.setState({ campaign: { ...s.campaign, status } });
  toast.error(`Not saved: ${readOnlyMessage(status)} Your changes are kept in this browser.`);
}
