import { useDeleteProspects } from '../api/prospects';
import { askConfirm } from '../ui/confirm';
import { formatCount } from '../ui/format';
import { toast } from '../ui/toast';
import { AddToCampaign } from './AddToCampaign';
import { plural } from './labels';

/**
 * What to do with the prospects chosen in the list (issue 39): add them to a campaign, or delete them —
 * those still in a campaign that has not finished with them are kept (contract 10.3) and the toast says how many.
 */
export function BulkActions({
  chosen,
  shown,
  campaignId,
  onChooseAll,
  onClear,
}: {
  chosen: readonly string[];
  /** How many rows the list shows (what "choose all" takes). */
  shown: number;
  /** The campaign to add to, when the page was opened from one. */
  campaignId: string | null;
  onChooseAll(): void;
  onClear(): void;
}) {
  const remove = useDeleteProspects();
  const count = plural(chosen.length, formatCount(chosen.length), 'prospect');
  const onDelete = async () => {
    const yes = await askConfirm({
      title: `Delete ${count}?`,
      message:
        'Their fields, their place in finished campaigns and their timelines are removed; campaign counts keep them, and their conversations stay in the inbox. ' +
        'Anyone still in a campaign that has not finished with them is kept. This cannot be undone.',
      confirmLabel: `Delete ${count}`,
      danger: true,
    });
    if (!yes) return;
    remove.mutate(chosen, {
      onSuccess: (r) => {
        const parts = [`${plural(r.deleted, formatCount(r.deleted), 'prospect')} deleted`];
        if (r.enrolled) parts.push(`${formatCount(r.enrolled)} kept: still in a campaign that has not finished with them`);
        if (r.failed.length) parts.push(`${formatCount(r.failed.length)} could not be deleted (${r.failed[0]!.message})`);
        (r.failed.length ? toast.error : toast.success)(`${parts.join('; ')}.`);
        onClear();
      },
    });
  };
  return (
    <div className="audience-bulk" role="region" aria-label="Chosen prospects">
      <p>{count} chosen.</p>
      {chosen.length < shown && (
        <button type="button" className="btn btn-sm btn-ghost" onClick={onChooseAll}>
          Choose all {formatCount(shown)} shown
        </button>
      )}
      <button type="button" className="btn btn-sm btn-ghost" onClick={onClear}>
        Clear
      </button>
      <AddToCampaign key={campaignId ?? ''} prospectIds={[...chosen]} campaignId={campaignId} disabled={chosen.length === 0} />
      <button
        type="button"
        className="btn btn-sm btn-danger"
        disabled={chosen.length === 0 || remove.isPending}
        onClick={() => void onDelete()}
      >
        {remove.isPending ? 'Deleting…' : 'Delete chosen'}
      </button>
    </div>
  );
}
