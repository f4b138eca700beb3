import { useState, type FormEvent } from 'react';
import { CAMPAIGN_NAME_MAX, MAX_SENDER_FIELD, SENDER_ASSIGNMENTS, type SenderAssignment } from '../../../domain/contract/campaigns';
import { useAccounts } from '../../api/accounts';
import { useUpdateCampaign, type Campaign } from '../../api/campaigns';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { SenderPicker } from './SenderPicker';
import './campaigns.css';

export interface CampaignSettings {
  campaignId: string;
  name: string;
  senderAccountIds: readonly string[];
  /** Absent: read as a draft's defaults. */
  status?: Campaign['status'];
  senderAssignment?: SenderAssignment;
  senderField?: string | null;
}

/** Contract 10.2 strategies in users' words. */
const ASSIGNMENT_WORDS: Readonly<Record<SenderAssignment, string>> = {
  least_loaded: 'The least busy sender',
  round_robin: 'Each sender in turn',
  by_field: 'The sender named in a prospect field',
};

/**
 * A campaign's name and sender accounts, changed in any status, and how new prospects get their
 * sender (draft or paused; contract 10.2) — update-campaign. Opened from the
 * campaigns list and from the editor's title; `focus` says which part the user asked for.
 */
export function CampaignSettingsDialog({
  campaign,
  focus,
  onClose,
  onSaved,
}: {
  campaign: CampaignSettings;
  focus: 'name' | 'senders';
  onClose(): void;
  onSaved?(campaign: Campaign): void;
}) {
  const [name, setName] = useState(campaign.name);
  const [senders, setSenders] = useState<string[]>([...campaign.senderAccountIds]);
  const [assignment, setAssignment] = useState<SenderAssignment>(campaign.senderAssignment ?? 'least_loaded');
  const [field, setField] = useState(campaign.senderField ?? '');
  const assignable = campaign.status === undefined || campaign.status === 'draft' || campaign.status === 'paused';
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCampaign();
  const accounts = useAccounts();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the campaign a name.');
    if (assignment === 'by_field' && !field.trim()) return setError('Name the prospect field that holds the sender’s name.');
    const assignmentChanged = assignment !== (campaign.senderAssignment ?? 'least_loaded') || field.trim() !== (campaign.senderField ?? '');
    update.mutate(
      {
        campaignId: campaign.campaignId,
        name: name.trim(),
        senderAccountIds: senders,
        ...(assignable && assignmentChanged ? { senderAssignment: assignment, senderField: field.trim() || null } : {}),
      },
      {
        onSuccess: (saved) => {
          toast.success(`Saved the settings of “${saved.name}”.`);
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog
      title="Campaign settings"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="campaign-settings" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save settings'}
          </button>
        </>
      }
    >
      <form id="campaign-settings" onSubmit={submit}>
        <label className="field">
          <span>Campaign name</span>
          <input
            className="input"
            value={name}
            onChange={(e) => (setName(e.target.value), setError(null))}
            data-autofocus={focus === 'name' || undefined}
            maxLength={CAMPAIGN_NAME_MAX}
            aria-invalid={Boolean(error) || undefined}
          />
        </label>
        {accounts.isPending && <p className="muted">Reading the accounts…</p>}
        {accounts.isError && <p className="field-error">The accounts could not be read, so the senders cannot be changed now.</p>}
        {accounts.data && accounts.data.length === 0 && <p className="muted">This workspace has no accounts to send from yet.</p>}
        {accounts.data && accounts.data.length > 0 && (
          <SenderPicker
            accounts={accounts.data}
            value={senders}
            onChange={setSenders}
            legend="Sender accounts"
            focusFirst={focus === 'senders'}
          />
        )}
        <p className="field-help">
          A LinkedIn step needs a LinkedIn account among the senders, a WhatsApp step a WhatsApp account. Nothing is sent by saving these.
        </p>
        <label className="field">
          <span>Each new prospect gets</span>
          <select
            className="input"
            value={assignment}
            disabled={!assignable}
            onChange={(e) => (setAssignment(e.target.value as SenderAssignment), setError(null))}
          >
            {SENDER_ASSIGNMENTS.map((s) => (
              <option key={s} value={s}>
                {ASSIGNMENT_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        {assignment === 'by_field' && (
          <label className="field">
            <span>Prospect field with the sender’s name</span>
            <input
              className="input"
              value={field}
              disabled={!assignable}
              placeholder="e.g. owner, or company"
              maxLength={MAX_SENDER_FIELD}
              onChange={(e) => (setField(e.target.value), setError(null))}
            />
          </label>
        )}
        <p className="field-help">
          {assignable
            ? 'A prospect keeps the sender it got. When the field names no sender of this campaign, the least busy one is used.'
            : 'Pause the campaign to change how new prospects get their sender; each keeps the one it has.'}
        </p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
