import { create } from 'zustand';
import { useEffect, useRef } from 'react';

export type ToastTone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  push(tone: ToastTone, message: string): void;
  dismiss(id: number): void;
}

let nextId = 1;
/** At most this many toasts stand at once; the oldest leaves first. */
const MAX_TOASTS = 4;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (tone, message) => {
    const id = nextId++;
    // The same news again replaces the older copy (and its timer starts over): never two equal lines.
    const others = get().toasts.filter((t) => t.tone !== tone || t.message !== message);
    set({ toasts: [...others.slice(1 - MAX_TOASTS), { id, tone, message }] });
    setTimeout(() => get().dismiss(id), tone === 'error' ? 8000 : 4000);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

/** Shows a toast from anywhere (components, mutation callbacks). */
export const toast = {
  success: (message: string) => useToasts.getState().push('success', message),
  error: (message: string) => useToasts.getState().push('error', message),
  info: (message: string) => useToasts.getState().push('info', message),
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
          <button type="button" className="icon-btn" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
