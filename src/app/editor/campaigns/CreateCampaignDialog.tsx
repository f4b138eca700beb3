import { useState, type FormEvent } from 'react';
import { hrefs } from '../../boot/paths';
import { useAccounts, CHANNEL_LABEL } from '../../api/accounts';
import { useCreateCampaign } from '../../api/campaigns';
import { navigate } from '../../router';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { buildTemplateChoice, DEFAULT_TEMPLATE_CHOICE, TemplateChooser } from './TemplatePicker';

/** Name (and optionally sender accounts) → a draft campaign with the starter graph, opened in the editor. */
export function CreateCampaignDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [senders, setSenders] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [template, setTemplate] = useState(DEFAULT_TEMPLATE_CHOICE);
  const create = useCreateCampaign();
  const { data: accounts } = useAccounts();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the campaign a name.');
    create.mutate(
      { name: name.trim(), senderAccountIds: senders, workflow_definition: buildTemplateChoice(template) },
      {
        onSuccess: (campaign) => {
          toast.success(`Created “${campaign.name}”.`);
          onClose();
          void navigate(hrefs.editor(campaign.campaignId));
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog
      title="New campaign"
      onClose={onClose}
      wide
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="create-campaign" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create and open'}
          </button>
        </>
      }
    >
      <form id="create-campaign" onSubmit={submit}>
        <label className="field">
          <span>Campaign name</span>
          <input
            className="input"
            value={name}
            onChange={(e) => (setName(e.target.value), setError(null))}
            data-autofocus
            maxLength={200}
            placeholder="e.g. Q3 founders outreach"
            aria-invalid={Boolean(error) || undefined}
          />
        </label>
        <TemplateChooser value={template} onChange={setTemplate} />
        {accounts && accounts.length > 0 && (
          <fieldset className="field create-senders">
            <legend>Send from</legend>
            {accounts.map((a) => (
              <label key={a.id} className="create-sender">
                <input
                  type="checkbox"
                  checked={senders.includes(a.id)}
                  onChange={(e) => setSenders(e.target.checked ? [...senders, a.id] : senders.filter((id) => id !== a.id))}
                />
                <span>{a.name}</span>
                <span className="muted">
                  {CHANNEL_LABEL[a.channel] ?? a.channel}
                  {a.premium ? ' · premium' : ''}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <p className="field-help">It starts as a draft; nothing is sent until you launch it.</p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
