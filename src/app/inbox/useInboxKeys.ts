import { useCallback, useLayoutEffect, useRef } from 'react';
import { isModKey, isTypingTarget } from '../ui/keyboard';

export interface InboxKeyActions {
  search(): void;
  move(delta: number): void;
  open(): void;
  /** Esc: closes the thread or clears the selection; false when there was nothing to close. */
  close(): boolean;
  done(): void;
  select(): void;
  /** r: focuses the open thread's reply box. */
  reply(): void;
}

/** Elements whose own Enter/Space must win (a focused button, link, checkbox…). */
const OWN_ENTER = 'a[href], button, input, select, textarea, summary, [role="button"], [role="menuitem"]';

/**
 * The inbox's keyboard (Chatwoot habit): j/k move, Enter opens, Esc closes, e marks done, x selects,
 * / searches, r replies. Works wherever focus is after a click in the page (list, thread, body), never while
 * typing in a field, never with Ctrl/Cmd/Alt, never under an open dialog.
 */
export function useInboxKeys(actions: InboxKeyActions): (e: KeyboardEvent) => void {
  const ref = useRef(actions);
  useLayoutEffect(() => {
    ref.current = actions;
  });
  return useCallback((e: KeyboardEvent) => {
    if (e.defaultPrevented || isTypingTarget(e.target) || isModKey(e) || e.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    const a = ref.current;
    const target = e.target instanceof Element ? e.target : null;
    const onList = !target || target === document.body || target.getAttribute('role') === 'listbox';
    const key = e.key;
    if (key === '/') a.search();
    else if (key === 'j' || (key === 'ArrowDown' && onList)) a.move(1);
    else if (key === 'k' || (key === 'ArrowUp' && onList)) a.move(-1);
    else if (key === 'Enter' && !target?.closest(OWN_ENTER)) a.open();
    else if (key === 'Escape') {
      if (!a.close()) return;
    } else if (key === 'e') a.done();
    else if (key === 'x' && !target?.closest(OWN_ENTER)) a.select();
    else if (key === 'r') a.reply();
    else return;
    e.preventDefault();
  }, []);
}
