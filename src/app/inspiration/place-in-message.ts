import type { MessageCursor } from '../shared-bridge';

export interface Placement {
  /** insert: at the cursor; fill: the message was empty; append: after a written message, no cursor placed in it. */
  kind: 'insert' | 'fill' | 'append';
  text: string;
}

/**
 * "Use in message": the post goes in at the cursor of the step's message field (replacing what is
 * selected there); an empty message is simply filled; a written message with no cursor placed in it
 * gets the post after it, on its own paragraph. Nothing is asked: the pane's toast and the editor's
 * Undo take it back.
 */
export function placeInMessage(current: string, cursor: MessageCursor | null, post: string): Placement {
  if (!current.trim()) return { kind: 'fill', text: post };
  if (!cursor) return { kind: 'append', text: `${current.trimEnd()}\n\n${post}` };
  // The message may have changed since the cursor was read (undo, another tab): keep the range inside it.
  const end = Math.min(Math.max(cursor.end, 0), current.length);
  const start = Math.min(Math.max(cursor.start, 0), end);
  return { kind: 'insert', text: current.slice(0, start) + post + current.slice(end) };
}

/** What the toast says once the post is in (with Undo beside it). */
export function placedWords(kind: Placement['kind'], label: string): string {
  if (kind === 'insert') return `Inserted at the cursor in “${label}”.`;
  if (kind === 'append') return `Added after the message of “${label}”. To put it elsewhere, click there in the message first.`;
  return `Copied into “${label}”.`;
}
