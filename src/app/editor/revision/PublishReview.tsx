import { useMemo, useState } from 'react';
import { useCampaign } from '../../api/campaigns';
import { publishRevision, useRevisionImpact } from '../../api/revisions';
import { hrefs } from '../../boot/paths';
import { navigate } from '../../router';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { MergeValue } from '../save/ConflictDialog';
import { useEditorStore } from '../store';
import { impactWords } from './impact-words';
import './revision.css';

/**
 * "Review and publish" (contract 10.4): what publishing the saved revision does, in words — changed
 * texts side by side, removed steps with a move for the prospects on them, added steps and waits —
 * then Publish, which moves the running campaign onto it in one step.
 */
export function PublishReview({ parentId, onClose }: { parentId: string; onClose: () => void }) {
  const campaign = useEditorStore((s) => s.campaign)!;
  const saved = useEditorStore((s) => s.baseDefinition);
  const dirty = useEditorStore((s) => s.dirty);
  const parent = useCampaign(parentId);
  const impact = useRevisionImpact(parentId, campaign.campaignId, campaign.updated_at);
  const [moves, setMoves] = useState<Record<string, string>>({});
  const [publishing, setPublishing] = useState(false);
  const words = useMemo(
    () => (impact.data && parent.data && saved ? impactWords(impact.data, parent.data.workflow_definition, saved) : null),
    [impact.data, parent.data, saved],
  );
  const unmoved = words?.removed.filter((r) => r.prospects > 0 && !moves[r.nodeId]).length ?? 0;
  const blocked = dirty
    ? 'Save your changes first: only the saved revision is published.'
    : unmoved > 0
      ? 'Choose where the prospects on each removed step go.'
      : null;
  const publish = async () => {
    setPublishing(true);
    try {
      await publishRevision(parentId, { revisionId: campaign.campaignId, inspectedUpdatedAt: campaign.updated_at, moves });
      toast.success('Published: the campaign now runs the new version.');
      await navigate(hrefs.editor(parentId));
    } catch (e) {
      toast.error(`The revision was not published: ${(e as Error).message}`);
      setPublishing(false);
    }
  };
  const failed = impact.error ?? parent.error;
  return (
    <Dialog
      wide
      title="Review and publish"
      onClose={onClose}
      actions={
        <>
          {blocked && <span className="muted revision-blocked">{blocked}</span>}
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!words || blocked !== null || publishing}
            onClick={() => void publish()}
          >
            {publishing ? 'Publishing…' : 'Publish'}
          </button>
        </>
      }
    >
      {failed && <p role="alert">What publishing would do could not be read: {failed.message}</p>}
      {!words && !failed && <p aria-busy="true">Reading what publishing would do…</p>}
      {words && (
        <div className="revision-review">
          <p className="revision-headline">
            <strong>{words.headline}</strong>
            {words.headline.startsWith('Nothing') ? '' : '. Prospects keep their place; nobody is sent a step or a message twice.'}
          </p>
          {words.changed.length > 0 && (
            <ul className="revision-list" aria-label="Changed texts">
              {words.changed.map((c) => (
                <li key={c.nodeId}>
                  <span>{c.sentence}</span>
                  <div className="merge-values revision-texts">
                    <MergeValue label="Before" value={c.before} tone="before" />
                    <span aria-hidden="true">→</span>
                    <MergeValue label="After" value={c.after} tone="mine" />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {words.removed.length > 0 && (
            <ul className="revision-list" aria-label="Removed steps">
              {words.removed.map((r) => (
                <li key={r.nodeId}>
                  <label>
                    <span>{r.sentence}</span>
                    {r.prospects > 0 && (
                      <select
                        className="input revision-move"
                        value={moves[r.nodeId] ?? ''}
                        onChange={(e) => setMoves((m) => ({ ...m, [r.nodeId]: e.target.value }))}
                      >
                        <option value="" disabled>
                          Choose a step…
                        </option>
                        {words.targets.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {words.others.length > 0 && (
            <ul className="revision-list" aria-label="Other changes">
              {words.others.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
