import { z } from 'zod';
import { int32, text } from './bounds';
import { cursorParam, limitParam, MAX_LIMIT, pageSchema } from './pagination';
import { MAX_IMPORT_ROWS, prospectSearchParam } from './prospects';
import { refineWindow, scheduleInputShape } from './schedule';
import { VARIANT_IDS } from '../variants';
import { ENROLLMENT_OUTCOMES, ENROLLMENT_STATUSES, EXCLUSION_REASONS, TIMELINE_STATUSES, WAITING_REASONS } from './statuses';

export * from './statuses';

/**
 * Enrollments (contract 9.2): a prospect's passage through one campaign, the enroll request, the
 * list, and the timeline the run engine records.
 */

export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES);

/** A tool's or query's workspaceId (contract 2). */
export const workspaceIdArg = text()
  .min(1)
  .max(1000)
  .optional()
  .describe('Workspace id or slug (contract 2); optional when the key grants one workspace.');
const workspaceId = workspaceIdArg;
const campaignId = z.guid().describe('The campaign id (UUID), e.g. from list-campaigns.');
const nodeIdValue = () => text().min(1).max(200);

// ---- enroll ----------------------------------------------------------------------------------------

const enrollFields = {
  prospectIds: z
    .array(z.guid())
    .min(1)
    .max(MAX_IMPORT_ROWS)
    .describe(`1–${MAX_IMPORT_ROWS} prospect ids of this workspace (from import-prospects or list-prospects).`),
  allowInOtherCampaigns: z
    .boolean()
    .optional()
    .describe('false (default): a prospect already in another campaign that is not completed is excluded; true: enrol it anyway.'),
};

/** POST /api/v1/campaigns/{campaignId}/enrollments. */
export const enrollBody = z.strictObject({ workspaceId, ...enrollFields });
/** @public A type of the published contract, for clients of the API. */
export type EnrollBody = z.input<typeof enrollBody>;

export const enrollResultSchema = z.object({
  enrolled: int32().min(0),
  alreadyEnrolled: int32().min(0).describe('Prospects already in this campaign (left as they are).'),
  excluded: z.array(z.object({ prospectId: z.string(), reason: z.enum(EXCLUSION_REASONS) })),
});
export type EnrollResult = z.infer<typeof enrollResultSchema>;

// ---- records ---------------------------------------------------------------------------------------

/** Contract 9.2 enrollment, plus the prospect's name and profile for lists. */
export const enrollmentSchema = z.object({
  enrollmentId: z.guid(),
  campaignId: z.guid(),
  prospectId: z.guid(),
  senderAccountId: z.guid().nullable().describe('Null when the campaign has no sender of the channel its steps need.'),
  status: enrollmentStatusSchema,
  currentNodeId: z.string().nullable(),
  nextStepAt: z.iso
    .datetime()
    .nullable()
    .describe('When the engine looks at it next; null while paused, held or not started, or waiting for an event only.'),
  waitingReason: z
    .enum(WAITING_REASONS)
    .nullable()
    .describe('Why it is not moving now (contract 10.2), the first that applies; null when it ended or is due now.'),
  outcome: z.enum(ENROLLMENT_OUTCOMES).nullable(),
  enteredAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  version: z
    .int()
    .nullable()
    .describe('Contract 10.4: the version of the campaign graph this prospect moves on (it changes when a revision is published).'),
  prospect: z.object({ name: z.string().nullable(), profileUrl: z.string(), company: z.string().nullable() }),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
export const enrollmentPageSchema = pageSchema(enrollmentSchema);

const listEnrollmentFilters = {
  status: enrollmentStatusSchema.optional().describe('Only enrollments in this status.'),
  nodeId: nodeIdValue().optional().describe('Only enrollments whose current step is this node.'),
  search: prospectSearchParam(),
  waitingReason: z.enum(WAITING_REASONS).optional().describe('Only enrollments waiting for this reason (contract 10.2), e.g. daily_limit.'),
};

/** GET /api/v1/campaigns/{campaignId}/enrollments: oldest entry first. */
export const listEnrollmentsQuery = z.object({ workspaceId, ...listEnrollmentFilters, limit: limitParam, cursor: cursorParam });
/** @public A type of the published contract, for clients of the API. */
export type ListEnrollmentsQuery = z.infer<typeof listEnrollmentsQuery>;

/** Contract 9.2 timeline item: what happened at one step, with the exact text sent. */
export const timelineItemSchema = z.object({
  nodeId: z.string(),
  type: z.string(),
  status: z.enum(TIMELINE_STATUSES),
  scheduledFor: z.iso.datetime().nullable(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  handle: z.string().nullable(),
  actionId: z.guid().nullable(),
  rendered: z.object({ subject: z.string().optional(), text: z.string() }).nullable(),
  error: z.string().nullable(),
  variantId: z
    .enum(VARIANT_IDS)
    .nullable()
    .describe('Contract 10.1: the variant this prospect got at a step with variants; null otherwise.'),
  version: z.int().nullable().describe('Contract 10.4: the version of the campaign graph this item was written under.'),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export const timelineSchema = z.object({ items: z.array(timelineItemSchema) });

export const enrollmentIdParams = z.object({ enrollmentId: z.guid().describe('Enrollment id') });

// ---- tool arguments ----------------------------------------------------------------------------------

export const enrollProspectsArgs = z.strictObject({ workspaceId, campaignId, ...enrollFields });
export const listEnrollmentsArgs = z.strictObject({
  workspaceId,
  campaignId,
  ...listEnrollmentFilters,
  limit: int32().min(1).max(MAX_LIMIT).optional().describe(`Page size, 1..${MAX_LIMIT}; default 100.`),
  cursor: text().min(1).max(1000).optional().describe('nextCursor of the previous page (same filters).'),
});
export const getEnrollmentTimelineArgs = z.strictObject({
  workspaceId,
  enrollmentId: z.guid().describe('The enrollment id, from list-enrollments.'),
});
export const updateCampaignScheduleArgs = z.strictObject({ workspaceId, campaignId, ...scheduleInputShape }).superRefine(refineWindow);
