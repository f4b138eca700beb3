import { useId, useMemo, useState } from 'react';
import { countProblems, validateWorkflow } from '../../../domain';
import {
  chooseAll,
  connectionText,
  describeConflict,
  mergeStepNames,
  resolveMerge,
  type ConflictValue,
  type MergeConflict,
  type MergeSide,
} from '../../../domain/paths';
import { Dialog } from '../../ui/Dialog';
import { fullTime } from '../../ui/format';
import { editorStore } from '../store';
import { applyMerged, loadServerVersion, useMergeState, type MergeSession } from './merge-flow';
import { saveCampaign, useSaveState } from './save';
import './merge.css';

/**
 * The merge dialog: someone saved meanwhile and we both changed the same things. Each question
 * shows before → theirs / mine in users' words and is answered by choosing a side; the merged
 * graph is validated as the user chooses. "Save merged" saves it on top of their version.
 */
export function ConflictDialog() {
  const session = useMergeState((s) => s.session);
  if (!session) return null;
  // A new server version (merged again) starts a fresh set of answers.
  return <MergeDialog key={session.server.updated_at} session={session} />;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function MergeDialog({ session }: { session: MergeSession }) {
  const { server, result } = session;
  const saving = useSaveState((s) => s.saving);
  const [choices, setChoices] = useState<Record<string, MergeSide>>({});
  const [discarding, setDiscarding] = useState(false);
  const names = useMemo(() => mergeStepNames(result), [result]);
  const types = useMemo(() => new Map([...result.theirs.nodes, ...result.mine.nodes].map((n) => [n.id, n.type])), [result]);
  const resolved = useMemo(() => resolveMerge(result, choices), [result, choices]);
  const problems = useMemo(() => {
    return countProblems(validateWorkflow(resolved.graph, editorStore.getState().context));
  }, [resolved]);
  const open = result.conflicts.filter((c) => !choices[c.id]).length;
  const close = () => useMergeState.setState({ session: null });
  const choose = (id: string, side: MergeSide) => setChoices((c) => ({ ...c, [id]: side }));
  const saveBlocked =
    open > 0
      ? `Choose a side for ${plural(open, 'more question')}`
      : problems.errors > 0
        ? `Fix ${plural(problems.errors, 'error')} first: put the merge on the canvas`
        : null;
  const apply = () => applyMerged(resolved.graph, server);
  const saveMerged = async () => {
    apply();
    await saveCampaign();
  };

  return (
    <Dialog
      title="Someone else saved this campaign"
      wide
      onClose={close}
      actions={
        discarding ? (
          <>
            <button type="button" className="btn" onClick={() => setDiscarding(false)}>
              Back
            </button>
            <button type="button" className="btn btn-danger" data-autofocus onClick={() => loadServerVersion(server)}>
              Yes, discard my changes
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn" onClick={close}>
              Decide later
            </button>
            <button type="button" className="btn" onClick={() => setDiscarding(true)}>
              Discard mine and load theirs
            </button>
            <button type="button" className="btn" onClick={apply} disabled={open > 0}>
              Put on canvas
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-autofocus
              disabled={saving || saveBlocked !== null}
              title={saveBlocked ?? undefined}
              onClick={() => void saveMerged()}
            >
              Save merged
            </button>
          </>
        )
      }
    >
      <p>
        It was saved at <strong>{fullTime(server.updated_at)}</strong>, after you started editing, so nothing was saved yet.{' '}
        {result.threeWay
          ? 'Their other changes and yours are merged. You both changed the things below: choose whose to keep.'
          : 'The version you started from could not be read, so every difference is listed: choose whose to keep.'}
      </p>
      <div className="merge-bulk">
        <span>{plural(result.conflicts.length, 'question')}</span>
        <button type="button" className="btn btn-sm" onClick={() => setChoices(chooseAll(result.conflicts, 'theirs'))}>
          Keep all theirs
        </button>
        <button type="button" className="btn btn-sm" onClick={() => setChoices(chooseAll(result.conflicts, 'mine'))}>
          Keep all mine
        </button>
      </div>
      <ul className="merge-list" aria-label="Questions">
        {result.conflicts.map((conflict) => (
          <ConflictRow
            key={conflict.id}
            conflict={conflict}
            session={session}
            names={names}
            choice={choices[conflict.id]}
            onChoose={(side) => choose(conflict.id, side)}
          />
        ))}
      </ul>
      {resolved.dropped.length > 0 && (
        <p className="merge-dropped">
          Left out, because a step they join is gone: {resolved.dropped.map((e) => connectionText(e, names, types)).join('; ')}.
        </p>
      )}
      <p className={`merge-check${problems.errors > 0 ? ' has-errors' : ''}`} role="status" data-testid="merge-check">
        {problems.errors + problems.warnings === 0
          ? 'The merged campaign has no problems.'
          : `The merged campaign has ${[
              problems.errors && plural(problems.errors, 'error'),
              problems.warnings && plural(problems.warnings, 'warning'),
            ]
              .filter(Boolean)
              .join(' and ')}${open > 0 ? ' (unanswered questions count as yours)' : ''}.`}
        {open > 0 && ` Choose a side for ${plural(open, 'more question')} to save.`}
        {saveBlocked && open === 0 && ' Put the merge on the canvas to fix it, then save.'}
      </p>
      {discarding && (
        <p className="field-warning merge-confirm" role="alert">
          Your unsaved changes will be replaced by the version saved at {fullTime(server.updated_at)}.
        </p>
      )}
    </Dialog>
  );
}

/** One side of a change as the merge dialog shows it (the publish review reuses it for texts before and after). */
export function MergeValue({ label, value, tone }: { label: string; value: ConflictValue; tone: 'before' | 'theirs' | 'mine' }) {
  return (
    <span className={`merge-value merge-${tone}`}>
      <span className="merge-value-label">{label}</span>
      <span className="merge-value-text" title={value.short !== value.full ? value.full : undefined}>
        {value.short}
      </span>
    </span>
  );
}

function ConflictRow({
  conflict,
  session,
  names,
  choice,
  onChoose,
}: {
  conflict: MergeConflict;
  session: MergeSession;
  names: ReadonlyMap<string, string>;
  choice: MergeSide | undefined;
  onChoose: (side: MergeSide) => void;
}) {
  const id = useId();
  const words = useMemo(() => describeConflict(conflict, session.result, names), [conflict, session, names]);
  const long = [words.base, words.theirs, words.mine].some((v) => v.short !== v.full);
  const title = `${words.where} · ${words.what}`;
  return (
    <li className={`merge-row${choice ? ' is-chosen' : ''}`}>
      <div className="merge-head">
        <strong id={`${id}-title`}>{title}</strong>
        <span className="muted"> {words.why}</span>
        {words.context && <span className="muted"> Was: {words.context}</span>}
      </div>
      <div className="merge-values" aria-label={`${title}: before, theirs, yours`}>
        <MergeValue label="Before" value={words.base} tone="before" />
        <span aria-hidden="true">→</span>
        <MergeValue label="Theirs" value={words.theirs} tone="theirs" />
        <span aria-hidden="true">/</span>
        <MergeValue label="Yours" value={words.mine} tone="mine" />
      </div>
      {long && (
        <details className="merge-full">
          <summary>Show the whole text</summary>
          <dl>
            <dt>Before</dt>
            <dd>{words.base.full}</dd>
            <dt>Theirs</dt>
            <dd>{words.theirs.full}</dd>
            <dt>Yours</dt>
            <dd>{words.mine.full}</dd>
          </dl>
        </details>
      )}
      <div className="merge-choice" role="radiogroup" aria-labelledby={`${id}-title`}>
        {(['theirs', 'mine'] as const).map((side) => (
          <label key={side} className={`merge-option${choice === side ? ' is-selected' : ''}`}>
            <input type="radio" name={id} checked={choice === side} onChange={() => onChoose(side)} />
            {side === 'theirs' ? 'Keep theirs' : 'Keep mine'}
          </label>
        ))}
      </div>
    </li>
  );
}
