import type { MessageCursor } from '../shared-bridge';

export type Placement = { kind: 'insert' | 'fill'; text: string } | { kind: 'ask'; text: string };

/**
 * "Use in message": the post goes in at the cursor of the step's message field (replacing what is
 * selected there); an empty message is simply filled; a written message with no cursor placed in it
 * is only replaced after the user agrees (`ask`, `text` being the replacement).
 */
export function placeInMessage(current: string, cursor: MessageCursor | null, post: string): Placement {
  if (!current.trim()) return { kind: 'fill', text: post };
  if (!cursor) return { kind: 'ask', text: post };
  // The message may have changed since the cursor was read (undo, another tab): keep the range inside it.
  const end = Math.min(Math.max(cursor.end, 0), current.length);
  const start = Math.min(Math.max(cursor.start, 0), end);
  return { kind: 'insert', text: current.slice(0, start) + post + current.slice(end) };
}
