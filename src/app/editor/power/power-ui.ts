import { create } from 'zustand';

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

export const usePowerUi = create<PowerUiState>((set, get) => ({
  panel: null,
  dialog: null,
  togglePanel: (panel) => set({ panel: get().panel === panel ? null : panel }),
  closePanel: () => set({ panel: null }),
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
}));
