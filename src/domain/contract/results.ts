import { z } from 'zod';
import { int32, text } from './bounds';
import { CAMPAIGN_STATUSES, CAMPAIGN_VIEWS, listCampaignsArgs } from './campaigns';
import { campaignIdParams, workspaceQuery } from './conversations';
import { VERDICT_STATUSES } from '../stats';
import { VARIANT_IDS } from '../variants';

/**
 * Contract 10.1 results: a campaign's numbers on the list (`stats`), its results per step, version
 * and variant with the verdict, per sender and per day (GET …/results and get-campaign-results), and
 * choosing a winner (POST …/steps/{nodeId}/winner and choose-variant-winner).
 */

const count = () => int32().min(0);
const rate = () => z.number().min(0).max(1);

export const RESULT_METRICS = ['accepted', 'replied'] as const;

const intervalSchema = z.object({ low: rate(), high: rate() }).describe('The 95 % Wilson interval of the rate.');

export const variantResultSchema = z.object({
  variantId: z.enum(VARIANT_IDS).nullable().describe('null for a step without variants (its one row).'),
  label: z.string(),
  sent: count().describe('Actions of this step done with this variant.'),
  converted: count().describe('Invitations: accepted. Messages: prospects who replied after it and before their next sending step.'),
  rate: rate().nullable().describe('converted ÷ sent; null when nothing was sent.'),
  interval: intervalSchema.nullable(),
});

export const verdictSchema = z.object({
  status: z.enum(VERDICT_STATUSES),
  variantId: z.enum(VARIANT_IDS).optional().describe('The winning variant (status "winner").'),
  confidence: rate().describe('1 − the smallest always-valid p-value, adjusted for the comparisons.'),
  moreNeeded: count().optional().describe('While collecting: about how many more prospects each variant needs.'),
  note: z.string().describe('The verdict in words.'),
});

export const stepResultSchema = z.object({
  nodeId: z.string(),
  name: z.string().describe('The step as the canvas names it.'),
  version: int32()
    .min(1)
    .describe('The graph version this row’s text was first sent under (consecutive versions with the same text are one row).'),
  metric: z.enum(RESULT_METRICS),
  variants: z.array(variantResultSchema).describe('The first is the control.'),
  verdict: verdictSchema,
});
export type StepResult = z.infer<typeof stepResultSchema>;

export const campaignResultsSchema = z.object({
  asOf: z.iso.datetime().describe('When these numbers were read.'),
  steps: z.array(stepResultSchema),
  senders: z.array(z.object({ accountId: z.guid(), sent: count(), accepted: count(), replied: count() })),
  daily: z.array(
    z.object({
      date: z.iso.date().describe('A calendar day in the campaign schedule’s time zone.'),
      invitations: count(),
      accepted: count(),
      messages: count(),
      replied: count(),
    }),
  ),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

export const RESULTS_FORMATS = ['json', 'csv'] as const;
export const resultsQuery = workspaceQuery.extend({
  format: z.enum(RESULTS_FORMATS).optional().describe('"csv": the step rows as CSV (one line per step, version and variant).'),
});

const nodeId = text().min(1).max(200).describe('The step’s node id (as in the graph).');
export const winnerParams = campaignIdParams.extend({ nodeId });
export const chooseWinnerBody = z.strictObject({
  workspaceId: workspaceQuery.shape.workspaceId,
  variantId: z.enum(VARIANT_IDS).describe('The variant every prospect who reaches the step from now on gets.'),
});

const campaignId = z.guid().describe('The campaign id (UUID), e.g. from list-campaigns.');
export const getCampaignResultsArgs = z.strictObject({ workspaceId: workspaceQuery.shape.workspaceId, campaignId });
export const chooseVariantWinnerArgs = z.strictObject({ ...chooseWinnerBody.shape, campaignId, nodeId });

/** GET /api/v1/campaigns: list-campaigns' filters as a query string. */
export const listCampaignsQuery = z.object({
  workspaceId: workspaceQuery.shape.workspaceId,
  status: z.enum(CAMPAIGN_STATUSES).optional().describe('Only campaigns in this status.'),
  archived: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('true: only archived campaigns; false (default): only campaigns not archived.'),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be an integer')
    .transform(Number)
    .pipe(listCampaignsArgs.shape.limit.unwrap())
    .optional()
    .describe('Page size, 1..100, default 50.'),
  cursor: listCampaignsArgs.shape.cursor,
  view: z.enum(CAMPAIGN_VIEWS).optional().describe('"summary": workflow_definition holds only {nodeCount, edgeCount, types}.'),
});

export const RESULTS_TOOLS = {
  'get-campaign-results': { arguments: getCampaignResultsArgs, result: campaignResultsSchema },
  'choose-variant-winner': { arguments: chooseVariantWinnerArgs, result: campaignResultsSchema },
} as const satisfies Record<string, { arguments: z.ZodType; result: z.ZodType }>;
