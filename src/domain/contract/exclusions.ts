import { z } from 'zod';
import { EXCLUSION_KINDS, EXCLUSION_VALUE_LIMITS, exclusionValue, MAX_EXCLUSION_REASON, type ExclusionKind } from '../exclusions';
import { int32, text } from './bounds';
import { importErrorSchema, MAX_IMPORT_ROWS, MAX_PROFILE_URL } from './prospects';
import { cursorParam, limitParam, MAX_LIMIT, pageSchema } from './pagination';

export { EXCLUSION_KINDS, type ExclusionKind } from '../exclusions';

/**
 * The do-not-contact list (contract 10.3): entries, adding one, importing many, listing and removing,
 * and their MCP tools. A value is stored in its kind's normal form (domain/exclusions.ts); the same
 * kind and value again is the same entry.
 */

/** Who added an entry: the app (`X-Client: app`), an agent (MCP, or any other API client), or the import route. */
export const EXCLUSION_AUTHORS = ['studio', 'agent', 'import'] as const;
export type ExclusionAuthor = (typeof EXCLUSION_AUTHORS)[number];

const workspaceId = text()
  .min(1)
  .max(1000)
  .optional()
  .describe('Workspace id or slug (contract 2); optional when the key grants one workspace.');

const longestValue = Math.max(...Object.values(EXCLUSION_VALUE_LIMITS), MAX_PROFILE_URL);

const entryFields = {
  kind: z
    .enum(EXCLUSION_KINDS)
    .describe(
      'profile: one person, by their profile URL (the prospect profile URL rule); company: everyone whose company is this name (case-insensitive, trimmed); ' +
        'domain: everyone whose e-mail address is at this domain or a subdomain of it.',
    ),
  value: text()
    .max(longestValue)
    .describe('A LinkedIn or WhatsApp profile URL, a company name, or an e-mail domain such as acme.com, as the kind says.'),
  reason: text()
    .trim()
    .min(1, 'is required')
    .max(MAX_EXCLUSION_REASON, `must be at most ${MAX_EXCLUSION_REASON} characters`)
    .describe(`Why nobody should contact them (1–${MAX_EXCLUSION_REASON} characters), e.g. "Customer" or "Asked not to be contacted".`),
};

/** The value must be one of its kind (domain/exclusions.ts words the problem). */
const valueOfItsKind = (ctx: { value: { kind: ExclusionKind; value: string }; issues: z.core.$ZodRawIssue[] }) => {
  const checked = exclusionValue(ctx.value.kind, ctx.value.value);
  if ('problem' in checked) ctx.issues.push({ code: 'custom', message: checked.problem, path: ['value'], input: ctx.value.value });
};

/** One entry as sent (a row of the import); stored with its value in the kind's normal form. */
export const exclusionInputSchema = z.strictObject(entryFields).check(valueOfItsKind);
export type ExclusionInput = z.infer<typeof exclusionInputSchema>;

/** POST /api/v1/exclusions: one entry. */
export const addExclusionBody = z.strictObject({ workspaceId, ...entryFields }).check(valueOfItsKind);

/** Contract 10.3 entry. */
export const exclusionSchema = z.object({
  exclusionId: z.guid(),
  kind: z.enum(EXCLUSION_KINDS),
  value: z.string(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  createdBy: z.enum(EXCLUSION_AUTHORS),
});
export type Exclusion = z.infer<typeof exclusionSchema>;
export const exclusionPageSchema = pageSchema(exclusionSchema);

/** POST /api/v1/exclusions/import: rows are judged one by one (a bad row is reported, not fatal), so the envelope takes any rows. */
export const importExclusionsEnvelope = z.strictObject({
  workspaceId,
  exclusions: z.array(z.unknown()).min(1).max(MAX_IMPORT_ROWS),
});
/** The same body as documented (each row's schema shown). */
export const importExclusionsBody = z.strictObject({
  workspaceId,
  exclusions: z
    .array(z.strictObject(entryFields))
    .min(1)
    .max(MAX_IMPORT_ROWS)
    .describe(
      `1–${MAX_IMPORT_ROWS} entries. Invalid rows are reported by index and not stored; the valid ones are stored together; one already on the list is skipped.`,
    ),
});

export const importExclusionsResultSchema = z.object({
  created: int32().min(0),
  skipped: int32().min(0).describe('Entries already on the list (same kind and value), or repeated earlier in the request.'),
  errors: z.array(importErrorSchema),
});
export type ImportExclusionsResult = z.infer<typeof importExclusionsResultSchema>;

export const exclusionIdParams = z.object({ exclusionId: z.guid().describe('Exclusion id') });

const listFields = {
  workspaceId,
  kind: z.enum(EXCLUSION_KINDS).optional().describe('Only entries of this kind.'),
  search: text().max(500).optional().describe('Case-insensitive substring of the value or the reason.'),
  profileUrl: text()
    .max(MAX_PROFILE_URL)
    .optional()
    .describe(
      'Only the entries that keep this person from being contacted: their profile, and, when they are a prospect, their company and e-mail domain.',
    ),
};

/** GET /api/v1/exclusions: newest first, cursor-paginated. */
export const listExclusionsQuery = z.object({ ...listFields, limit: limitParam, cursor: cursorParam });

// ---- a campaign's audience before launch --------------------------------------------------------------

/** How many people of a list the answer names (the count says how many there are). */
export const AUDIENCE_CHECK_NAMED = 50;

const namedProspect = z.object({ prospectId: z.guid(), name: z.string().nullable(), profileUrl: z.string() });

/**
 * GET /api/v1/campaigns/{campaignId}/audience-check (the launch review, contract 10.3): of the campaign's
 * unfinished enrollments, the prospects on the do-not-contact list (skipped before their first action)
 * and those whose profile URL is not LinkedIn or WhatsApp (kept from before the rule, never reachable).
 */
export const audienceCheckSchema = z.object({
  enrolled: int32().min(0).describe('Enrollments not finished (waiting or active).'),
  excluded: z.object({
    count: int32().min(0),
    items: z
      .array(namedProspect.extend({ entry: exclusionSchema.pick({ exclusionId: true, kind: true, value: true, reason: true }) }))
      .describe(`The first ${AUDIENCE_CHECK_NAMED}, each with the entry that names them.`),
  }),
  unsupportedProfiles: z.object({
    count: int32().min(0),
    items: z.array(namedProspect).describe(`The first ${AUDIENCE_CHECK_NAMED}.`),
  }),
});
export type AudienceCheck = z.infer<typeof audienceCheckSchema>;

// ---- tools ------------------------------------------------------------------------------------------

export const listExclusionsArgs = z.strictObject({
  ...listFields,
  limit: int32().min(1).max(MAX_LIMIT).optional().describe(`Page size, 1..${MAX_LIMIT}; default 100.`),
  cursor: text().min(1).max(1000).optional().describe('nextCursor of the previous page (same filters).'),
});

export const addExclusionsResultSchema = importExclusionsResultSchema.extend({
  items: z.array(exclusionSchema).describe('The entries of the valid rows, in their order: new ones and those already on the list.'),
});
/** @public A type of the published contract, for clients of the API. */
export type AddExclusionsResult = z.infer<typeof addExclusionsResultSchema>;

export const removeExclusionArgs = z.strictObject({
  workspaceId,
  exclusionId: z.guid().describe('The entry’s exclusionId, from list-exclusions.'),
});
export const removedExclusionSchema = z.object({ exclusionId: z.guid(), removed: z.literal(true) });

export const checkCampaignAudienceArgs = z.strictObject({
  workspaceId,
  campaignId: z.guid().describe('The campaign id (UUID), e.g. from list-campaigns.'),
});

export const EXCLUSION_TOOLS = {
  'check-campaign-audience': { arguments: checkCampaignAudienceArgs, result: audienceCheckSchema },
  'list-exclusions': { arguments: listExclusionsArgs, result: exclusionPageSchema },
  // Rows are checked one by one and reported by index (not as invalid_arguments), like import-prospects.
  'add-exclusions': { arguments: importExclusionsEnvelope, advertised: importExclusionsBody, result: addExclusionsResultSchema },
  'remove-exclusion': { arguments: removeExclusionArgs, result: removedExclusionSchema },
} as const satisfies Record<string, { arguments: z.ZodType; advertised?: z.ZodType; result: z.ZodType }>;
