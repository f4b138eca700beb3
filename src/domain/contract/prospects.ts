import { z } from 'zod';
import { profileUrlProblem } from '../profile-url';
import { int32, text } from './bounds';
import { cursorParam, limitParam, MAX_LIMIT, pageSchema } from './pagination';
import { ianaTimeZone } from './schedule';
import { ENROLLMENT_STATUSES } from './statuses';

/**
 * The workspace's audience (contract 9.1): a prospect, its import, list, read, change and removal.
 * The server validates with these, OpenAPI and the tools' JSON Schemas come from them, the app
 * infers its types from them and parses every answer with them.
 */

export const MAX_IMPORT_ROWS = 10_000;
export const ON_DUPLICATE = ['skip', 'update'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

/** The top-level prospect fields a placeholder may name (after customFields, contract 9.1). */
export const PROSPECT_TEXT_FIELDS = ['profileUrl', 'name', 'headline', 'company', 'email', 'timeZone'] as const;
export type ProspectTextField = (typeof PROSPECT_TEXT_FIELDS)[number];

export const MAX_PROFILE_URL = 2000;
export const MAX_CUSTOM_FIELDS = 100;
export const MAX_CUSTOM_FIELD_NAME = 100;
export const MAX_CUSTOM_FIELD_TEXT = 10_000;
/** The longest text of each optional top-level text field. */
export const PROSPECT_TEXT_LIMITS = { name: 300, headline: 1000, company: 300 } as const;

const workspaceId = text()
  .min(1)
  .max(1000)
  .optional()
  .describe('Workspace id or slug (contract 2); optional when the key grants one workspace.');

/** A profile URL as sent (contract 10.3): a LinkedIn member, a Sales Navigator lead or WhatsApp; the server stores its normalised form. */
export const profileUrlInput = () =>
  text()
    .trim()
    .min(1, 'is required')
    .max(MAX_PROFILE_URL)
    .check((ctx) => {
      // A missing or overlong URL has its one issue already.
      const problem = ctx.issues.length === 0 ? profileUrlProblem(ctx.value) : null;
      if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    })
    .describe(
      'The prospect’s profile: a LinkedIn member URL (https://www.linkedin.com/in/<slug>, any scheme, www or country host, locale, query and trailing "/" dropped, ' +
        'the slug stored lower-case), a Sales Navigator lead URL (/sales/lead/… or /sales/people/…) or a WhatsApp link (https://wa.me/<digits>). ' +
        'Any other URL is refused. Stored in that normal form, so every spelling of one profile is one prospect.',
    );

const optionalText = (max: number, description: string) => text().trim().max(max).nullable().optional().describe(description);

/** Contract 9.1 customFields: text, number or true/false per field. */
export const customFieldValue = z.union([text().max(MAX_CUSTOM_FIELD_TEXT), z.number(), z.boolean()]);
export const customFieldsSchema = z
  .record(text().min(1).max(MAX_CUSTOM_FIELD_NAME), customFieldValue)
  .refine((fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS, `at most ${MAX_CUSTOM_FIELDS} custom fields`)
  .describe('Extra fields for {{placeholders}} and conditions, e.g. {"firstName": "Ada", "icp_score": 82, "vip": true}.');
export type CustomFields = z.infer<typeof customFieldsSchema>;

/** An e-mail address's length bound (RFC 5321's 320 characters). */
export const MAX_EMAIL = 320;

const prospectFields = {
  name: optionalText(PROSPECT_TEXT_LIMITS.name, 'Full name as shown on the profile.'),
  headline: optionalText(PROSPECT_TEXT_LIMITS.headline, 'Profile headline.'),
  company: optionalText(PROSPECT_TEXT_LIMITS.company, 'Current company.'),
  email: text().trim().max(MAX_EMAIL).pipe(z.email('must be an e-mail address')).nullable().optional().describe('E-mail address.'),
  timeZone: ianaTimeZone().nullable().optional().describe('The prospect’s IANA time zone, e.g. "Europe/Paris"; null when unknown.'),
  customFields: customFieldsSchema.optional(),
};

/** One prospect as imported (a row of POST /api/v1/prospects/import). Empty text counts as absent. */
export const prospectInputSchema = z.strictObject({ profileUrl: profileUrlInput(), ...prospectFields });
export type ProspectInput = z.infer<typeof prospectInputSchema>;

/** PATCH /api/v1/prospects/{id}: the fields given replace theirs (customFields as a whole); null clears. */
export const patchProspectBody = z.strictObject({ profileUrl: profileUrlInput().optional(), ...prospectFields });
export type PatchProspectBody = z.infer<typeof patchProspectBody>;

/** Contract 9.1 import. Rows are checked one by one (a bad row is reported, not fatal), so the envelope takes any rows. */
export const importProspectsEnvelope = z.strictObject({
  workspaceId,
  prospects: z.array(z.unknown()).min(1).max(MAX_IMPORT_ROWS),
  onDuplicate: z.enum(ON_DUPLICATE).optional(),
});
/** The same body as documented (each row's schema shown). */
export const importProspectsBody = z.strictObject({
  workspaceId,
  prospects: z
    .array(prospectInputSchema)
    .min(1)
    .max(MAX_IMPORT_ROWS)
    .describe(`1–${MAX_IMPORT_ROWS} prospects. Invalid rows are reported by index and not stored; the valid ones are stored together.`),
  onDuplicate: z
    .enum(ON_DUPLICATE)
    .optional()
    .describe(
      '"skip" (default): a prospect whose profile URL is already in the workspace (or earlier in this request) is left as it is; "update": its fields are replaced by the row’s.',
    ),
});
/** @public A type of the published contract, for clients of the API. */
export type ImportProspectsBody = z.input<typeof importProspectsBody>;

export const importErrorSchema = z.object({
  index: z.int().describe('Position of the row in prospects (from 0).'),
  path: z.string().describe('The field of that row, e.g. "profileUrl".'),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  created: int32().min(0),
  updated: int32().min(0),
  skipped: int32().min(0).describe('Duplicates left unchanged (onDuplicate "skip"), in the workspace or earlier in the request.'),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Contract 9.1 prospect record; absent optional fields are null. */
export const prospectSchema = z.object({
  prospectId: z.guid(),
  workspaceId: z.guid(),
  profileUrl: z.string(),
  name: z.string().nullable(),
  headline: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  timeZone: z.string().nullable(),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Prospect = z.infer<typeof prospectSchema>;

/** GET /api/v1/prospects/{id}: the prospect and the campaigns it is (or was) enrolled in. */
export const prospectDetailSchema = prospectSchema.extend({
  campaigns: z.array(
    z.object({
      campaignId: z.guid(),
      name: z.string(),
      enrollmentId: z.guid(),
      status: z.string().describe('The enrollment’s status (contract 9.2).'),
      enteredAt: z.iso.datetime(),
    }),
  ),
});
export type ProspectDetail = z.infer<typeof prospectDetailSchema>;

/** A list's total is counted up to this many (a count of a whole audience would cost more than its page). */
export const PROSPECT_TOTAL_CAP = 10_000;

export const prospectPageSchema = pageSchema(prospectSchema).extend({
  total: z
    .object({
      count: int32().min(0).max(PROSPECT_TOTAL_CAP),
      more: z.boolean().describe(`true: more than ${PROSPECT_TOTAL_CAP} match (count says ${PROSPECT_TOTAL_CAP}).`),
    })
    .nullable()
    .describe('How many prospects match the filters: on the first page when withTotal asks for it, else null.'),
});
/** @public A type of the published contract, for clients of the API. */
export type ProspectPage = z.infer<typeof prospectPageSchema>;

export const prospectIdParams = z.object({ prospectId: z.guid().describe('Prospect id') });

/** A search over prospects: the prospects list, and a run's enrollments (by their prospect). */
export const prospectSearchParam = () =>
  text().max(500).optional().describe('Case-insensitive substring of the prospect’s name, headline, company or profile URL.');

const listProspectsFields = {
  workspaceId,
  search: prospectSearchParam(),
  campaignId: z.guid().optional().describe('Only prospects enrolled in this campaign (a foreign id matches nothing).'),
  enrollmentStatus: z
    .enum(ENROLLMENT_STATUSES)
    .optional()
    .describe('Only prospects with an enrollment in this status (in campaignId when given, else in any campaign).'),
};

const WITH_TOTAL = `On the first page (no cursor), also count the prospects that match, up to ${PROSPECT_TOTAL_CAP} (total).`;

/** Contract 9.1 list: newest first, cursor-paginated like conversations. */
export const listProspectsQuery = z.object({
  ...listProspectsFields,
  withTotal: z.enum(['true', 'false']).optional().describe(WITH_TOTAL),
  limit: limitParam,
  cursor: cursorParam,
});
/** @public A type of the published contract, for clients of the API. */
export type ListProspectsQuery = z.infer<typeof listProspectsQuery>;

/** The list as tool arguments (a number for limit). */
export const listProspectsArgs = z.strictObject({
  ...listProspectsFields,
  withTotal: z.boolean().optional().describe(WITH_TOTAL),
  limit: int32().min(1).max(MAX_LIMIT).optional().describe(`Page size, 1..${MAX_LIMIT}; default 100.`),
  cursor: text().min(1).max(1000).optional().describe('nextCursor of the previous page (same filters).'),
});
