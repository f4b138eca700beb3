import { hrefs } from '../../boot/paths';
import { useState } from 'react';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import { ENROLLED_COUNT_CAP, useEnrolledCount } from '../../api/prospects';
import { Link } from '../../router';
import { Dialog } from '../../ui/Dialog';
import { formatCount } from '../../ui/format';
import { useEditorStore } from '../store';
import { DailyLimits } from './DailyLimits';
import { SendingWindow } from './SendingWindow';
import './campaign-audience.css';

/** "12 prospects", "10,000+ prospects", "No prospects". */
export function prospectCount(count: number, more: boolean): string {
  if (count === 0) return 'No prospects';
  const n = more ? `${formatCount(ENROLLED_COUNT_CAP)}+` : formatCount(count);
  return `${n} ${count === 1 && !more ? 'prospect' : 'prospects'}`;
}

/** Contract 9.3: window and limits change on draft and paused campaigns only; why not, otherwise. */
function whyLocked(status: string): string | null {
  if (status === 'draft' || status === 'paused') return null;
  if (status === 'completed') return 'This campaign has finished: its window and limits are kept as they were.';
  return 'The campaign is running: pause it to change its sending window or its senders’ limits.';
}

/**
 * The toolbar's "prospects" button: how many people the campaign has, and a dialog to add more
 * (from the audience or a CSV), set the sending window and the senders' daily limits.
 */
export function CampaignAudienceButton({ campaignId }: { campaignId: string }) {
  const [open, setOpen] = useState(false);
  const count = useEnrolledCount(campaignId);
  const label = count.data ? prospectCount(count.data.count, count.data.more) : 'Prospects';
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-ghost toolbar-prospects"
        onClick={() => setOpen(true)}
        title="Prospects, sending window and daily limits"
        aria-label={`${label}: add prospects, sending window and daily limits`}
      >
        <span className="toolbar-prospects-count">{label}</span>
      </button>
      {open && <CampaignAudienceDialog campaignId={campaignId} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}

function CampaignAudienceDialog({ campaignId, label, onClose }: { campaignId: string; label: string; onClose(): void }) {
  const campaign = useEditorStore((s) => s.campaign);
  if (!campaign) return null;
  const locked = whyLocked(campaign.status);
  const completed = campaign.status === 'completed';
  return (
    <Dialog
      title="Prospects and sending"
      wide
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="campaign-audience">
        <section aria-labelledby="campaign-prospects-title">
          <h3 id="campaign-prospects-title">Prospects</h3>
          <p>
            <strong>{label}</strong> in “{campaign.name}”.{' '}
            {campaign.status === 'draft' && 'Prospects start at the first step when you launch the campaign.'}
            {campaign.status === 'paused' && 'Prospects added now start when you resume the campaign.'}
          </p>
          <div className="campaign-prospects-actions">
            {!completed && (
              <>
                <Link to={hrefs.audience({ addTo: campaignId })} className="btn btn-sm btn-primary">
                  Add from your audience
                </Link>
                <Link to={hrefs.audienceImport({ addTo: campaignId })} className="btn btn-sm">
                  Import a CSV
                </Link>
              </>
            )}
            <Link to={hrefs.audience({ campaign: campaignId })} className="btn btn-sm btn-ghost">
              See who is in it
            </Link>
          </div>
        </section>
        {locked && (
          <p className="campaign-audience-locked" role="note">
            {locked}
          </p>
        )}
        <SendingWindow
          key={campaign.updated_at}
          campaignId={campaignId}
          schedule={campaign.schedule ?? DEFAULT_SCHEDULE}
          editable={!locked}
        />
        <DailyLimits senderAccountIds={campaign.senderAccountIds} editable={!locked} />
      </div>
    </Dialog>
  );
}
