import { create } from 'zustand';
import { useEffect, useRef } from 'react';

export type ToastTone = 'success' | 'error' | 'info';
/** An undoable toast: `undo` when its button is pressed; `commit` when it leaves any other way (time, ×, crowded out, page left). */
export interface ToastUndo {
  undo(): void;
  commit(): void;
}

interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  undo?: ToastUndo;
}

interface ToastState {
  toasts: Toast[];
  push(tone: ToastTone, message: string, undo?: ToastUndo): void;
  dismiss(id: number): void;
  /** Presses a toast's Undo: its `undo` runs instead of its `commit`. */
  undo(id: number): void;
}

/** How long an undoable toast stands: long enough to read and reach Undo. */
const UNDO_MS = 8000;

let nextId = 1;
/** At most this many toasts stand at once; the oldest leaves first. */
const MAX_TOASTS = 4;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (tone, message, undo) => {
    const id = nextId++;
    // The same news again replaces the older copy (and its timer starts over): never two equal lines.
    const others = get().toasts.filter((t) => t.undo || t.tone !== tone || t.message !== message);
    const kept = others.slice(1 - MAX_TOASTS);
    for (const gone of others.slice(0, Math.max(0, others.length - kept.length))) gone.undo?.commit();
    set({ toasts: [...kept, { id, tone, message, ...(undo ? { undo } : {}) }] });
    setTimeout(() => get().dismiss(id), undo ? UNDO_MS : tone === 'error' ? 8000 : 4000);
  },
  dismiss: (id) => {
    const gone = get().toasts.find((t) => t.id === id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
    gone?.undo?.commit();
  },
  undo: (id) => {
    const gone = get().toasts.find((t) => t.id === id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
    gone?.undo?.undo();
  },
}));

// Leaving the page is leaving the toast: what was not undone happens.
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    for (const t of useToasts.getState().toasts) if (t.undo) useToasts.getState().dismiss(t.id);
  });

/** Shows a toast from anywhere (components, mutation callbacks). */
export const toast = {
  success: (message: string) => useToasts.getState().push('success', message),
  error: (message: string) => useToasts.getState().push('error', message),
  info: (message: string) => useToasts.getState().push('info', message),
  /** "Deleted “X”. [Undo]": the change is done by `commit` only once the toast leaves without Undo. */
  undoable: (message: string, undo: ToastUndo) => useToasts.getState().push('info', message, undo),
};

export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A manual popover lives in the top layer: shown again on every change, it stays above an open modal <dialog>.
    const el = ref.current;
    if (!el?.showPopover) return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (toasts.length > 0) el.showPopover();
  }, [toasts]);
  return (
    <div ref={ref} popover="manual" className="toaster" role="region" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          {t.undo && (
            <button type="button" className="btn btn-sm toast-undo" onClick={() => useToasts.getState().undo(t.id)}>
              Undo
            </button>
          )}
          <button type="button" className="icon-btn" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
