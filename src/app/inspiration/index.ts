// The inspiration feature's public entry (for the dock).
export { InspirationPane } from './Inspiration';
export { TEXT_DRAG_TYPE } from './canvas-drop';
