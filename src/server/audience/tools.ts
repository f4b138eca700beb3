import { AUDIENCE_TOOLS, type AudienceToolName } from '../../domain/contract/audience-tools';
import { MAX_IMPORT_ROWS } from '../../domain/contract/prospects';
import { resolveWorkspace } from '../http/auth';
import { defineTool, type ToolDefinition } from '../tool';
import { enrollmentTimeline, enrollProspects } from './enrollments';
import { importProspects } from './import';
import { enrollmentPage, prospectPage } from './routes';
import { updateCampaignSchedule } from './settings';
import { exclusionPage } from './exclusion-routes';
import { importExclusions, removeExclusion } from './exclusions';
import { campaignAudienceCheck } from './audience-check';

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
      `Add up to ${MAX_IMPORT_ROWS} prospects (people to contact) to the workspace's audience. Each needs profileUrl: a LinkedIn profile ` +
      '(https://www.linkedin.com/in/<slug>), a Sales Navigator lead or a WhatsApp link (https://wa.me/<digits>); other URLs are refused for that row. ' +
      'name, headline, company, email, timeZone (IANA, e.g. "Europe/Paris") and customFields (values for {{placeholders}} such as firstName) are optional. ' +
      'Every spelling of one profile is one prospect (scheme, host, slug case, locale, query and trailing "/" do not count): onDuplicate "skip" (default) leaves an existing prospect as it is, ' +
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
      'unless allowInOtherCampaigns is true; one on the do-not-contact list (list-exclusions) is excluded as do_not_contact; unknown ids are excluded as not_found; ' +
      'ones already in this campaign are counted, not repeated. ' +
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
  defineTool({
    ...wire('list-exclusions'),
    title: 'List the do-not-contact list',
    description:
      "Read the workspace's do-not-contact list, newest first, one page at a time (nextCursor; null on the last page): each entry's kind (profile, company, " +
      'domain), value, reason, who added it and when. kind keeps one kind; search matches part of the value or reason; profileUrl keeps the entries that stop ' +
      'that person (their profile, and as a prospect their company and e-mail domain). Example: {"profileUrl": "https://www.linkedin.com/in/ada-lovelace"}.',
    readOnly: true,
    run: (args, { db, caller }) => {
      const { workspaceId, ...query } = args;
      return exclusionPage(db, resolveWorkspace(caller, workspaceId), query);
    },
  }),
  defineTool({
    ...wire('add-exclusions'),
    title: 'Add people to the do-not-contact list',
    description:
      `Add 1–${MAX_IMPORT_ROWS} entries that nobody may contact: kind "profile" (one person: a LinkedIn profile or WhatsApp link), "company" (everyone whose ` +
      'company is that name, case-insensitive) or "domain" (everyone with an e-mail address at that domain or its subdomains), each with a reason (1–200 characters). ' +
      'Enrolling skips them and running campaigns stop them before their next action (outcome excluded). An entry already on the list is skipped; bad rows come ' +
      'back in errors by index and field and are not stored. items are the entries of the valid rows (for their exclusionId). ' +
      'Example: {"exclusions": [{"kind": "domain", "value": "acme.com", "reason": "Customer"}, {"kind": "profile", "value": "https://www.linkedin.com/in/ada-lovelace", "reason": "Asked not to be contacted"}]}.',
    readOnly: false,
    run: (args, { db, caller }) => importExclusions(db, resolveWorkspace(caller, args.workspaceId).id, args.exclusions, 'agent'),
  }),
  defineTool({
    ...wire('remove-exclusion'),
    title: 'Remove an entry from the do-not-contact list',
    description:
      'Remove one do-not-contact entry by its exclusionId (from list-exclusions): the people it named may be enrolled again; enrollments it stopped stay stopped. ' +
      'Example: {"exclusionId": "5a7c…"}.',
    readOnly: false,
    run: async (args, { db, caller }) => {
      await removeExclusion(db, resolveWorkspace(caller, args.workspaceId).id, args.exclusionId.toLowerCase());
      return { exclusionId: args.exclusionId.toLowerCase(), removed: true as const };
    },
  }),
  defineTool({
    ...wire('check-campaign-audience'),
    title: 'Check who of a campaign’s prospects cannot be contacted',
    description:
      'Before launching: of the campaign’s enrolled prospects not yet finished, how many are on the do-not-contact list (they will be skipped; the first ' +
      'are named with the entry that names them) and how many have a profile URL that is not LinkedIn or WhatsApp (nobody can reach them). ' +
      'Example: {"campaignId": "3f0c…"}.',
    readOnly: true,
    run: (args, { db, caller }) => campaignAudienceCheck(db, resolveWorkspace(caller, args.workspaceId).id, args.campaignId.toLowerCase()),
  }),
];
