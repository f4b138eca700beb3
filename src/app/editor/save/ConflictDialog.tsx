import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import type { GraphDiff } from '../../../domain/paths';
import { loadServerVersion, saveMineOver, useSaveState } from './save';
import { fullTime } from '../../ui/format';

function IdList({ title, ids, tone }: { title: string; ids: string[]; tone: 'added' | 'removed' | 'changed' }) {
  if (ids.length === 0) return null;
  return (
    <div className={`diff-list diff-${tone}`}>
      <h4>
        {title} ({ids.length})
      </h4>
      <ul>
        {ids.slice(0, 30).map((id) => (
          <li key={id}>
            <code>{id}</code>
          </li>
        ))}
        {ids.length > 30 && <li className="muted">…and {ids.length - 30} more</li>}
      </ul>
    </div>
  );
}

type DiffSide = GraphDiff['nodes'] | GraphDiff['edges'];
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

function Side({ what, side }: { what: string; side: DiffSide }) {
  const empty = side.added.length + side.removed.length + side.changed.length === 0;
  return (
    <section className="diff-side">
      <h3>{what}</h3>
      {empty ? (
        <p className="muted">No differences.</p>
      ) : (
        <>
          <IdList title="Only in yours" ids={ids(side.added)} tone="added" />
          <IdList title="Only in the saved version" ids={ids(side.removed)} tone="removed" />
          <IdList title="Different" ids={ids(side.changed)} tone="changed" />
        </>
      )}
    </section>
  );
}

/** stale_edit: someone saved meanwhile. Shows what differs and lets the user pick a version. */
export function ConflictDialog() {
  const conflict = useSaveState((s) => s.conflict);
  const saving = useSaveState((s) => s.saving);
  const [confirming, setConfirming] = useState(false);
  if (!conflict) return null;
  const close = () => (setConfirming(false), useSaveState.setState({ conflict: null }));
  const savedAt = fullTime(conflict.server.updated_at);
  return (
    <Dialog
      title="Someone else saved this campaign"
      wide
      onClose={close}
      actions={
        confirming ? (
          <>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              Back
            </button>
            <button
              type="button"
              className="btn btn-danger"
              data-autofocus
              disabled={saving}
              onClick={() => void saveMineOver(conflict).then(() => setConfirming(false))}
            >
              Yes, replace the saved version
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn" onClick={close}>
              Decide later
            </button>
            <button type="button" className="btn" onClick={() => loadServerVersion(conflict)}>
              Load the saved version
            </button>
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => setConfirming(true)}>
              Keep mine and save…
            </button>
          </>
        )
      }
    >
      <p>
        The campaign was saved at <strong>{savedAt}</strong>, after you started editing. Saving now would have overwritten that version, so
        nothing was saved.
      </p>
      {conflict.diff.same ? (
        <p className="muted">The saved graph is the same as yours. Keep yours to save on top of it.</p>
      ) : (
        <div className="diff-grid">
          <Side what="Steps" side={conflict.diff.nodes} />
          <Side what="Connections" side={conflict.diff.edges} />
        </div>
      )}
      {confirming && (
        <p className="field-warning conflict-confirm" role="alert">
          Your version will replace the one saved at {savedAt}. Their changes listed above will be lost (earlier versions stay in the
          version history).
        </p>
      )}
    </Dialog>
  );
}
