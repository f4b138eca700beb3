import { z } from 'zod';
import { parseUtcDateTime } from '../time';
import { int32, text } from './bounds';
import { campaignRecordSchema } from './campaigns';

/**
 * Changing a running campaign (contract 10.4): a revision is a draft campaign record tied to its
 * running campaign, edited with the graph tools, inspected (its impact) and published in one
 * transaction. The REST bodies and the four MCP tools, written once.
 */

/** What a prospect at a removed step moves to on publish: a step of the revision, or the end of their run. */
export const MOVE_TO_END = 'end';

const workspaceId = text()
  .min(1)
  .max(1000)
  .optional()
  .describe('Workspace id or slug. Only needed when your API key can access several workspaces.');
const campaignId = z.guid().describe('The running (or paused) campaign the revision changes.');
const revisionId = z.guid().describe('The revision (a draft campaign record) from create-revision.');
const nodeId = text().min(1).max(1000);

const inspectedUpdatedAt = z
  .string()
  .refine((value) => parseUtcDateTime(value) !== null, 'Must be a UTC date-time ending in Z, e.g. 2026-11-21T10:15:30.123Z.')
  .describe('The updated_at of the revision you inspected (get-campaign on the revision, or your last save of it).');

const moves = z
  .record(nodeId, nodeId)
  .refine((value) => Object.keys(value).length <= 1000, 'At most 1000 moves.')
  .describe(
    `For each removed step with prospects on it: the step of the revision they go to, or "${MOVE_TO_END}" to end their run. ` +
      'Required for every removed step get-revision-impact lists with prospects.',
  );

/** POST /api/v1/campaigns/{id}/publish. `confirm` is checked after the revision is found (contract 10.4's order), so optional here. */
export const publishRevisionBody = z.strictObject({
  workspaceId,
  revisionId,
  inspectedUpdatedAt,
  confirm: z.boolean().optional().describe('Must be true: explicit authorization to change what the running campaign does.'),
  moves: moves.optional(),
});

/** The path of a revision's routes. */
export const revisionParams = z.object({ campaignId: z.guid().describe('Campaign id'), revisionId: z.guid().describe('Revision id') });

/** Contract 10.4 impact: what publishing would do, shown before publish. */
export const revisionImpactSchema = z.object({
  removed: z
    .array(z.object({ nodeId: z.string(), prospects: int32().describe('Prospects at this step now: they need a move.') }))
    .describe('Steps of the running graph the revision removes (or replaces with a step of another type).'),
  changedText: z
    .array(z.object({ nodeId: z.string(), prospectsAhead: int32().describe('Unfinished prospects who have not been sent this step yet.') }))
    .describe('Sending steps whose text changes: prospects who reach them after publish get the new text.'),
  added: z.array(z.string()).describe('Steps the revision adds.'),
});
export type RevisionImpact = z.infer<typeof revisionImpactSchema>;

const byIds = { workspaceId, campaignId, revisionId };

/** The four tools of contract 10.4. */
export const REVISION_TOOLS = {
  'create-revision': { arguments: z.strictObject({ workspaceId, campaignId }), result: campaignRecordSchema },
  'get-revision-impact': { arguments: z.strictObject(byIds), result: revisionImpactSchema },
  'publish-revision': {
    arguments: z.strictObject({
      ...byIds,
      inspectedUpdatedAt,
      confirm: z.boolean().optional().describe('Must be true.'),
      moves: moves.optional(),
    }),
    result: campaignRecordSchema,
  },
  'discard-revision': {
    arguments: z.strictObject(byIds),
    result: z.object({ revisionId: z.string(), discarded: z.literal(true) }),
  },
} as const satisfies Record<string, { arguments: z.ZodType; result: z.ZodType }>;
export type RevisionToolName = keyof typeof REVISION_TOOLS;
