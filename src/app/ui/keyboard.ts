/**
 * True when a key press belongs to a text field (or a contenteditable, select, or an open dialog's
 * input): global shortcuts must never fire then.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  return false;
}

/** Ctrl on Linux/Windows, Cmd on macOS. */
export const isModKey = (e: KeyboardEvent | React.KeyboardEvent): boolean => e.ctrlKey || e.metaKey;

/**
 * A shortcut that moves focus into a text field ("r" to reply) moves it once the key is handled: a
 * field focused while its key is still going through would take the key's character too.
 */
export function focusAfterKey(elementId: string): void {
  requestAnimationFrame(() => document.getElementById(elementId)?.focus());
}
