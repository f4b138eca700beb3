import { create } from 'zustand';
import { giveRoomBack, takeRoom } from '../../ui/side-room';

/** Which power panel (beside the canvas) and which power dialog are open. */
export type PowerPanelName = 'simulator' | 'history';
export type PowerDialogName = 'launch' | 'transfer';

interface PowerUiState {
  panel: PowerPanelName | null;
  dialog: PowerDialogName | null;
  togglePanel(panel: PowerPanelName): void;
  closePanel(): void;
  openDialog(dialog: PowerDialogName): void;
  closeDialog(): void;
}

/** A power panel opened takes the room beside the canvas on a crowded screen (side-room.ts); closed, it gives it back. */
export const usePowerUi = create<PowerUiState>((set, get) => ({
  panel: null,
  dialog: null,
  togglePanel: (panel) => {
    const next = get().panel === panel ? null : panel;
    if (next) takeRoom('power');
    else giveRoomBack('power');
    set({ panel: next });
  },
  closePanel: () => {
    giveRoomBack('power');
    set({ panel: null });
  },
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
}));
