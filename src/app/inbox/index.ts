// The inbox's public entry: the pane (for the dock) and its view-state sources.
export { Inbox } from './Inbox';
export { inboxHref, useDockInboxState, useUrlInboxState } from './filter-state';
