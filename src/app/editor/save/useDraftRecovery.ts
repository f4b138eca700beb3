import { useEffect, useState } from 'react';
import type { WorkflowDefinition } from '../../../domain';
import { addNavigationGuard } from '../../router';
import { askChoice } from '../../ui/confirm';
import { diffGraphs } from '../../../domain/paths';
import { editorStore } from '../store';
import { clearDraft, readDraft, writeDraft, type Draft } from './drafts';
import { saveCampaign } from './save';

const DRAFT_DELAY_MS = 300;
const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes in this campaign. Save them before you go, or leave and lose them.',
  confirmLabel: 'Leave without saving',
  alternativeLabel: 'Save and leave',
  danger: true,
};

/** Writes the open campaign's unsaved work to local storage now (or forgets a draft once nothing is unsaved). */
export function keepDraftNow(campaignId: string): void {
  const s = editorStore.getState();
  if (s.campaign?.campaignId !== campaignId) return;
  if (s.dirty) writeDraft(campaignId, { definition: s.getDefinition(), baseUpdatedAt: s.baseUpdatedAt, savedAt: new Date().toISOString() });
  else clearDraft(campaignId);
}

/** Keeps unsaved work in local storage while the campaign is open (written shortly after each change). */
export function useDraftAutosave(campaignId: string): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = editorStore.subscribe((s, prev) => {
      if (s.revision === prev.revision && s.dirty === prev.dirty) return;
      clearTimeout(timer);
      timer = setTimeout(() => keepDraftNow(campaignId), DRAFT_DELAY_MS);
    });
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      clearTimeout(timer);
      keepDraftNow(campaignId);
      if (editorStore.getState().dirty) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Leaving inside the app asks first; choosing to leave discards the unsaved work on purpose.
    const removeGuard = addNavigationGuard(async () => {
      if (!editorStore.getState().dirty) return true;
      const choice = await askChoice(LEAVE_QUESTION);
      // Save and leave: a save refused (problems, a conflict to merge) stays, its toast or dialog saying why.
      const leave = choice === 'confirm' || (choice === 'alternative' && (await saveCampaign()) && !editorStore.getState().dirty);
      if (leave) {
        clearTimeout(timer);
        clearDraft(campaignId);
      }
      return leave;
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      removeGuard();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [campaignId]);
}

/**
 * After a crash or reload: a stored draft that differs from the saved graph is offered back.
 * Call `check` right after the campaign opened; the returned offer drives the restore banner.
 */
export function useDraftOffer(campaignId: string) {
  const [offer, setOffer] = useState<Draft | null>(null);
  const check = (saved: WorkflowDefinition) => {
    const draft = readDraft(campaignId);
    if (!draft) return setOffer(null);
    if (diffGraphs(saved, draft.definition).same) {
      clearDraft(campaignId);
      return setOffer(null);
    }
    setOffer(draft);
  };
  const restore = () => {
    if (!offer) return;
    const s = editorStore.getState();
    s.loadDefinition(offer.definition, { label: 'Restore unsaved changes', markDirty: true });
    // Based on what it was based on: a save in between is then caught as a conflict and merged; the
    // base graph is the loaded one when nobody saved in between, else read from the version history.
    if (offer.baseUpdatedAt && offer.baseUpdatedAt !== s.baseUpdatedAt) s.setBase(offer.baseUpdatedAt, null);
    setOffer(null);
  };
  const discard = () => {
    clearDraft(campaignId);
    setOffer(null);
  };
  return { offer, check, restore, discard };
}
