import { useState, type FormEvent } from 'react';
import { CAMPAIGN_NAME_MAX } from '../../../domain/contract/campaigns';
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
}

/**
 * A campaign's name and sender accounts, changed in any status (update-campaign). Opened from the
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
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCampaign();
  const accounts = useAccounts();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the campaign a name.');
    update.mutate(
      { campaignId: campaign.campaignId, name: name.trim(), senderAccountIds: senders },
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
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
