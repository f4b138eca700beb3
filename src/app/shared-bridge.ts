import { create } from 'zustand';

/**
 * The one channel between features that must not import each other: the editor publishes the
 * selected message node (and how to put text into its template); the dock's inspiration pane reads it.
 */
export interface MessageNodeTarget {
  nodeId: string;
  label: string;
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
