import { createContext, useContext } from 'react';

/**
 * The campaign whose run counts the canvas's steps and connections show, or null: a run view's
 * campaign once its first view is on screen (the canvas provides it), so the counts never delay it.
 */
export const RunOverlayContext = createContext<string | null>(null);
export const useRunOverlay = () => useContext(RunOverlayContext);
