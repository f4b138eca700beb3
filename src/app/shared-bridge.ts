import { create } from 'zustand';

/** Where the cursor last was in a step's message field: a selection from start to end (equal when nothing is selected). */
export interface MessageCursor {
  start: number;
  end: number;
}

/**
 * The one channel between features that must not import each other: the editor publishes the
 * selected message node (and how to put text into its template); the dock's inspiration pane reads it.
 */
export interface MessageNodeTarget {
  nodeId: string;
  label: string;
  /** The node's message_template as it is now. */
  currentText(): string;
  /** Where the cursor was last placed in the node's message field, or null when it never was. */
  cursor(): MessageCursor | null;
  /** Replaces the node's message_template (recorded as an undoable edit by the editor). */
  applyTemplate(text: string): void;
  /** Is this element (a drag's target) inside the node on the canvas? Only the editor knows its canvas's DOM. */
  isDropTarget(element: Element): boolean;
}

export const useEditorBridge = create<{ messageTarget: MessageNodeTarget | null; setMessageTarget(t: MessageNodeTarget | null): void }>(
  (set) => ({
    messageTarget: null,
    setMessageTarget: (messageTarget) => set({ messageTarget }),
  }),
);
