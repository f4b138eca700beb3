import type { WorkflowDefinition } from '../../../domain';

/** Unsaved work kept in local storage per campaign, with the updated_at it was based on (crash/reload recovery). */
export interface Draft {
  definition: WorkflowDefinition;
  baseUpdatedAt: string | null;
  savedAt: string;
}

/** The local-storage key of a campaign's draft (the e2e tests wait for it). */
export const draftKey = (campaignId: string) => `campaign-studio.draft.${campaignId}`;

export function readDraft(campaignId: string): Draft | null {
  try {
    const raw = localStorage.getItem(draftKey(campaignId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return draft && typeof draft === 'object' && draft.definition && Array.isArray(draft.definition.nodes) ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(campaignId: string, draft: Draft): void {
  try {
    localStorage.setItem(draftKey(campaignId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: recovery is a convenience, never a reason to fail an edit.
  }
}

export function clearDraft(campaignId: string): void {
  try {
    localStorage.removeItem(draftKey(campaignId));
  } catch {
    /* ignore */
  }
}
