import type { CampaignStatus } from '../../../domain';
import { create } from 'zustand';
import type { Violation } from '../../../domain';
import { fetchCampaign, rememberCampaign, saveWorkflow, type Campaign } from '../../api/campaigns';
import { ToolError } from '../../api/mcp';
import { queryClient } from '../../api/query-client';
import { toast } from '../../ui/toast';
import { useCanvasUi } from '../canvas/canvas-ui';
import { diffGraphs, type GraphDiff } from '../../../domain/paths';
import { editorStore, readOnlyMessage, type CampaignMeta } from '../store';
import { clearDraft } from './drafts';

export interface Conflict {
  server: Campaign;
  diff: GraphDiff;
}

/** Save progress and the open stale-edit conflict (UI state, not graph state). */
export const useSaveState = create<{ saving: boolean; conflict: Conflict | null }>(() => ({ saving: false, conflict: null }));

const metaOf = ({ workflow_definition: _graph, ...meta }: Campaign): CampaignMeta => meta;

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
 * Explicit save (button, Ctrl/Cmd+S): the whole graph, guarded by the updated_at the edit is based
 * on. Server answers map back: stale_edit → conflict dialog, campaign_not_draft → read-only,
 * invalid_workflow → overlays. `overrideBase` saves on top of a newer version after the user confirmed.
 */
export async function saveCampaign(options: { overrideBase?: string } = {}): Promise<boolean> {
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
      expectedUpdatedAt: options.overrideBase ?? s.baseUpdatedAt ?? '',
      workflow_definition: definition,
    });
    rememberCampaign(queryClient, saved);
    const now = editorStore.getState();
    if (now.campaign?.campaignId !== campaignId) return true;
    now.markSaved(metaOf(saved), revision);
    if (!editorStore.getState().dirty) clearDraft(campaignId);
    useSaveState.setState({ conflict: null });
    // Spec 3.1: the save stored the graph in advanced mode; say so the one time it changes.
    const switched = s.campaign.editingMode === 'easy' && saved.editingMode === 'advanced';
    toast.success(
      switched
        ? 'Saved. The campaign stays a draft; nothing was sent. It is now in Advanced mode: you edit it on the canvas from now on, and its easy-mode step list will not come back.'
        : 'Saved. The campaign stays a draft; nothing was sent.',
    );
    return true;
  } catch (error) {
    await handleSaveError(error, campaignId);
    return false;
  } finally {
    useSaveState.setState({ saving: false });
  }
}

async function handleSaveError(error: unknown, campaignId: string): Promise<void> {
  const store = editorStore.getState();
  if (!(error instanceof ToolError)) {
    toast.error(`Not saved: ${(error as Error).message}`);
    return;
  }
  switch (error.code) {
    case 'stale_edit': {
      try {
        const server = await fetchCampaign(campaignId);
        if (server.status !== 'draft') return markNotDraft(server.status);
        useSaveState.setState({
          conflict: { server, diff: diffGraphs(server.workflow_definition, editorStore.getState().getDefinition()) },
        });
      } catch (e) {
        toast.error(`Someone saved this campaign meanwhile, and it could not be read again: ${(e as Error).message}`);
      }
      return;
    }
    case 'campaign_not_draft':
      return markNotDraft(String(error.details.status ?? 'no longer a draft'));
    case 'invalid_workflow': {
      const violations = Array.isArray(error.details.violations) ? (error.details.violations as Violation[]) : [];
      store.setServerViolations(violations);
      useCanvasUi.getState().setProblemsOpen(true);
      toast.error('Not saved: the server found rule breaks (shown on the canvas).');
      return;
    }
    default:
      toast.error(`Not saved: ${error.message}`);
  }
}

function markNotDraft(status: string): void {
  const s = editorStore.getState();
  s.setReadOnly(readOnlyMessage(status));
  if (s.campaign) editorStore.setState({ campaign: { ...s.campaign, status: status as CampaignStatus } });
  toast.error(`Not saved: this campaign is ${status}, so it can no longer be edited. Your changes are kept in this browser.`);
}

/** Conflict resolution 1: drop my changes, load the server's saved graph. */
export function loadServerVersion(conflict: Conflict): void {
  const s = editorStore.getState();
  s.loadDefinition(conflict.server.workflow_definition, { label: 'Load the saved version', markDirty: false });
  s.markSaved(metaOf(conflict.server), editorStore.getState().revision);
  clearDraft(conflict.server.campaignId);
  useSaveState.setState({ conflict: null });
  toast.info('Loaded the saved version.');
}

/** Conflict resolution 2 (after confirmation): save mine on top of the server's newer version. */
export async function saveMineOver(conflict: Conflict): Promise<void> {
  editorStore.getState().setBase(conflict.server.updated_at);
  const ok = await saveCampaign({ overrideBase: conflict.server.updated_at });
  if (ok) useSaveState.setState({ conflict: null });
}
