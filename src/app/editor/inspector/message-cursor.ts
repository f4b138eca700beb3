import type { MessageCursor } from '../../shared-bridge';

/**
 * The last cursor placed in a step's message field (one at a time), so "Use in message" can insert
 * there — in the step's one message, or in the message of the variant (contract 10.1) it was placed in.
 */
let last: (MessageCursor & { nodeId: string; variant: number | null }) | null = null;

export function rememberMessageCursor(nodeId: string, el: HTMLTextAreaElement, variant: number | null = null): void {
  last = { nodeId, start: el.selectionStart, end: el.selectionEnd, variant };
}

export function messageCursorOf(nodeId: string, variant: number | null = null): MessageCursor | null {
  return last?.nodeId === nodeId && last.variant === variant ? { start: last.start, end: last.end } : null;
}

/** The variant (index) whose message last had the cursor in this step, or null (the step's one message, or never). */
export const messageVariantOf = (nodeId: string): number | null => (last?.nodeId === nodeId ? last.variant : null);
