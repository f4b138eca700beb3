import { create } from 'zustand';
import type { Violation } from '../../../domain';
import { ERROR_CODES } from '../../../domain/contract/errors';
import { fetchCampaign, rememberCampaign, saveWorkflow } from '../../api/campaigns';
import { ToolError } from '../../api/mcp';
import { queryClient } from '../../api/query-client';
import { toast } from '../../ui/toast';
import { useCanvasUi } from '../canvas/canvas-ui';
import { editorStore } from '../store';
import { clearDraft } from './drafts';
import { markNotDraft, mergeWithServer, metaOf } from './merge-flow';

/** Save progress (UI state, not graph state). */
export const useSaveState = create<{ saving: boolean }>(() => ({ saving: false }));

/** Why the save button is disabled, in users' words; null when saving is possible. */
export function saveBlocker(s: {
  readOnly: boolean;
  readOnlyReason: string | null;
  validation: { errors: number };
  campaign: unknown;
}): string | null {
  if (!s.campaign) return 'Loading…';
  if (s.readOnly) return s.readOnlyReason ?? 'This campaign is read-only';
  if (s.validation.errors > 0)
    return `Fix ${s.validation.errors} ${s.validation.errors === 1 ? 'error' : 'errors'} before saving (see Problems)`;
  return null;
}

/**
 * How many times one save may merge a stale answer and save again: the user asked once, so a
 * campaign someone keeps saving meanwhile ends in a clear message, not an endless loop.
 */
export const MAX_MERGED_RESAVES = 3;

/**
 * Explicit save (button, Ctrl/Cmd+S): the whole graph, guarded by the updated_at the edit is based
 * on. Server answers map back: stale_edit → three-way merge with the saved version (merge-flow.ts),
 * campaign_not_draft → read-only, invalid_workflow → overlays.
 */
export function saveCampaign(): Promise<boolean> {
  return saveOnce(MAX_MERGED_RESAVES);
}

async function saveOnce(resavesLeft: number): Promise<boolean> {
  const s = editorStore.getState();
  const blocker = saveBlocker(s);
  if (blocker) {
    toast.error(blocker);
    if (s.validation.errors > 0) useCanvasUi.getState().setProblemsOpen(true);
    return false;
  }
  if (useSaveState.getState().saving || !s.campaign) return false;
  const campaignId = s.campaign.campaignId;
  const revision = s.revision;
  const definition = s.getDefinition();
  useSaveState.setState({ saving: true });
  try {
    const saved = await saveWorkflow({
      campaignId,
      expectedUpdatedAt: s.baseUpdatedAt ?? '',
      workflow_definition: definition,
    });
    rememberCampaign(queryClient, saved);
    const now = editorStore.getState();
    if (now.campaign?.campaignId !== campaignId) return true;
    now.markSaved(metaOf(saved), revision, definition);
    if (!editorStore.getState().dirty) clearDraft(campaignId);
    // Contract 10.4: a revision's save changes nothing for the running campaign's prospects either.
    toast.success(
      now.campaign?.revisionOf
        ? 'Saved. Nothing changes for prospects until you publish.'
        : 'Saved. The campaign stays a draft; nothing was sent.',
    );
    return true;
  } catch (error) {
    const merged = await handleSaveError(error, campaignId);
    useSaveState.setState({ saving: false });
    if (!merged) return false;
    // A stale save merged without a question: the user asked to save, so save the merged graph.
    if (resavesLeft > 0) return await saveOnce(resavesLeft - 1);
    toast.error('Not saved: others keep saving this campaign. Their changes are merged into yours on the canvas; save again in a moment.');
    return false;
  } finally {
    useSaveState.setState({ saving: false });
  }
}

/** Maps a failed save to the UI; true when a stale save was merged without a question (save again). */
async function handleSaveError(error: unknown, campaignId: string): Promise<boolean> {
  const store = editorStore.getState();
  if (!(error instanceof ToolError)) {
    toast.error(`Not saved: ${(error as Error).message}`);
    return false;
  }
  switch (error.code) {
    case ERROR_CODES.stale_edit: {
      try {
        const server = await fetchCampaign(campaignId);
        return (await mergeWithServer(server, { saving: true })) === 'merged';
      } catch (e) {
        toast.error(`Someone saved this campaign meanwhile, and it could not be read again: ${(e as Error).message}`);
      }
      return false;
    }
    case ERROR_CODES.campaign_not_draft:
      markNotDraft(error.details.status);
      return false;
    case ERROR_CODES.invalid_workflow: {
      const violations = Array.isArray(error.details.violations) ? (error.details.violations as Violation[]) : [];
      store.setServerViolations(violations);
      useCanvasUi.getState().setProblemsOpen(true);
      toast.error('Not saved: the server found rule breaks (shown on the canvas).');
      return false;
    }
    default:
      toast.error(`Not saved: ${error.message}`);
      return false;
  }
}
