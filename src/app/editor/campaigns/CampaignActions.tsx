import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { create } from 'zustand';
import type { CampaignSummary } from '../../../domain/contract/campaigns';
import { deleteCampaign, duplicateCampaign, setCampaignArchived } from '../../api/campaigns';
import { navigate } from '../../router';
import { toast } from '../../ui/toast';
import { askChoice } from '../../ui/confirm';
import { formatCount } from '../../ui/format';
import { enrollProspectsOf, prospectKeys, type EnrollResult } from '../../api/prospects';
import { CampaignSettingsDialog } from './CampaignSettingsDialog';
import { hrefs } from '../../boot/paths';

/**
 * A campaign row's actions: rename and senders (the settings dialog), duplicate (a draft copy, the
 * way to change a launched campaign), archive (not while it runs) or restore from the archive — both
 * at once, with Undo — and, for a draft, delete — done only when its undo toast leaves.
 */

/** Drafts deleted with their undo toast still standing: hidden from the list until then. */
export const usePendingDeletes = create<{ ids: ReadonlySet<string> }>(() => ({ ids: new Set() }));
const setPending = (id: string, pending: boolean) => {
  const ids = new Set(usePendingDeletes.getState().ids);
  if (pending) ids.add(id);
  else ids.delete(id);
  usePendingDeletes.setState({ ids });
};

/**
 * Where a row's open menu goes: fixed to the window under its button (above it when the window ends
 * first), so no scrolling list or page around it cuts it off — the last row of a short list included.
 */
function useMenuPlace(anchor: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const button = anchor.current?.getBoundingClientRect();
    const element = menu.current;
    if (!open || !button || !element) return;
    const height = element.getBoundingClientRect().height;
    const below = button.bottom + MENU_GAP;
    const top = below + height <= window.innerHeight ? below : Math.max(MENU_GAP, button.top - MENU_GAP - height);
    // Placed before the first paint (a layout effect): the menu never shows where it was first laid out.
    Object.assign(element.style, {
      position: 'fixed',
      top: `${top}px`,
      right: `${Math.max(MENU_GAP, window.innerWidth - button.right)}px`,
    });
  }, [anchor, menu, open]);
}
const MENU_GAP = 4;

/** What a duplicate with its prospects says: the copy, how many came, how many stayed out. */
export function duplicateWords(copyName: string, added: EnrollResult): string {
  const left = added.excluded.length;
  const came = `${formatCount(added.enrolled)} prospect${added.enrolled === 1 ? '' : 's'}`;
  const out = left === 0 ? '' : ` ${formatCount(left)} still under way in another campaign stayed out.`;
  return `Made a draft copy: “${copyName}”, with ${came}.${out}`;
}

export function CampaignActions({ campaign }: { campaign: CampaignSummary }) {
  const client = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState<'name' | 'senders' | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    // The menu stands where the button was: a scroll or a resize closes it.
    const close = () => setOpen(false);
    document.addEventListener('pointerdown', onDown, true);
    window.addEventListener('resize', close);
    document.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('resize', close);
      document.removeEventListener('scroll', close, true);
    };
  }, [open]);
  const menuRef = useRef<HTMLDivElement>(null);
  useMenuPlace(ref, menuRef, open);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const duplicate = async () => {
    const choice = await askChoice({
      title: `Duplicate “${campaign.name}”?`,
      message:
        'The copy is a new draft with the same steps and senders. Its prospects can come along: each starts at the first step when you launch the copy (one still under way in another campaign stays out).',
      confirmLabel: 'With its prospects',
      alternativeLabel: 'Without prospects',
    });
    if (choice === 'cancel') return;
    setBusy(true);
    try {
      const copy = await duplicateCampaign(client, campaign.campaignId);
      if (choice === 'confirm') {
        const added = await enrollProspectsOf(campaign.campaignId, copy.campaignId);
        void client.invalidateQueries({ queryKey: prospectKeys.all });
        toast.success(duplicateWords(copy.name, added));
      } else toast.success(`Made a draft copy: “${copy.name}”, without prospects.`);
      void navigate(hrefs.editor(copy.campaignId));
    } catch (error) {
      toast.error(`The campaign could not be duplicated: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const archive = async (archived: boolean) => {
    const what = archived ? 'archived' : 'restored';
    setBusy(true);
    try {
      await setCampaignArchived(client, campaign.campaignId, archived);
      toast.undoable(archived ? `Archived “${campaign.name}”.` : `Restored “${campaign.name}” to the campaigns.`, {
        undo: () =>
          void setCampaignArchived(client, campaign.campaignId, !archived).catch((error: Error) =>
            toast.error(`“${campaign.name}” could not be put back: ${error.message}`),
          ),
        commit: () => undefined,
      });
    } catch (error) {
      toast.error(`“${campaign.name}” could not be ${what}: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const remove = () => {
    setPending(campaign.campaignId, true);
    toast.undoable(`Deleted “${campaign.name}”.`, {
      undo: () => setPending(campaign.campaignId, false),
      commit: () =>
        void deleteCampaign(client, campaign.campaignId)
          .catch((error: Error) => toast.error(`“${campaign.name}” could not be deleted: ${error.message}`))
          .finally(() => setPending(campaign.campaignId, false)),
    });
  };

  return (
    // Escape inside the open menu closes it (the keys come from its buttons).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={ref} className="campaign-actions" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        aria-expanded={open}
        aria-label={`Actions for ${campaign.name}`}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        {busy ? '…' : '⋯'}
      </button>
      {open && (
        <div ref={menuRef} className="campaign-actions-menu" role="group" aria-label={`Actions for ${campaign.name}`}>
          <button type="button" className="btn btn-sm btn-ghost" onClick={choose(() => setSettings('name'))}>
            Rename…
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={choose(() => setSettings('senders'))}>
            Sender accounts…
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={choose(() => void duplicate())}>
            Duplicate as a draft…
          </button>
          {campaign.archivedAt !== null ? (
            <button type="button" className="btn btn-sm btn-ghost" onClick={choose(() => void archive(false))}>
              Restore from archive
            </button>
          ) : (
            campaign.status !== 'active' && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={choose(() => void archive(true))}>
                Archive
              </button>
            )
          )}
          {campaign.status === 'draft' && (
            <button type="button" className="btn btn-sm btn-ghost campaign-delete" onClick={choose(remove)}>
              Delete
            </button>
          )}
        </div>
      )}
      {settings && <CampaignSettingsDialog campaign={campaign} focus={settings} onClose={() => setSettings(null)} />}
    </div>
  );
}
