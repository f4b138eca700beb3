import { z } from 'zod';
import { campaignStatusSchema } from './campaigns';
import { changeViaSchema } from './change-via';

/**
 * Contract 8.5 live changes: `GET /api/v1/campaigns/{campaignId}/changes` streams one
 * `event: campaign.changed` per save or launch of the campaign, by any client or process.
 */

export const CAMPAIGN_CHANGED_EVENT = 'campaign.changed';

export { CHANGE_VIA, changeViaSchema, type ChangeVia } from './change-via';

/** The header that says a request comes from the web app (informational only: it decides the banner's wording, nothing else). */
export const CLIENT_KIND_HEADER = 'X-Client';
export const CLIENT_ID_HEADER = 'X-Client-Id';

/** Contract 8.4 for `X-Client-Id`: short and printable (ASCII 0x21–0x7E, 1–64 characters); anything else is a 400 problem. */
export const MAX_CLIENT_ID = 64;
export const clientIdSchema = z
  .string()
  .regex(/^[\x21-\x7e]+$/, 'Must be printable ASCII without spaces.')
  .min(1)
  .max(MAX_CLIENT_ID)
  .describe('An id the client chose for itself (e.g. one per browser tab), echoed as clientId in the change events of its saves.');

export const campaignChangedSchema = z.object({
  campaignId: z.string(),
  updated_at: z.string().describe('The campaign’s updated_at after the change: pass it as expectedUpdatedAt to save on top of it.'),
  status: campaignStatusSchema,
  via: changeViaSchema,
  clientId: clientIdSchema.optional().describe('The X-Client-Id header of the request that made the change, when it had one.'),
});
export type CampaignChanged = z.infer<typeof campaignChangedSchema>;

/** Seconds between the keep-alive comment lines of the stream. */
export const CHANGES_KEEPALIVE_SECONDS = 25;
