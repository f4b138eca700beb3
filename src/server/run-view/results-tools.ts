import { RESULTS_TOOLS } from '../../domain/contract/results';
import { resolveWorkspace } from '../http/auth';
import { defineTool, type ToolDefinition } from '../tool';
import { campaignNotFound } from '../campaigns/service';
import { campaignResults } from '../results/results';
import { chooseVariantWinner } from '../results/winners';

/** Contract 10.1 `get-campaign-results` and `choose-variant-winner`: the REST bodies of GET …/results and POST …/steps/{nodeId}/winner. */
export const resultsTools: ToolDefinition[] = [
  defineTool({
    name: 'get-campaign-results',
    title: 'See what works in a campaign',
    description:
      'A campaign’s results: per sending step (and version of its text) and per variant, how many were sent and converted (invitations: accepted; ' +
      'messages: replied), the rate with its 95 % interval, and a verdict that stays valid however often you look — "winner" (variantId), ' +
      '"no_difference", or "collecting" with moreNeeded (prospects per variant still needed); per sender sent/accepted/replied; per day ' +
      '(the schedule’s time zone) invitations, accepted, messages and replied. Reads only. Example: {"campaignId": "3f0c…"}.',
    ...RESULTS_TOOLS['get-campaign-results'],
    readOnly: true,
    run: async (args, { db, caller }) =>
      (await campaignResults(db, resolveWorkspace(caller, args.workspaceId).id, args.campaignId.toLowerCase())) ??
      Promise.reject(campaignNotFound()),
  }),
  defineTool({
    name: 'choose-variant-winner',
    title: 'Choose the winning variant of a step',
    description:
      'For an active or paused campaign: every prospect who reaches this step (or any step of its variant group) from now on gets this variant; ' +
      'those past it keep theirs, and earlier choices stay in the history. Answers the results. A step without variants is refused; an unknown ' +
      'step or variant is not_found. Example: {"campaignId": "3f0c…", "nodeId": "invite", "variantId": "b"}.',
    ...RESULTS_TOOLS['choose-variant-winner'],
    readOnly: false,
    run: async (args, { db, caller }) =>
      (await chooseVariantWinner(db, resolveWorkspace(caller, args.workspaceId).id, {
        campaignId: args.campaignId.toLowerCase(),
        nodeId: args.nodeId,
        variantId: args.variantId,
      })) ?? Promise.reject(campaignNotFound()),
  }),
];
