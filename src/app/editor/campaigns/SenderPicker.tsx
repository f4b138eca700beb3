import type { Account } from '../../api/accounts';
import { channelBeside } from '../../../domain/channels';

/** The workspace's accounts as checkboxes: which of them send the campaign (create and settings dialogs). */
export function SenderPicker({
  accounts,
  value,
  onChange,
  legend = 'Send from',
  focusFirst = false,
}: {
  accounts: readonly Account[];
  value: readonly string[];
  onChange(next: string[]): void;
  legend?: string;
  /** The dialog focuses the first account (the user asked to change the senders). */
  focusFirst?: boolean;
}) {
  return (
    <fieldset className="field create-senders">
      <legend>{legend}</legend>
      {accounts.map((a, i) => (
        <label key={a.id} className="create-sender">
          <input
            type="checkbox"
            data-autofocus={(focusFirst && i === 0) || undefined}
            checked={value.includes(a.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, a.id] : value.filter((id) => id !== a.id))}
          />
          <span>{a.name}</span>
          <span className="muted">{[channelBeside(a.name, a.channel), a.premium ? 'premium' : null].filter(Boolean).join(' · ')}</span>
        </label>
      ))}
    </fieldset>
  );
}
