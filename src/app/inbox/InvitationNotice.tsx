import type { CampaignContext } from '../../domain/contract/conversations';
import { useEnrollmentTimeline, useProspectEnrollment } from '../api/runs';
import { invitationPending } from './pending-invitation';

/**
 * Above the reply box of a campaign's conversation: when the contact has not accepted the campaign's
 * invitation yet, says that LinkedIn will not deliver a reply until they do (it is still sent).
 */
export function InvitationNotice({
  campaign,
  contact,
}: {
  campaign: CampaignContext;
  contact: { name: string; profileUrl: string | null };
}) {
  const enrollment = useProspectEnrollment(campaign.campaignId, contact.profileUrl).data;
  const timeline = useEnrollmentTimeline(enrollment?.enrollmentId ?? null).data;
  if (!invitationPending(timeline)) return null;
  return (
    <p className="reply-notice" role="note" data-testid="invitation-pending">
      {contact.name} has not accepted your invitation yet. LinkedIn delivers messages only between connections, so a reply sent now will not
      reach them until they accept.
    </p>
  );
}
