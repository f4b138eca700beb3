import type { ReplyState } from '../api/conversations';

/** A conversation's reply state in users' words (the row, the thread and the filter say these). */
export const REPLY_LABEL: Readonly<Record<ReplyState, string>> = { awaiting_reply: 'Awaiting reply', need_to_reply: 'Need to reply' };

/** Contract 9.4: a message of the sandbox's simulated network, not a real person's. */
export const SANDBOX_LABEL = 'Sandbox';
export const SANDBOX_HINT = 'Sent or answered by the sandbox (a simulated network): nobody real received or wrote it.';
