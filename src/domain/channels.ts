import { nodeDefinition } from './catalog';
import type { Channel } from './contract/conversations';

/**
 * Contract 9.2/9.4: which sender channel a step needs — the messaging app for its own step type,
 * the professional network for every other step that reaches a person (catalog `sends`, or a
 * LinkedIn action such as a connection request or a profile visit); null for steps that need none.
 */
export function senderChannelOf(type: unknown): Channel | null {
  if (type === 'messaging_app_message') return 'messaging_app';
  const definition = nodeDefinition(type);
  return definition && (definition.sends || definition.category === 'linkedin') ? 'professional_network' : null;
}

/** The channel a campaign's senders must have: the professional network when any step needs it, else the messaging app, else null. */
export function campaignSenderChannel(stepTypes: readonly unknown[]): Channel | null {
  const channels = new Set(stepTypes.map(senderChannelOf));
  if (channels.has('professional_network')) return 'professional_network';
  return channels.has('messaging_app') ? 'messaging_app' : null;
}
