/**
 * Contract 8.1 `error.hint`: one plain sentence saying what to do next, for every tool error. The
 * call site may give a sharper one (extras.hint: the first violation to fix, a launch's stale
 * check); otherwise the code's hint below applies.
 */
const HINTS: Readonly<Record<string, string>> = {
  invalid_arguments:
    'Correct the arguments listed in errors (each names its path) and call again; tools/list gives every tool’s input schema.',
  workspace_required: 'Your API key can access several workspaces: pass workspaceId (a workspace id or slug) in the arguments.',
  workspace_not_found:
    'Check workspaceId: use the id or slug of a workspace your API key can access, or leave it out if the key has only one.',
  not_found: 'Check the id: call list-campaigns (view: "summary") to find the campaign and its campaignId in this workspace.',
  stale_edit: 'Call get-campaign, re-apply your change to the returned graph and send its updated_at as expectedUpdatedAt.',
  campaign_not_draft:
    'This campaign is live or finished and its graph cannot change: create a copy with create-campaign (pass its workflow_definition) and edit that draft.',
  campaign_completed:
    'This campaign is completed and takes no more prospects: enrol them in a draft or active campaign (list-campaigns), or copy this one with create-campaign.',
  prospect_exists: 'Another prospect already has that profile URL: find it with list-prospects (search) and change that one instead.',
  invalid_workflow:
    'Fix the violations with severity "error" (each names its node or edge) and send the graph again; validate-campaign-workflow checks without saving.',
  internal_error: 'Nothing was changed: try the same call again in a moment.',
};

const FALLBACK = 'Read the message, correct the call and try again.';

/** The hint of a tool error: the call site's own, else the code's. */
export const hintFor = (code: string, extras: Record<string, unknown>): string =>
  typeof extras.hint === 'string' ? extras.hint : (HINTS[code] ?? FALLBACK);
