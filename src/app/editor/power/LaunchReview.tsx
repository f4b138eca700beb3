import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { CAMPAIGN_STATUS_LABEL } from '../../ui/campaign-status';
import { reviewLaunch, type AssignedProspect, type SenderAccount } from '../../../domain/paths';
import { placeholderValues } from '../../../domain/template';
import { useFirstEnrolledProspect, type Prospect } from '../../api/prospects';
import { useAccounts } from '../../api/accounts';
import { useAudienceCheck } from '../../api/exclusions';
import { campaignKeys, useLaunchCampaign, type Campaign } from '../../api/campaigns';
import { ToolError } from '../../api/mcp';
import { useSavedCampaignForReview } from '../../api/power';
import { useFreshCampaignRun } from '../../api/runs';
import { useSession } from '../../session';
import { fullTime } from '../../ui/format';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { editorStore, readOnlyMessage, useEditorStore, useSampleProspect } from '../store';
import { ReviewAudience } from './ReviewAudience';
import { ReviewForecast } from './ReviewForecast';
import { ReviewPaths, ReviewSends, ReviewWarnings } from './ReviewSections';
import { campaignStatusSchema } from '../../../domain/contract/campaigns';
import { ERROR_CODES } from '../../../domain/contract/errors';

/**
 * Launch review (spec 3.1, 5): the SAVED graph is read fresh from the server and inspected; the
 * launch is one explicit click on a button naming the campaign, sent with the updated_at that was
 * reviewed, so a save in between is refused (stale_edit) and the review reloads.
 */
export function LaunchReviewDialog({ campaignId, onClose }: { campaignId: string; onClose(): void }) {
  const dirty = useEditorStore((s) => s.dirty);
  return (
    <Dialog title="Review and launch" onClose={onClose} wide actions={null}>
      {dirty ? <UnsavedNotice onClose={onClose} /> : <SavedReview campaignId={campaignId} onClose={onClose} />}
    </Dialog>
  );
}

function UnsavedNotice({ onClose }: { onClose(): void }) {
  return (
    <div role="alert" className="power-blocked">
      <p>
        <strong>You have unsaved changes.</strong> The launch review inspects the saved campaign, which is what will run. Save your changes
        (or undo them) first, then review again.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Back to the editor
        </button>
      </div>
    </div>
  );
}

/** The campaign's senders that still exist, as the server counts them for a launch. */
function toSenders(campaign: Campaign, accounts: ReturnType<typeof useAccounts>['data']): SenderAccount[] | undefined {
  if (!accounts) return undefined;
  return campaign.senderAccountIds.flatMap((id) => {
    const account = accounts.find((a) => a.id === id);
    return account ? [{ accountId: id, name: account.name, channel: account.channel, premium: account.premium }] : [];
  });
}

/** A real prospect of the campaign, as the review fills texts in and picks variants for them. */
const assignedOf = (campaignId: string, prospect: Prospect | null | undefined): AssignedProspect | undefined =>
  prospect ? { campaignId, prospectId: prospect.prospectId, customFields: placeholderValues(prospect) } : undefined;

function SavedReview({ campaignId, onClose }: { campaignId: string; onClose(): void }) {
  const saved = useSavedCampaignForReview(campaignId, true);
  const accounts = useAccounts();
  // The forecast's basis: the prospects enrolled, the server's spacing and the prospects' time zones.
  const run = useFreshCampaignRun(campaignId);
  // Filled in for a prospect who will be contacted: not one the review names as skipped.
  const check = useAudienceCheck(campaignId);
  const skipped = useMemo(
    () => new Set([...(check.data?.excluded.items ?? []), ...(check.data?.unsupportedProfiles.items ?? [])].map((p) => p.prospectId)),
    [check.data],
  );
  const enrolled = useFirstEnrolledProspect(campaignId, skipped);
  const fields = useSampleProspect((s) => s.fields);
  const baseUpdatedAt = useEditorStore((s) => s.baseUpdatedAt);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const [launchError, setLaunchError] = useState<string | null>(null);
  const launch = useLaunchCampaign();
  const client = useQueryClient();
  const workspaceId = useSession((s) => s.workspaceId);
  const sectionId = useId();
  const campaign = saved.data;
  const review = useMemo(
    () =>
      campaign
        ? reviewLaunch(campaign.workflow_definition, {
            senders: toSenders(campaign, accounts.data),
            prospect: { customFields: fields },
            assigned: assignedOf(campaignId, enrolled.data),
          })
        : null,
    [campaign, accounts.data, fields, campaignId, enrolled.data],
  );

  if (saved.isPending || (accounts.isPending && !accounts.isError)) {
    return (
      <p role="status" aria-busy="true">
        Reading the saved campaign…
      </p>
    );
  }
  if (saved.isError || !campaign || !review) {
    return (
      <div role="alert">
        <p>The saved campaign could not be read: {saved.error instanceof Error ? saved.error.message : 'unknown error'}</p>
        <button type="button" className="btn" onClick={() => void saved.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (campaign.status !== 'draft') {
    return (
      <p role="status">This campaign is already {CAMPAIGN_STATUS_LABEL[campaign.status].toLowerCase()}. Only a draft can be launched.</p>
    );
  }

  const submit = () => {
    if (!review.canLaunch || launch.isPending) return;
    setLaunchError(null);
    launch.mutate(
      { campaignId, inspectedUpdatedAt: campaign.updated_at },
      {
        onSuccess: (launched) => {
          const state = editorStore.getState();
          const { workflow_definition: graph, ...meta } = launched;
          state.markSaved(meta, state.revision, graph);
          state.setReadOnly(readOnlyMessage(launched.status));
          void client.invalidateQueries({ queryKey: campaignKeys.one(workspaceId, campaignId) });
          toast.success(`“${launched.name}” is launched. The graph is now read-only.`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ToolError && error.code === ERROR_CODES.stale_edit) {
            setStaleMessage(
              'The campaign was saved again after this review was opened (perhaps in another tab). The review below now shows the latest saved graph: check it again before launching.',
            );
            void saved.refetch();
          } else if (error instanceof ToolError && error.code === ERROR_CODES.campaign_not_draft) {
            editorStore.getState().setReadOnly(readOnlyMessage(campaignStatusSchema.safeParse(error.details.status).data ?? null));
            setLaunchError('This campaign is no longer a draft, so it cannot be launched.');
          } else {
            setLaunchError(error instanceof Error ? error.message : 'The launch failed.');
          }
        },
      },
    );
  };

  return (
    <form
      className="power-review"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {staleMessage && (
        <p className="power-stale" role="alert">
          {staleMessage}
        </p>
      )}
      <p className="muted">
        Reviewing the saved graph of <strong>{campaign.name}</strong>, saved {fullTime(campaign.updated_at)}.
        {baseUpdatedAt &&
          baseUpdatedAt !== campaign.updated_at &&
          ' It was saved elsewhere after you opened the editor, so it may differ from your canvas.'}
      </p>
      <ReviewWarnings warnings={review.warnings} />
      <ReviewPaths review={review} />
      <ReviewSends review={review} accountsFailed={accounts.isError} prospect={enrolled.data ?? null} sampleFields={fields} />
      <ReviewForecast campaign={campaign} accounts={accounts.data} basis={run.data} />
      <ReviewAudience campaignId={campaignId} />
      <section aria-labelledby={`${sectionId}-confirm`} className="power-confirm">
        <h3 id={`${sectionId}-confirm`}>Launch</h3>
        <p>
          Launching starts <strong>{campaign.name}</strong> for its prospects, exactly as reviewed above. Its steps cannot change
          afterwards: to change a running campaign, duplicate it and launch the copy.
        </p>
        {!review.canLaunch && (
          <p id={`${sectionId}-blocked`} className="field-error">
            Fix the problems above, save, and review again to launch.
          </p>
        )}
        {launchError && (
          <p className="field-error" role="alert">
            {launchError}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!review.canLaunch || launch.isPending || saved.isFetching}
            aria-describedby={!review.canLaunch ? `${sectionId}-blocked` : undefined}
          >
            {launch.isPending ? 'Launching…' : 'Launch now'}
          </button>
        </div>
      </section>
    </form>
  );
}
