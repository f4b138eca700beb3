import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native `<dialog>` + `showModal()`: the browser makes the rest of the page
 * inert (Tab stays inside), puts it in the top layer and turns Escape into a `cancel` event. Focus
 * goes to the element marked `data-autofocus` (else the first focusable one) on open and back to
 * where it was on close. Escape and a click on the backdrop call `onClose`.
 */
export function Dialog({
  title,
  children,
  actions,
  onClose,
  wide,
  small,
  alert,
  describedBy,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  wide?: boolean;
  small?: boolean;
  /** An urgent yes/no question (role alertdialog). */
  alert?: boolean;
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      before?.focus?.();
    };
  }, []);
  return (
    // The click handler only catches clicks on the ::backdrop (the dialog's own box is filled by .dialog-body);
    // the keyboard way out is Escape, which the browser delivers as the `cancel` event.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog-wide' : ''}${small ? ' dialog-sm' : ''}`}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      // Escape belongs to the dialog: the page's own shortcuts (the editor's "clear selection") must not see it.
      onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}
    >
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">{actions}</div>
      </div>
    </dialog>
  );
}
