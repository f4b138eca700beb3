import type { MessageCursor } from '../../shared-bridge';

/** The last cursor placed in a step's message field (one at a time), so "Use in message" can insert there. */
let last: (MessageCursor & { nodeId: string }) | null = null;

export function rememberMessageCursor(nodeId: string, el: HTMLTextAreaElement): void {
  last = { nodeId, start: el.selectionStart, end: el.selectionEnd };
}

export function messageCursorOf(nodeId: string): MessageCursor | null {
  return last?.nodeId === nodeId ? { start: last.start, end: last.end } : null;
}
