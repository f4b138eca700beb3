// The inspiration feature's public entry (for the dock).
export { InspirationPane } from './Inspiration';
