import { createContext, useContext } from 'react';

/** Below this zoom a step's text is a few pixels tall: the canvas draws the steps without their details. */
export const FAR_ZOOM = 0.35;

/** Whether the canvas is zoomed out past FAR_ZOOM (provided by the canvas, read by the node view). */
export const FarContext = createContext(false);
export const useFar = () => useContext(FarContext);
