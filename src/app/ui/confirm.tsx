import { create } from 'zustand';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}

interface Pending extends ConfirmQuestion {
  answer(yes: boolean): void;
}

const usePendingQuestion = create<{ pending: Pending | null }>(() => ({ pending: null }));

/**
 * Asks a yes/no question in the app's own dialog (not the browser's `confirm()`), from anywhere:
 * resolves true when the user confirms, false on Cancel, Escape or the backdrop. A second question
 * while one is open answers the first with false.
 */
export function askConfirm(question: ConfirmQuestion): Promise<boolean> {
  usePendingQuestion.getState().pending?.answer(false);
  return new Promise<boolean>((resolve) => {
    const answer = (yes: boolean) => {
      if (usePendingQuestion.getState().pending?.answer === answer) usePendingQuestion.setState({ pending: null });
      resolve(yes);
    };
    usePendingQuestion.setState({ pending: { ...question, answer } });
  });
}

/** Mounted once by the app shell: shows the open question. */
export function ConfirmHost() {
  const pending = usePendingQuestion((s) => s.pending);
  if (!pending) return null;
  return (
    <ConfirmDialog
      title={pending.title}
      message={pending.message}
      confirmLabel={pending.confirmLabel}
      danger={pending.danger}
      onConfirm={() => pending.answer(true)}
      onCancel={() => pending.answer(false)}
    />
  );
}
