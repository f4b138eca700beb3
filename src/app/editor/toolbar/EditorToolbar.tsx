import { useReactFlow } from '@xyflow/react';
import { hrefs } from '../../boot/paths';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../router';
import { fullTime } from '../../ui/format';
import { CampaignStatusBadge } from '../../ui/CampaignStatusBadge';
import { RelativeTime } from '../../ui/Time';
import { toast } from '../../ui/toast';
import { FIT_VIEW_OPTIONS } from '../canvas/first-view';
import { layoutPositions } from '../canvas/layout';
import { ProblemsBadge } from '../overlays/ProblemsPanel';
import { saveBlocker, saveCampaign, useSaveState } from '../save/save';
import { editorStore, runViewCampaignId, useEditorStore, type FlowNode } from '../store';
import { CampaignSettingsButtons } from './CampaignSettingsButtons';
import { PowerToolbarSlot } from './PowerSlot';
import { EditRunningButton } from '../revision/EditRunningButton';
import { StepStatsToggle } from '../step-stats/StepStats';
import { CampaignAudienceButton } from '../audience/CampaignAudience';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

function UndoRedo() {
  const undoLabel = useEditorStore((s) => s.history.past.at(-1)?.label ?? null);
  const redoLabel = useEditorStore((s) => s.history.future.at(-1)?.label ?? null);
  const readOnly = useEditorStore((s) => s.readOnly);
  return (
    <div className="toolbar-group" role="group" aria-label="History">
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        disabled={readOnly || !undoLabel}
        onClick={() => editorStore.getState().undo()}
        aria-label={undoLabel ? `Undo ${undoLabel}` : 'Undo'}
        title={undoLabel ? `Undo “${undoLabel}” (${MOD}Z)` : 'Nothing to undo'}
      >
        <span aria-hidden="true">↶</span> <span className="toolbar-label">Undo</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        disabled={readOnly || !redoLabel}
        onClick={() => editorStore.getState().redo()}
        aria-label={redoLabel ? `Redo ${redoLabel}` : 'Redo'}
        title={redoLabel ? `Redo “${redoLabel}” (${MOD}Shift+Z)` : 'Nothing to redo'}
      >
        <span aria-hidden="true">↷</span> <span className="toolbar-label">Redo</span>
      </button>
    </div>
  );
}

function LayoutButton({ onDone }: { onDone: () => void }) {
  const rf = useReactFlow<FlowNode>();
  const readOnly = useEditorStore((s) => s.readOnly);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const s = editorStore.getState();
      const positions = await layoutPositions(s.nodes, s.edges);
      editorStore.getState().applyPositions(positions, 'Tidy up layout');
      requestAnimationFrame(() => void rf.fitView({ ...FIT_VIEW_OPTIONS, duration: 300 }));
      onDone();
    } catch (e) {
      toast.error(`The layout could not be computed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-ghost toolbar-menu-item" disabled={readOnly || busy} onClick={() => void run()}>
      {busy ? 'Arranging…' : 'Tidy up'} <span className="muted">arrange the steps top to bottom</span>
    </button>
  );
}

function SaveStatus() {
  const dirty = useEditorStore((s) => s.dirty);
  const updatedAt = useEditorStore((s) => s.campaign?.updated_at);
  const saving = useSaveState((s) => s.saving);
  if (saving)
    return (
      <span className="save-status" role="status">
        Saving…
      </span>
    );
  if (dirty)
    return (
      <span className="save-status is-dirty" role="status">
        <span className="dirty-dot" aria-hidden="true" />
        Unsaved changes
      </span>
    );
  return (
    <span className="save-status is-saved" role="status" title={updatedAt ? `Saved ${fullTime(updatedAt)}` : undefined}>
      {updatedAt ? (
        <>
          Saved <RelativeTime className="save-when" iso={updatedAt} />
        </>
      ) : (
        'Saved'
      )}
    </span>
  );
}

function SaveButton() {
  const blocker = useEditorStore(saveBlocker);
  const dirty = useEditorStore((s) => s.dirty);
  const saving = useSaveState((s) => s.saving);
  const disabled = blocker !== null || saving;
  return (
    <>
      {/* Its name stays "Save" (the shortcut's word); it reads "Saved ✓" while there is nothing to save. */}
      <button
        type="button"
        className={`btn btn-sm btn-primary toolbar-save${dirty || saving ? '' : ' is-saved'}`}
        aria-label="Save"
        aria-disabled={disabled || undefined}
        aria-describedby={blocker ? 'save-blocker' : undefined}
        title={blocker ?? (dirty ? `Save (${MOD}S)` : 'Everything is saved')}
        onClick={() => !saving && void saveCampaign()}
      >
        {saving ? 'Saving…' : dirty ? 'Save' : 'Saved ✓'}
      </button>
      {blocker && (
        <span id="save-blocker" className="visually-hidden">
          {blocker}
        </span>
      )}
    </>
  );
}

/**
 * The toolbar's overflow: what a marketer needs now and then (Tidy up, the keyboard shortcuts), so
 * the toolbar keeps one row at 1280 px.
 */
function MoreMenu() {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  // Closes on a click elsewhere, like any menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);
  return (
    // Escape anywhere inside the open menu closes it (the keys come from its buttons).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={ref} className="shortcuts-help toolbar-more" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        aria-expanded={open}
        aria-controls="toolbar-more"
        aria-label="More actions and keyboard shortcuts"
        title="More"
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      <div id="toolbar-more" className="shortcuts-pop" hidden={!open}>
        <LayoutButton onDone={close} />
        <h2 className="toolbar-more-title">Keyboard shortcuts</h2>
        <ul className="shortcut-list">
          <li>
            <kbd>{MOD}K</kbd> go to a step
          </li>
          <li>
            <kbd>{MOD}S</kbd> save
          </li>
          <li>
            <kbd>{MOD}Z</kbd> undo · <kbd>{MOD}Shift+Z</kbd> or <kbd>{MOD}Y</kbd> redo
          </li>
          <li>
            <kbd>{MOD}C</kbd> copy · <kbd>{MOD}V</kbd> paste · <kbd>{MOD}D</kbd> duplicate
          </li>
          <li>
            <kbd>Delete</kbd> remove selected · <kbd>F</kbd> fit view · <kbd>{MOD}A</kbd> select all
          </li>
          <li>Shift+drag selects an area; {MOD.replace('+', '')}+click adds to the selection.</li>
          <li>Shortcuts pause while you type in a field.</li>
        </ul>
      </div>
    </div>
  );
}

/** Name, status, save state, history, layout, power features, problems and save (a run view keeps only what reads). */
export function EditorToolbar({ campaignId }: { campaignId: string }) {
  const name = useEditorStore((s) => s.campaign?.name ?? '');
  const status = useEditorStore((s) => s.campaign?.status);
  // A launched campaign's toolbar has nothing to edit: no history, save or layout controls.
  const editing = useEditorStore(runViewCampaignId) === null;
  // A revision's prospects are its running campaign's (contract 10.4): no audience of its own.
  const revision = useEditorStore((s) => Boolean(s.campaign?.revisionOf));
  // The tab says which campaign is open (the full name, whatever the toolbar's width).
  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} · Campaign Studio`;
    return () => {
      document.title = before;
    };
  }, [name]);
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Campaign editor">
      <div className="toolbar-title">
        <Link to={hrefs.campaigns()} className="btn btn-sm btn-ghost" aria-label="Back to campaigns">
          ←
        </Link>
        <CampaignSettingsButtons />
        {revision ? (
          <span className="badge status-draft" title="A revision of a running campaign: publish it to change what the campaign does">
            Revision
          </span>
        ) : (
          status && <CampaignStatusBadge status={status} />
        )}
        {editing && <SaveStatus />}
      </div>
      <div className="toolbar-actions">
        {editing && <UndoRedo />}
        {!revision && <CampaignAudienceButton campaignId={campaignId} />}
        <StepStatsToggle />
        <PowerToolbarSlot campaignId={campaignId} />
        <EditRunningButton />
        {editing && (
          <>
            <ProblemsBadge />
            <SaveButton />
            <MoreMenu />
          </>
        )}
      </div>
    </div>
  );
}
