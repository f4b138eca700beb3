import { useState } from 'react';
import { useAccounts, useUpdateDailyLimits, type Account } from '../../api/accounts';
import { channelBeside } from '../../../domain/channels';
import { DAILY_LIMIT_KINDS, DEFAULT_DAILY_LIMITS, MAX_DAILY_LIMIT, type DailyLimits as Limits } from '../../../domain/contract/schedule';
import { jsonEqual } from '../../../domain/paths/diff';
import { formatCount } from '../../ui/format';
import { DAILY_LIMIT_WORDS } from '../../../domain/catalog';
import { DEFAULT_LIMITS_SENTENCE } from './schedule-words';

function SenderLimits({ account, editable }: { account: Account; editable: boolean }) {
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(DAILY_LIMIT_KINDS.map((k) => [k, String(account.dailyLimits[k])])),
  );
  const update = useUpdateDailyLimits();
  // Said inside the dialog: a toast would sit under the modal dialog's backdrop.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const values = Object.fromEntries(DAILY_LIMIT_KINDS.map((k) => [k, Number(draft[k])])) as Limits;
  const bad = DAILY_LIMIT_KINDS.filter((k) => !/^\d+$/.test(draft[k] ?? '') || values[k] > MAX_DAILY_LIMIT);
  const changed = !jsonEqual(values, account.dailyLimits);
  const save = () =>
    update.mutate(
      { accountId: account.id, dailyLimits: values },
      {
        onSuccess: () => setOutcome({ ok: true, text: `Daily limits of ${account.name} saved.` }),
        onError: (e) => setOutcome({ ok: false, text: `The daily limits of ${account.name} could not be saved: ${e.message}` }),
      },
    );
  return (
    <fieldset className="sender-limits" disabled={!editable}>
      <legend>
        {account.name}
        {channelBeside(account.name, account.channel) && <span className="muted"> {channelBeside(account.name, account.channel)}</span>}
      </legend>
      <div className="sender-limit-grid">
        {DAILY_LIMIT_KINDS.map((kind) => (
          <label key={kind} className="field">
            <span>{DAILY_LIMIT_WORDS[kind].label}</span>
            <input
              className="input input-sm"
              inputMode="numeric"
              value={draft[kind]}
              aria-invalid={bad.includes(kind) || undefined}
              onChange={(e) => {
                setOutcome(null);
                setDraft({ ...draft, [kind]: e.target.value.trim() });
              }}
            />
            <span className="field-help">
              default {formatCount(DEFAULT_DAILY_LIMITS[kind])}
              {kind === 'other' && ' · follows, likes, endorsements…'}
            </span>
          </label>
        ))}
      </div>
      {bad.length > 0 && (
        <p className="field-error" role="alert">
          A daily limit is a whole number from 0 (none that day) to {formatCount(MAX_DAILY_LIMIT)}.
        </p>
      )}
      {outcome && (
        <p className={outcome.ok ? 'window-saved' : 'field-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      {editable && (
        <div className="window-actions">
          <button type="button" className="btn btn-sm btn-primary" disabled={!changed || bad.length > 0 || update.isPending} onClick={save}>
            {update.isPending ? 'Saving…' : 'Save limits'}
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** Contract 9.3 daily limits of the campaign's senders (per sender account, over every campaign). */
export function DailyLimits({ senderAccountIds, editable }: { senderAccountIds: string[]; editable: boolean }) {
  const { data: accounts, isPending } = useAccounts();
  const senders = (accounts ?? []).filter((a) => senderAccountIds.includes(a.id));
  return (
    <section className="daily-limits" aria-labelledby="daily-limits-title">
      <h3 id="daily-limits-title">Senders’ daily limits</h3>
      <p className="muted">
        The most each sender does in a day, over all its campaigns, counted in the sending window’s time zone; past a limit the step waits
        for the next day. By default: {DEFAULT_LIMITS_SENTENCE} a day, within what LinkedIn tolerates.
      </p>
      {isPending ? (
        <p className="muted">Loading the senders…</p>
      ) : senders.length === 0 ? (
        <p className="muted">This campaign has no sender account yet.</p>
      ) : (
        senders.map((account) => <SenderLimits key={account.id} account={account} editable={editable} />)
      )}
    </section>
  );
}
