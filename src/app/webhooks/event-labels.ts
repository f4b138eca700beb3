import type { DeliveryEventType } from '../../domain/contract/webhooks';

/** Each event a webhook can carry, in users' words (the wire name stays in the delivery's payload). */
export const EVENT_LABEL: Readonly<Record<DeliveryEventType, string>> = {
  'campaign.workflow_updated': 'Campaign saved',
  'campaign.launched': 'Campaign launched',
  'inspiration.saved': 'Inspiration saved',
  'conversation.message_received': 'Message received',
  'prospect.enrolled': 'Prospect added to a campaign',
  'prospect.replied': 'Prospect replied',
  'prospect.finished': 'Prospect finished a campaign',
  'action.failed': 'Action failed',
  'campaign.paused': 'Campaign paused',
  'campaign.resumed': 'Campaign resumed',
  'campaign.completed': 'Campaign finished',
  'campaign.revised': 'Running campaign changed',
  'webhook.test': 'Test event',
};
