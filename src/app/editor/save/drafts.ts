import type { WorkflowDefinition } from '../../../domain';

/** Unsaved work kept in local storage per campaign, with the updated_at it was based on (crash/reload recovery). */
export interface Draft {
  definition: WorkflowDefinition;
  baseUpdatedAt: string | null;
  savedAt: string;
}

const key = (campaignId: string) => `campaign-studio.draft.${campaignId}`;

export function readDraft(campaignId: string): Draft | null {
  try {
    const raw = localStorage.getItem(key(campaignId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return draft && typeof draft === 'object' && draft.definition && Array.isArray(draft.definition.nodes) ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(campaignId: string, draft: Draft): void {
  try {
    localStorage.setItem(key(campaignId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: recovery is a convenience, never a reason to fail an edit.
  }
}

export function clearDraft(campaignId: string): void {
  try {
    localStorage.removeItem(key(campaignId));
  } catch {
    /* ignore */
  }
}
