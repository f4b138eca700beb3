import { create } from 'zustand';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}

/** A question with a third way out beside Cancel and the confirm button ("Save and leave"). */
export interface ChoiceQuestion extends ConfirmQuestion {
  alternativeLabel: string;
}
export type ChoiceAnswer = 'confirm' | 'alternative' | 'cancel';

interface Pending extends ConfirmQuestion {
  alternativeLabel?: string;
  answer(choice: ChoiceAnswer): void;
}

const usePendingQuestion = create<{ pending: Pending | null }>(() => ({ pending: null }));

/**
 * Asks a yes/no question in the app's own dialog (not the browser's `confirm()`), from anywhere:
 * resolves true when the user confirms, false on Cancel, Escape or the backdrop. A second question
 * while one is open answers the first with false.
 */
export function askConfirm(question: ConfirmQuestion): Promise<boolean> {
  return ask(question).then((choice) => choice === 'confirm');
}

/** askConfirm with a third button: resolves 'alternative' when that one is pressed. */
export function askChoice(question: ChoiceQuestion): Promise<ChoiceAnswer> {
  return ask(question);
}

function ask(question: ConfirmQuestion & { alternativeLabel?: string }): Promise<ChoiceAnswer> {
  usePendingQuestion.getState().pending?.answer('cancel');
  return new Promise<ChoiceAnswer>((resolve) => {
    const answer = (choice: ChoiceAnswer) => {
      if (usePendingQuestion.getState().pending?.answer === answer) usePendingQuestion.setState({ pending: null });
      resolve(choice);
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
      alternativeLabel={pending.alternativeLabel}
      onConfirm={() => pending.answer('confirm')}
      onAlternative={() => pending.answer('alternative')}
      onCancel={() => pending.answer('cancel')}
    />
  );
}
