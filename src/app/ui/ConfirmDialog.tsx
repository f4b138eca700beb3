import { useId } from 'react';
import { Dialog } from './Dialog';

/**
 * A modal yes/no question, with an optional third button (`alternativeLabel`, the primary one then).
 * Escape or the backdrop cancels; focus starts on Cancel and returns where it was.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger,
  busy,
  alternativeLabel,
  onConfirm,
  onAlternative,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  alternativeLabel?: string | undefined;
  onConfirm(): void;
  onAlternative?: () => void;
  onCancel(): void;
}) {
  const messageId = useId();
  return (
    <Dialog
      title={title}
      small
      alert
      describedBy={messageId}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn" data-autofocus onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
          {alternativeLabel && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={onAlternative}>
              {alternativeLabel}
            </button>
          )}
        </>
      }
    >
      <p id={messageId}>{message}</p>
    </Dialog>
  );
}
