import { useState, type FormEvent } from 'react';
import { hrefs } from '../../boot/paths';
import { CAMPAIGN_NAME_MAX } from '../../../domain/contract/campaigns';
import { useAccounts } from '../../api/accounts';
import { useCreateCampaign } from '../../api/campaigns';
import { navigate } from '../../router';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { SenderPicker } from './SenderPicker';
import { BLANK_START } from '../../../domain/paths';
import { buildTemplateChoice, DEFAULT_TEMPLATE_CHOICE, TemplateChooser } from './TemplatePicker';

/** Name, a blank start or a template, and optionally sender accounts → a draft campaign, opened in the editor. */
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
    const graph = buildTemplateChoice(template);
    create.mutate(
      { name: name.trim(), senderAccountIds: senders, ...(graph ? { workflow_definition: graph } : {}) },
      {
        onSuccess: (campaign) => {
          toast.success(`Created “${campaign.name}”.`);
          onClose();
          // A blank start is not a valid graph to store: the editor opens it as unsaved work (EditorPage).
          void navigate(hrefs.editor(campaign.campaignId, graph ? {} : { start: BLANK_START }));
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
            maxLength={CAMPAIGN_NAME_MAX}
            placeholder="e.g. Q3 founders outreach"
            aria-invalid={Boolean(error) || undefined}
          />
        </label>
        <TemplateChooser value={template} onChange={setTemplate} />
        {accounts && accounts.length > 0 && <SenderPicker accounts={accounts} value={senders} onChange={setSenders} />}
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
