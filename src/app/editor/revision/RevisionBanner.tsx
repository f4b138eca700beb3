import { useState } from 'react';
import { discardRevision } from '../../api/revisions';
import { hrefs } from '../../boot/paths';
import { navigate } from '../../router';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { useEditorStore } from '../store';
import { PublishReview } from './PublishReview';

/**
 * Contract 10.4 in the editor: a revision of a running campaign opens like any draft, with this banner
 * above the canvas — what it is, "Review and publish" and "Discard revision".
 */
export function RevisionBanner() {
  const campaign = useEditorStore((s) => s.campaign);
  const [dialog, setDialog] = useState<'publish' | 'discard' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!campaign?.revisionOf) return null;
  const parentId = campaign.revisionOf;
  const discard = async () => {
    setBusy(true);
    try {
      await discardRevision(parentId, campaign.campaignId);
      toast.success('Revision discarded: the campaign runs as before.');
      await navigate(hrefs.editor(parentId));
    } catch (e) {
      toast.error(`The revision could not be discarded: ${(e as Error).message}`);
      setBusy(false);
    }
  };
  return (
    <div className="editor-banner banner-info revision-banner" role="region" aria-label="Revision of a running campaign">
      <span>You are editing a revision of a running campaign — nothing changes for prospects until you publish.</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog('publish')}>
        Review and publish
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setDialog('discard')}>
        Discard revision
      </button>
      {dialog === 'publish' && <PublishReview parentId={parentId} onClose={() => setDialog(null)} />}
      {dialog === 'discard' && (
        <Dialog
          small
          alert
          title="Discard this revision?"
          onClose={() => setDialog(null)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setDialog(null)}>
                Keep editing
              </button>
              <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void discard()}>
                {busy ? 'Discarding…' : 'Discard revision'}
              </button>
            </>
          }
        >
          <p>Your changes in this revision are deleted. The running campaign keeps going exactly as it is.</p>
        </Dialog>
      )}
    </div>
  );
}
