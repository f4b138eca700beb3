import { useState } from 'react';
import { openRevision } from '../../api/revisions';
import { hrefs } from '../../boot/paths';
import { navigate } from '../../router';
import { toast } from '../../ui/toast';
import { useEditorStore } from '../store';

/**
 * Contract 10.4: "Edit" on a running or paused campaign opens its revision in the editor — the one
 * already open, else a new one holding the graph the campaign runs.
 */
export function EditRunningButton() {
  const campaign = useEditorStore((s) => s.campaign);
  const [opening, setOpening] = useState(false);
  if (!campaign || (campaign.status !== 'active' && campaign.status !== 'paused')) return null;
  const open = async () => {
    setOpening(true);
    try {
      await navigate(hrefs.editor(await openRevision(campaign)));
    } catch (e) {
      toast.error(`The campaign could not be opened for editing: ${(e as Error).message}`);
      setOpening(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-sm btn-primary"
      disabled={opening}
      title={
        campaign.openRevisionId ? 'Go on editing the revision you started' : 'Change the steps; prospects see nothing until you publish'
      }
      onClick={() => void open()}
    >
      {opening ? 'Opening…' : campaign.openRevisionId ? 'Edit revision' : 'Edit'}
    </button>
  );
}
