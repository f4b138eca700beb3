import type { ReplyState } from '../api/conversations';

/** A conversation's reply state in users' words (the row, the thread and the filter say these). */
export const REPLY_LABEL: Readonly<Record<ReplyState, string>> = { awaiting_reply: 'Awaiting reply', need_to_reply: 'Need to reply' };
