import { MOVE_TO_END, REVISION_TOOLS, type RevisionToolName } from '../../domain/contract/revisions';
import { resolveWorkspace } from '../http/auth';
import { engineSettings } from '../runs/engine-deps';
import { defineTool, type ToolDefinition } from '../tool';
import { publishRevision } from './publish';
import { createRevision, discardRevision, revisionImpact } from './revisions';

/** Contract 10.4's MCP tools, the twins of the revision routes (routes.ts), through the same operations. */

function wire<N extends RevisionToolName>(name: N) {
  return {
    name,
    arguments: REVISION_TOOLS[name].arguments as (typeof REVISION_TOOLS)[N]['arguments'],
    result: REVISION_TOOLS[name].result,
  };
}

export const revisionTools: ToolDefinition[] = [
  defineTool({
    ...wire('create-revision'),
    title: 'Open a revision of a running campaign',
    description:
      'A launched campaign cannot be edited; to change one that is active or paused, open a revision: a draft copy of the graph it runs (revisionOf = the ' +
      'campaign). Edit it with update-campaign-workflow or patch-campaign-workflow (its campaignId is the revision’s), check it with get-revision-impact, then ' +
      'publish-revision or discard-revision. Nothing changes for prospects until you publish. One open revision per campaign (revision_open gives its ' +
      'revisionId). Example: {"campaignId": "3f0c…"}.',
    readOnly: false,
    run: (args, { db, caller, origin }) =>
      createRevision(db, resolveWorkspace(caller, args.workspaceId), args.campaignId.toLowerCase(), origin),
  }),
  defineTool({
    ...wire('get-revision-impact'),
    title: 'See what publishing a revision would do',
    description:
      'Before publish-revision: the steps removed and how many prospects stand on each (each such step needs a move), the sending steps whose text changes ' +
      'and how many prospects have not been sent them yet, and the steps added. Reads only. Example: {"campaignId": "3f0c…", "revisionId": "9a1b…"}.',
    readOnly: true,
    run: (args, { db, caller }) =>
      revisionImpact(db, resolveWorkspace(caller, args.workspaceId), args.campaignId.toLowerCase(), args.revisionId.toLowerCase()),
  }),
  defineTool({
    ...wire('publish-revision'),
    title: 'Publish a revision to its running campaign',
    description:
      'The running campaign moves on the revision’s graph, in one step: prospects keep their place; those on a removed step go where moves says (a step id ' +
      `of the revision, or "${MOVE_TO_END}"); nobody is sent a step or a text twice; changed waits count from when they began. Pass confirm: true and the ` +
      'revision’s updated_at you inspected as inspectedUpdatedAt. Refused: stale_edit (read it again), invalid_workflow, moves_required (nodeIds need a ' +
      'move). Example: {"campaignId": "3f0c…", "revisionId": "9a1b…", "inspectedUpdatedAt": "2026-11-21T10:15:30.123Z", "confirm": true, "moves": {"visit": "invite"}}.',
    readOnly: false,
    run: (args, { db, caller, origin, config }) =>
      publishRevision(
        db,
        resolveWorkspace(caller, args.workspaceId),
        { ...args, campaignId: args.campaignId.toLowerCase(), revisionId: args.revisionId.toLowerCase() },
        { origin, settings: engineSettings(config), badInput: 'invalid_arguments' },
      ),
  }),
  defineTool({
    ...wire('discard-revision'),
    title: 'Discard a revision',
    description: 'Deletes an open revision; the running campaign is untouched. Example: {"campaignId": "3f0c…", "revisionId": "9a1b…"}.',
    readOnly: false,
    run: (args, { db, caller }) =>
      discardRevision(db, resolveWorkspace(caller, args.workspaceId), args.campaignId.toLowerCase(), args.revisionId.toLowerCase()),
  }),
];
