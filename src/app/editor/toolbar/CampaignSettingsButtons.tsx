import { useState } from 'react';
import { CampaignSettingsDialog } from '../campaigns/CampaignSettingsDialog';
import { editorStore, useEditorStore } from '../store';

/**
 * The campaign's name in the editor (a click renames it) and who sends it ("No sender" stands out:
 * nothing can be launched without one, contract 9.4). Both allowed in every status.
 */
export function CampaignSettingsButtons() {
  const campaign = useEditorStore((s) => s.campaign);
  const [open, setOpen] = useState<'name' | 'senders' | null>(null);
  if (!campaign) return null;
  // A revision's name and senders are its running campaign's (contract 10.4): shown, not changed here.
  if (campaign.revisionOf)
    return (
      <h1 className="editor-name" title="A revision has the name and senders of its running campaign">
        {campaign.name}
      </h1>
    );
  const count = campaign.senderAccountIds.length;
  return (
    <>
      <h1 className="editor-name">
        <button type="button" className="editor-name-button" title={`${campaign.name} · click to rename`} onClick={() => setOpen('name')}>
          {campaign.name}
        </button>
      </h1>
      <button
        type="button"
        className={`btn btn-sm toolbar-senders${count === 0 ? ' is-missing' : ''}`}
        title="Sender accounts of this campaign"
        onClick={() => setOpen('senders')}
      >
        {count === 0 ? 'No sender' : count === 1 ? '1 sender' : `${count} senders`}
      </button>
      {open && (
        <CampaignSettingsDialog
          campaign={campaign}
          focus={open}
          onClose={() => setOpen(null)}
          onSaved={(saved) => editorStore.getState().setCampaignSettings(saved)}
        />
      )}
    </>
  );
}
