import type { Channel } from '../contract/conversations';
import type { DailyLimitKind } from '../contract/schedule';
import { nodeDefinition } from './index';
import type { NodeType } from './types';

/**
 * Contract 9.3: which steps reach a person — they start only inside the sending window, done by the
 * prospect's sender account, counted against one of its daily limits and spaced like its other actions.
 */

/** Each limit in users' words: its label (a form field, a meter), and one and many inside a sentence. */
export const DAILY_LIMIT_WORDS: Readonly<Record<DailyLimitKind, { label: string; one: string; many: string }>> = {
  connection_request: { label: 'Invitations to connect', one: 'invitation', many: 'invitations' },
  message: { label: 'Messages', one: 'message', many: 'messages' },
  inmail: { label: 'InMails', one: 'InMail', many: 'InMails' },
  profile_visit: { label: 'Profile visits', one: 'profile visit', many: 'profile visits' },
  other: { label: 'Other actions', one: 'other action', many: 'other actions' },
};

/** Types with a limit of their own; every other action that reaches a person counts as `other`. */
const OWN_LIMIT: Partial<Readonly<Record<NodeType, DailyLimitKind>>> = {
  connection_request: 'connection_request',
  message: 'message',
  template_message: 'message',
  enhanced_message: 'message',
  messaging_app_message: 'message',
  inmail: 'inmail',
  profile_visit: 'profile_visit',
};

/** The channel whose sender accounts do a type's action; all but the messaging-app message are the professional network's. */
const CHANNEL_OF: Partial<Readonly<Record<NodeType, Channel>>> = { messaging_app_message: 'messaging_app' };

/** A sender account's part in a step: which limit it counts against, on which channel. */
export interface SenderAction {
  readonly limit: DailyLimitKind;
  readonly channel: Channel;
}

/** Contract 9.3: actions that reach a person (catalog `sends`, plus every LinkedIn action) wait for the sending window. */
export function needsSendingWindow(type: unknown): boolean {
  const def = nodeDefinition(type);
  return def !== undefined && (def.sends || def.category === 'linkedin');
}

/** The sender account's part in a step that reaches a person (done by the prospect's sender), or undefined for engine steps. */
export function senderActionOf(type: unknown): SenderAction | undefined {
  const def = nodeDefinition(type);
  if (!def || !needsSendingWindow(def.type)) return undefined;
  return { limit: OWN_LIMIT[def.type] ?? 'other', channel: CHANNEL_OF[def.type] ?? 'professional_network' };
}
