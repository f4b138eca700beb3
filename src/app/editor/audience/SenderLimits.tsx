import { useId, useState, type ReactNode } from 'react';
import { useUpdateAccount, type Account } from '../../api/accounts';
import { channelBeside } from '../../../domain/channels';
import { DAILY_LIMIT_WORDS } from '../../../domain/catalog';
import { WARM_UP_BOUNDS } from '../../../domain/contract/accounts';
import { DAILY_LIMIT_KINDS, DEFAULT_DAILY_LIMITS, type DailyLimitKind } from '../../../domain/contract/schedule';
import { calendarDayIn, formatCount } from '../../ui/format';
import { TimeZonePicker } from '../../ui/TimeZonePicker';
import { rampSentence } from '../../ui/sender-limit-words';
import { checkDraft, draftOf, draftWarmUp, serverErrorsOf, type LimitsDraft, type LimitsErrors } from './sender-limits-form';

function Field({ id, label, error, help, children }: { id: string; label: string; error?: string; help?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && <span className="field-help">{help}</span>}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * One sender's account form (contract 9.3, 10.2): daily limits and weekly caps per kind, the time zone its
 * days are counted in, and a warm-up with a preview of its ramp in words. Saves only what changed; the
 * server's refusals show on their field.
 */
export function SenderLimits({ account, editable }: { account: Account; editable: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState<LimitsDraft>(() => draftOf(account, calendarDayIn(account.timeZone)));
  const [serverErrors, setServerErrors] = useState<LimitsErrors>({});
  // Said inside the dialog: a toast would sit under the modal dialog's backdrop.
  const [saved, setSaved] = useState(false);
  const update = useUpdateAccount();
  const today = calendarDayIn(draft.timeZone);
  const { errors: draftErrors, patch } = checkDraft(account, draft, today);
  const errors = { ...serverErrors, ...draftErrors };
  const warmUp = draftWarmUp(draft);
  const change = (next: Partial<LimitsDraft>) => {
    setSaved(false);
    setServerErrors({});
    setDraft({ ...draft, ...next });
  };
  const setKind = (which: 'daily' | 'weekly', kind: DailyLimitKind, value: string) =>
    change({ [which]: { ...draft[which], [kind]: value.trim() } });
  const input = (key: string, value: string, onChange: (value: string) => void, placeholder?: string) => (
    <input
      id={`${id}-${key}`}
      className="input input-sm"
      inputMode="numeric"
      value={value}
      placeholder={placeholder}
      aria-invalid={errors[key] ? true : undefined}
      aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  const save = () =>
    patch &&
    update.mutate(
      { accountId: account.id, ...patch },
      { onSuccess: () => setSaved(true), onError: (e) => setServerErrors(serverErrorsOf(e)) },
    );
  const { startDaily, addPerDay } = WARM_UP_BOUNDS;
  return (
    <fieldset className="sender-limits" disabled={!editable}>
      <legend>
        {account.name}
        {channelBeside(account.name, account.channel) && <span className="muted"> {channelBeside(account.name, account.channel)}</span>}
      </legend>
      <div className="sender-limit-grid">
        {DAILY_LIMIT_KINDS.map((kind) => (
          <div key={kind} className="sender-limit-kind" role="group" aria-label={DAILY_LIMIT_WORDS[kind].label}>
            <Field
              id={`${id}-daily.${kind}`}
              label={`${DAILY_LIMIT_WORDS[kind].label} a day`}
              error={errors[`daily.${kind}`]}
              help={`default ${formatCount(DEFAULT_DAILY_LIMITS[kind])}${kind === 'other' ? ' · follows, likes, endorsements…' : ''}`}
            >
              {input(`daily.${kind}`, draft.daily[kind], (v) => setKind('daily', kind, v))}
            </Field>
            <Field id={`${id}-weekly.${kind}`} label="in any 7 days" error={errors[`weekly.${kind}`]}>
              {input(
                `weekly.${kind}`,
                draft.weekly[kind],
                (v) => setKind('weekly', kind, v),
                kind === 'connection_request' ? undefined : 'no cap',
              )}
            </Field>
          </div>
        ))}
      </div>
      <div className="sender-zone">
        <Field
          id={`${id}-timeZone`}
          label="Time zone of its days"
          error={errors.timeZone}
          help="Days and weeks are counted from midnight here."
        >
          <TimeZonePicker id={`${id}-timeZone`} value={draft.timeZone} disabled={!editable} onChange={(timeZone) => change({ timeZone })} />
        </Field>
      </div>
      <label className="check-row">
        <input type="checkbox" checked={draft.warming} onChange={(e) => change({ warming: e.target.checked })} />
        Warm up this account (new or quiet for a while): start low and add a few each day
      </label>
      {draft.warming && (
        <div className="sender-warm-up">
          <Field
            id={`${id}-warmUp.startDaily`}
            label="Start at, per day"
            error={errors['warmUp.startDaily']}
            help={`${startDaily.min}–${startDaily.max}`}
          >
            {input('warmUp.startDaily', draft.startDaily, (v) => change({ startDaily: v.trim() }))}
          </Field>
          <Field
            id={`${id}-warmUp.addPerDay`}
            label="Add each day"
            error={errors['warmUp.addPerDay']}
            help={`${addPerDay.min}–${addPerDay.max}`}
          >
            {input('warmUp.addPerDay', draft.addPerDay, (v) => change({ addPerDay: v.trim() }))}
          </Field>
          <Field id={`${id}-warmUp.startedOn`} label="Started on" error={errors['warmUp.startedOn']}>
            <input
              id={`${id}-warmUp.startedOn`}
              type="date"
              className="input input-sm"
              value={draft.startedOn}
              max={today}
              aria-invalid={errors['warmUp.startedOn'] ? true : undefined}
              aria-describedby={errors['warmUp.startedOn'] ? `${id}-warmUp.startedOn-error` : undefined}
              onChange={(e) => change({ startedOn: e.target.value })}
            />
          </Field>
          {warmUp && !draftErrors[`daily.connection_request`] && (
            <p className="sender-ramp" role="status">
              {rampSentence(warmUp, Number(draft.daily.connection_request), today)}{' '}
              <span className="muted">(invitations; each kind stays within its own daily limit)</span>
            </p>
          )}
        </div>
      )}
      {errors._form && (
        <p className="field-error" role="alert">
          {account.name} could not be saved: {errors._form}
        </p>
      )}
      {saved && (
        <p className="window-saved" role="status">
          Limits of {account.name} saved.
        </p>
      )}
      {editable && (
        <div className="window-actions">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={!patch || Object.keys(draftErrors).length > 0 || update.isPending}
            onClick={save}
          >
            {update.isPending ? 'Saving…' : 'Save limits'}
          </button>
        </div>
      )}
    </fieldset>
  );
}
