// The webhooks feature's public entry (for the dock).
export { WebhooksPane } from './Webhooks';
