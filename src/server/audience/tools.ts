import { AUDIENCE_TOOLS, type AudienceToolName } from '../../domain/contract/audience-tools';
import { MAX_IMPORT_ROWS } from '../../domain/contract/prospects';
import { resolveWorkspace } from '../http/auth';
import { defineTool, type ToolDefinition } from '../tool';
import { enrollmentTimeline, enrollProspects } from './enrollments';
import { importProspects } from './import';
import { enrollmentPage, prospectPage } from './routes';
import { updateCampaignSchedule } from './settings';

/**
 * The audience tools of contract 9.5: each takes its REST twin's body and path fields (plus
 * workspaceId) and answers that route's body, through the same operations.
 */

function wire<N extends AudienceToolName>(name: N) {
  const tool = AUDIENCE_TOOLS[name];
  return {
    name,
    arguments: tool.arguments as (typeof AUDIENCE_TOOLS)[N]['arguments'],
    result: tool.result,
    ...('advertised' in tool ? { advertisedArguments: tool.advertised } : {}),
  };
}

export const audienceTools: ToolDefinition[] = [
  defineTool({
    ...wire('import-prospects'),
    title: 'Import prospects',
    description:
      `Add up to ${MAX_IMPORT_ROWS} prospects (people to contact) to the workspace's audience. Each needs profileUrl (an absolute http(s) URL of their profile); ` +
      'name, headline, company, email, timeZone (IANA, e.g. "Europe/Paris") and customFields (values for {{placeholders}} such as firstName) are optional. ' +
      'Profiles are matched after normalising the URL (lower-case host, no query, no trailing "/"): onDuplicate "skip" (default) leaves an existing prospect as it is, ' +
      '"update" replaces its fields. Bad rows come back in errors with their index and field and are not stored; the others are stored together. Contacts nobody. ' +
      'Then enrol them with enroll-prospects (their ids: list-prospects). ' +
      'Example: {"prospects": [{"profileUrl": "https://www.linkedin.com/in/ada-lovelace", "name": "Ada Lovelace", "company": "Analytical Engines", "customFields": {"firstName": "Ada"}}]}.',
    readOnly: false,
    run: (args, { db, caller }) =>
      importProspects(db, resolveWorkspace(caller, args.workspaceId).id, args.prospects, args.onDuplicate ?? 'skip'),
  }),
  defineTool({
    ...wire('list-prospects'),
    title: 'List prospects',
    description:
      "Read the workspace's prospects, newest first, one page at a time (nextCursor; null on the last page). search matches part of the name, headline, company " +
      'or profile URL; campaignId keeps those enrolled in that campaign; enrollmentStatus those with an enrollment in that state. ' +
      'Example: {"search": "acme", "limit": 50}.',
    readOnly: true,
    run: (args, { db, caller }) => {
      const { workspaceId, ...query } = args;
      return prospectPage(db, resolveWorkspace(caller, workspaceId), query);
    },
  }),
  defineTool({
    ...wire('enroll-prospects'),
    title: 'Enrol prospects in a campaign',
    description:
      'Add prospects (their prospectIds) to a campaign. A prospect already in another campaign that is not completed is excluded (reason in_another_campaign) ' +
      'unless allowInOtherCampaigns is true; unknown ids are excluded as not_found; ones already in this campaign are counted, not repeated. ' +
      'Each gets the least busy of the campaign’s sender accounts. In a draft or paused campaign they wait for launch or resume; in an active one the run takes them ' +
      'at once (within the sending window); a completed campaign answers campaign_completed. ' +
      'Example: {"campaignId": "3f0c…", "prospectIds": ["9b1e…", "c2d4…"]}.',
    readOnly: false,
    run: (args, { db, caller }) => {
      const workspace = resolveWorkspace(caller, args.workspaceId);
      return enrollProspects(db, workspace.id, args.campaignId.toLowerCase(), args);
    },
  }),
  defineTool({
    ...wire('list-enrollments'),
    title: 'List a campaign’s enrollments',
    description:
      "Read a campaign's enrollments (one per prospect), first entered first, one page at a time: status, current step (currentNodeId), next step time, outcome, " +
      'sender and the prospect’s name. Filter by status (waiting, active, finished, stopped, failed), by the step they are at (nodeId) or by the prospect (search: name, headline, company or profile URL). ' +
      'Example: {"campaignId": "3f0c…", "status": "active"}.',
    readOnly: true,
    run: (args, { db, caller }) => {
      const { workspaceId, ...query } = args;
      return enrollmentPage(db, resolveWorkspace(caller, workspaceId), query);
    },
  }),
  defineTool({
    ...wire('get-enrollment-timeline'),
    title: 'Get an enrollment’s timeline',
    description:
      'What happened to one prospect in a campaign, in order: each step visited with its status (scheduled, running, done, skipped, failed), when it was due, ' +
      'started and finished, the output taken, and the exact text sent. Empty until the run reaches the prospect. Example: {"enrollmentId": "5a7c…"}.',
    readOnly: true,
    run: (args, { db, caller }) => enrollmentTimeline(db, resolveWorkspace(caller, args.workspaceId).id, args.enrollmentId.toLowerCase()),
  }),
  defineTool({
    ...wire('update-campaign-schedule'),
    title: 'Set a campaign’s sending window',
    description:
      'Set when a campaign may reach people: days ("mon".."sun", at least one), start and end ("HH:MM", end after start), timeZone (IANA, e.g. "Europe/Paris") ' +
      'and useProspectTimeZone (true: read the window in each prospect’s own time zone when known). Fields left out take their defaults ' +
      '(Monday–Friday, 09:00–17:00, UTC, true). Only for draft or paused campaigns (else campaign_not_draft). Returns the campaign. ' +
      'Example: {"campaignId": "3f0c…", "timeZone": "Europe/Paris", "days": ["mon", "tue", "wed", "thu"], "start": "08:30", "end": "18:00"}.',
    readOnly: false,
    run: (args, { db, caller }) => {
      const { workspaceId, campaignId, ...schedule } = args;
      return updateCampaignSchedule(db, resolveWorkspace(caller, workspaceId), campaignId.toLowerCase(), schedule);
    },
  }),
];
