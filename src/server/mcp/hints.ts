import type { ErrorCode } from '../../domain/contract/errors';

/**
 * Contract 8.1 `error.hint`: one plain sentence saying what to do next, for every tool error. The
 * call site may give a sharper one (extras.hint: the first violation to fix, a launch's stale
 * check); otherwise the code's hint below applies.
 */
const HINTS: Readonly<Record<ErrorCode, string>> = {
  invalid_request: 'Correct the fields listed in errors (each names its path) and send the request again.',
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
  prospect_enrolled:
    'This prospect is still in a running campaign (campaignIds): wait until it finishes there, or stop that campaign, then delete the prospect.',
  invalid_workflow:
    'Fix the violations with severity "error" (each names its node or edge) and send the graph again; validate-campaign-workflow checks without saving.',
  invalid_cursor: 'Start the list again without a cursor, or pass the cursor with the same filters it was issued for.',
  unauthorized: 'Send a valid API key as Authorization: Bearer <API_KEY>.',
  origin_not_allowed: 'Call from an allowed origin, or without a browser Origin header.',
  campaign_not_active: 'Only an active campaign can do this: check its status with get-campaign.',
  campaign_running: 'This campaign is running: pause or stop it first, then archive it.',
  delivery_not_redeliverable:
    'Only a retained delivery that was delivered or gave up can be sent again: list the endpoint’s deliveries to pick one.',
  idempotency_in_progress: 'The first request with this idempotency key is still running: wait a moment and send the same request again.',
  idempotency_key_reused: 'This idempotency key was used for a different request: use a new key for a new request.',
  payload_too_large: 'Send a smaller request body (at most 1 MiB).',
  sender_limit_reached: 'This sender has used today’s limit for this kind of action: send it tomorrow or from another sender account.',
  revision_open:
    'This campaign already has an open revision (revisionId): edit that one, publish it with publish-revision or discard it with discard-revision.',
  campaign_is_revision:
    'This is a revision of a running campaign: only its graph can change (update-campaign-workflow, patch-campaign-workflow); publish it with publish-revision, or change the running campaign itself.',
  moves_required:
    'Prospects stand on steps this revision removes (nodeIds): pass moves naming, for each, a step of the revision or "end", then publish again.',
  internal_error: 'Nothing was changed: try the same call again in a moment.',
  rate_limited:
    'Wait the number of seconds in Retry-After (for simulations: until your earlier ones have answered), then call again; send heavy calls one after another rather than all at once.',
  too_expensive: 'Nothing was changed: ask for less work in one call (a smaller graph or fewer paths), or simplify the campaign.',
  response_too_large:
    'Ask for less in one request: use view: "summary", a smaller limit, or fewer calls per batch (the limit counts the whole batch).',
};

/** The hint of a tool error: the call site's own, else the code's. */
export const hintFor = (code: ErrorCode, extras: Record<string, unknown>): string =>
  typeof extras.hint === 'string' ? extras.hint : HINTS[code];
