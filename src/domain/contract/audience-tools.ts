import type { z } from 'zod';
import { updateSenderAccountArgs } from './accounts';
import { campaignRecordSchema } from './campaigns';
import { accountSchema } from './conversations';
import {
  enrollProspectsArgs,
  enrollResultSchema,
  enrollmentPageSchema,
  getEnrollmentTimelineArgs,
  listEnrollmentsArgs,
  timelineSchema,
  updateCampaignScheduleArgs,
} from './enrollments';
import { EXCLUSION_TOOLS } from './exclusions';
import { importProspectsBody, importProspectsEnvelope, importResultSchema, listProspectsArgs, prospectPageSchema } from './prospects';

/**
 * The audience tools (contract 9.5, and 10.3's do-not-contact list): each takes its REST twin's body
 * and path fields (plus workspaceId) and answers that route's body.
 */
export const AUDIENCE_TOOLS = {
  // Rows are checked one by one and reported by index (not as invalid_arguments), exactly as the REST twin does.
  'import-prospects': { arguments: importProspectsEnvelope, advertised: importProspectsBody, result: importResultSchema },
  'list-prospects': { arguments: listProspectsArgs, result: prospectPageSchema },
  'enroll-prospects': { arguments: enrollProspectsArgs, result: enrollResultSchema },
  'list-enrollments': { arguments: listEnrollmentsArgs, result: enrollmentPageSchema },
  'get-enrollment-timeline': { arguments: getEnrollmentTimelineArgs, result: timelineSchema },
  'update-campaign-schedule': { arguments: updateCampaignScheduleArgs, result: campaignRecordSchema },
  'update-sender-account': { arguments: updateSenderAccountArgs, result: accountSchema },
  ...EXCLUSION_TOOLS,
} as const satisfies Record<string, { arguments: z.ZodType; advertised?: z.ZodType; result: z.ZodType }>;

export type AudienceToolName = keyof typeof AUDIENCE_TOOLS;
/** @public A type of the published contract, for clients of the API. */
export type AudienceToolArguments<N extends AudienceToolName> = z.input<(typeof AUDIENCE_TOOLS)[N]['arguments']>;
/** @public A type of the published contract, for clients of the API. */
export type AudienceToolResult<N extends AudienceToolName> = z.output<(typeof AUDIENCE_TOOLS)[N]['result']>;
