import { useEffect } from 'react';
import { setSearchParams, useLocation } from '../../router';
import { useGivesWay } from '../../ui/side-room';
import { editorStore, useEditorStore } from '../store';
import { HistoryPanel } from './HistoryPanel';
import { LaunchReviewDialog } from './LaunchReview';
import { usePowerUi, type PowerPanelName } from './power-ui';
import { SIM_PARAM } from './sim-state';
import { SimulatorPanel } from './SimulatorPanel';
import { TransferDialog } from './TransferDialog';

/**
 * The editor's power features, mounted by the editor in two places: <PowerToolbar> in the header
 * (buttons + dialogs) and <PowerPanel> beside the canvas (simulator or version history).
 */
export function PowerToolbar({ campaignId }: { campaignId: string }) {
  const { panel, dialog, togglePanel, openDialog, closeDialog } = usePowerUi();
  // A revision is published (its banner), never launched (contract 10.4).
  const isDraft = useEditorStore((s) => s.campaign?.status === 'draft' && !s.campaign.revisionOf);
  const { search } = useLocation();
  const shared = search.has(SIM_PARAM);

  // A shared simulation link opens the simulator.
  useEffect(() => {
    if (shared && usePowerUi.getState().panel !== 'simulator') usePowerUi.getState().togglePanel('simulator');
  }, [shared]);
  // Leaving the editor closes everything.
  useEffect(
    () => () => {
      usePowerUi.getState().closePanel();
      usePowerUi.getState().closeDialog();
    },
    [],
  );

  const toggle = (name: PowerPanelName) => {
    if (panel === 'simulator') setSearchParams({ [SIM_PARAM]: null });
    editorStore.getState().clearHighlight();
    togglePanel(name);
  };

  return (
    <div className="power-toolbar" role="group" aria-label="Campaign tools">
      <button type="button" className="btn btn-sm" aria-pressed={panel === 'simulator'} onClick={() => toggle('simulator')}>
        Simulate
      </button>
      <button type="button" className="btn btn-sm" aria-pressed={panel === 'history'} onClick={() => toggle('history')}>
        History
      </button>
      {/* Below 1500 px the rare Export / import keeps its icon only, so the campaign's name keeps its room. */}
      <button
        type="button"
        className="btn btn-sm"
        aria-label="Export / import"
        title="Export / import"
        onClick={() => openDialog('transfer')}
      >
        <span aria-hidden="true">⇅</span> <span className="toolbar-label">Export / import</span>
      </button>
      {isDraft && (
        <button type="button" className="btn btn-sm btn-primary" onClick={() => openDialog('launch')}>
          Review &amp; launch
        </button>
      )}
      {dialog === 'launch' && <LaunchReviewDialog campaignId={campaignId} onClose={closeDialog} />}
      {dialog === 'transfer' && <TransferDialog onClose={closeDialog} />}
    </div>
  );
}

/** Closes the open power panel (its highlight and shared-simulation address with it). */
function closePowerPanel(): void {
  if (usePowerUi.getState().panel === 'simulator') setSearchParams({ [SIM_PARAM]: null });
  editorStore.getState().clearHighlight();
  usePowerUi.getState().closePanel();
}

/**
 * The side panel slot: renders nothing while no power panel is open. On a crowded screen it closes
 * when another side panel (the dock, the step list) takes the room after it (ui/side-room.ts).
 */
export function PowerPanel({ campaignId }: { campaignId: string }) {
  const panel = usePowerUi((s) => s.panel);
  const givesWay = useGivesWay('power');
  useEffect(() => {
    if (givesWay && panel) closePowerPanel();
  }, [givesWay, panel]);
  if (!panel) return null;
  const close = closePowerPanel;
  return (
    <aside className="power-panel" aria-label={panel === 'simulator' ? 'Path simulator' : 'Version history'}>
      <button type="button" className="icon-btn power-panel-close" aria-label="Close panel" onClick={close}>
        ×
      </button>
      {panel === 'simulator' ? <SimulatorPanel /> : <HistoryPanel campaignId={campaignId} />}
    </aside>
  );
}
