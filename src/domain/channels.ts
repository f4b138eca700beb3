import { nodeDefinition } from './catalog';
import type { Channel } from './contract/conversations';

/** A channel's name as users know it (the app's labels, the launch review's sentences). */
export const CHANNEL_LABEL: Readonly<Record<Channel, string>> = {
  professional_network: 'LinkedIn',
  messaging_app: 'WhatsApp',
};

/** The channel's name to say beside an account's, or null when the name says it already ("Ben Carter (LinkedIn)"). */
export function channelBeside(accountName: string, channel: Channel): string | null {
  const label = CHANNEL_LABEL[channel];
  return accountName.toLowerCase().includes(label.toLowerCase()) ? null : label;
}

/**
 * Contract 9.2/9.4: which sender channel a step needs — the catalog entry's own `senderChannel`
 * (the messaging app for its step, the professional network for LinkedIn actions and messages);
 * null for steps that need no sender account.
 */
export function senderChannelOf(type: unknown): Channel | null {
  return nodeDefinition(type)?.senderChannel ?? null;
}

/** The channel a campaign's senders must have: the professional network when any step needs it, else the messaging app, else null. */
export function campaignSenderChannel(stepTypes: readonly unknown[]): Channel | null {
  const channels = new Set(stepTypes.map(senderChannelOf));
  if (channels.has('professional_network')) return 'professional_network';
  return channels.has('messaging_app') ? 'messaging_app' : null;
}
