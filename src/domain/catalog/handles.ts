/**
 * The names of the branch outputs (spec 2.4), written once: the catalog entries declare them and
 * the graph rules, path summaries, templates and demo data refer to them through these constants.
 */
export const HANDLE = {
  qualified: 'qualified',
  notQualified: 'not_qualified',
  accepted: 'accepted',
  noResponse: 'no_response',
  replied: 'replied',
  noReply: 'no_reply',
} as const;
