import { useState } from 'react';
import { useEnroll, type EnrollResult } from '../api/prospects';
import { Link } from '../router';
import { formatCount } from '../ui/format';
import { toast } from '../ui/toast';
import { CampaignSelect, useCampaignOptions } from './CampaignSelect';
import { plural } from './labels';
import { hrefs } from '../boot/paths';

/** What an enrollment did, in one sentence. */
export function enrollSentence(result: EnrollResult, campaignName: string): string {
  const inOther = result.excluded.filter((e) => e.reason === 'in_another_campaign').length;
  const doNotContact = result.excluded.filter((e) => e.reason === 'do_not_contact').length;
  const gone = result.excluded.length - inOther - doNotContact;
  const parts = [`${plural(result.enrolled, formatCount(result.enrolled), 'prospect')} added to “${campaignName}”`];
  if (result.alreadyEnrolled) parts.push(`${formatCount(result.alreadyEnrolled)} already in it`);
  if (doNotContact) parts.push(`${formatCount(doNotContact)} left out: on your do-not-contact list`);
  if (inOther) parts.push(`${formatCount(inOther)} left out: already in another campaign`);
  if (gone) parts.push(`${formatCount(gone)} no longer in your audience`);
  return `${parts.join('; ')}.`;
}

/**
 * "Add to campaign": choose a campaign and enrol the given prospects (contract 9.2). Those already in
 * another running campaign are left out, and can then be added anyway.
 */
export function AddToCampaign({
  prospectIds,
  campaignId: preset,
  disabled,
}: {
  /** The prospects to add, or a function that finds them (the import looks them up by profile). */
  prospectIds: string[] | (() => Promise<string[]>);
  campaignId?: string | null;
  disabled?: boolean;
}) {
  const [campaignId, setCampaignId] = useState<string | null>(preset ?? null);
  const [result, setResult] = useState<{ campaignId: string; result: EnrollResult; ids: string[] } | null>(null);
  const [finding, setFinding] = useState(false);
  const enroll = useEnroll();
  const campaigns = useCampaignOptions(true);
  const name = campaigns.find((c) => c.campaignId === campaignId)?.name ?? 'the campaign';
  const add = async (allowInOtherCampaigns: boolean, only?: string[]) => {
    if (!campaignId) return;
    let ids = only;
    if (!ids) {
      setFinding(true);
      try {
        ids = typeof prospectIds === 'function' ? await prospectIds() : prospectIds;
      } catch (e) {
        toast.error(`The prospects could not be found: ${(e as Error).message}`);
        return;
      } finally {
        setFinding(false);
      }
    }
    if (ids.length === 0) return toast.error('There is no one to add.');
    enroll.mutate(
      { campaignId, prospectIds: ids, allowInOtherCampaigns },
      {
        onSuccess: (r) => setResult({ campaignId, result: r, ids }),
        onError: (e) => toast.error(`The prospects could not be added: ${e.message}`),
      },
    );
  };
  const inOther = result?.result.excluded.filter((e) => e.reason === 'in_another_campaign').map((e) => e.prospectId) ?? [];
  const busy = finding || enroll.isPending;
  return (
    <section className="add-to-campaign" aria-label="Add to a campaign">
      <div className="add-to-campaign-row">
        <CampaignSelect label="Add to campaign" value={campaignId} onChange={setCampaignId} none="Choose a campaign…" onlyOpen />
        <button type="button" className="btn btn-sm btn-primary" disabled={!campaignId || busy || disabled} onClick={() => void add(false)}>
          {busy ? 'Adding…' : 'Add to campaign'}
        </button>
      </div>
      {result && (
        <div className="add-to-campaign-result" role="status">
          <p>{enrollSentence(result.result, name)}</p>
          {inOther.length > 0 && (
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void add(true, inOther)}>
              Add the {formatCount(inOther.length)} in other campaigns anyway
            </button>
          )}
          <Link to={hrefs.editor(result.campaignId)} className="btn btn-sm btn-ghost">
            Open “{name}”
          </Link>
        </div>
      )}
    </section>
  );
}
