import { useId, useState } from 'react';
import { jsonEqual } from '../../../domain/paths/diff';
import { useSaveSchedule } from '../../api/campaigns';
import { DEFAULT_SCHEDULE, scheduleBody, WEEKDAYS, type Schedule, type Weekday } from '../../../domain/contract/schedule';
import { TimeZonePicker } from '../../ui/TimeZonePicker';
import { metaOf } from '../save/merge-flow';
import { editorStore } from '../store';
import { DAY_LABEL, DEFAULT_WINDOW_SENTENCE, describeWindow } from './schedule-words';

const FIELD_WORDS: Record<string, string> = { days: 'Days', start: 'From', end: 'Until', timeZone: 'Time zone' };

/** Problems of a window as the contract's own schema sees them, in users' words ("Until: must be after the start (09:00)"). */
export function windowProblems(schedule: Schedule): string[] {
  const result = scheduleBody.safeParse(schedule);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${FIELD_WORDS[String(issue.path[0])] ?? 'Window'}: ${issue.message}`);
}

/** Puts the saved record into the editor: its base moves too when the graph is the one the edit is based on. */
function adoptSaved(saved: Parameters<typeof metaOf>[0]): void {
  const s = editorStore.getState();
  if (!s.campaign || s.campaign.campaignId !== saved.campaignId) return;
  if (s.baseDefinition && jsonEqual(s.baseDefinition, saved.workflow_definition))
    s.markSaved(metaOf(saved), s.savedRevision, saved.workflow_definition);
  else editorStore.setState({ campaign: { ...s.campaign, schedule: saved.schedule } });
}

/**
 * Contract 9.3 sending window: the days and hours actions that reach a person may start, in which
 * time zone. Editable on draft and paused campaigns.
 */
export function SendingWindow({ campaignId, schedule, editable }: { campaignId: string; schedule: Schedule; editable: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState<Schedule>(schedule);
  // Said inside the dialog: a toast would sit under the modal dialog's backdrop.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSaveSchedule();
  const problems = windowProblems(draft);
  const changed = !jsonEqual(draft, schedule);
  const set = (change: Partial<Schedule>) => {
    setOutcome(null);
    setDraft((d) => ({ ...d, ...change }));
  };
  const toggleDay = (day: Weekday) =>
    set({
      days: draft.days.includes(day) ? draft.days.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || draft.days.includes(d)),
    });
  const submit = () =>
    save.mutate(
      { campaignId, schedule: draft },
      {
        onSuccess: (saved) => {
          adoptSaved(saved);
          setDraft(saved.schedule);
          setOutcome({ ok: true, text: `Saved: ${describeWindow(saved.schedule)}.` });
        },
        onError: (e) => setOutcome({ ok: false, text: `The sending window could not be saved: ${e.message}` }),
      },
    );
  return (
    <section className="sending-window" aria-labelledby="sending-window-title">
      <h3 id="sending-window-title">Sending window</h3>
      <p className="muted">
        Invitations, messages and visits start only inside this window; waits count at any time. By default: {DEFAULT_WINDOW_SENTENCE}.
      </p>
      <fieldset className="window-days" disabled={!editable}>
        <legend>Days</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className={`day-chip${draft.days.includes(day) ? ' is-on' : ''}`}>
            <input type="checkbox" checked={draft.days.includes(day)} onChange={() => toggleDay(day)} aria-label={DAY_LABEL[day].long} />
            <span aria-hidden="true">{DAY_LABEL[day].short}</span>
          </label>
        ))}
      </fieldset>
      <div className="window-hours">
        <div className="field">
          <label htmlFor={`${id}-start`}>From</label>
          <input
            id={`${id}-start`}
            className="input input-sm"
            type="time"
            value={draft.start}
            disabled={!editable}
            onChange={(e) => set({ start: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>Until</label>
          <input
            id={`${id}-end`}
            className="input input-sm"
            type="time"
            value={draft.end}
            disabled={!editable}
            onChange={(e) => set({ end: e.target.value })}
          />
        </div>
        <div className="field window-zone">
          <label htmlFor={`${id}-zone`}>Time zone</label>
          <TimeZonePicker id={`${id}-zone`} value={draft.timeZone} disabled={!editable} onChange={(timeZone) => set({ timeZone })} />
        </div>
      </div>
      <label className="check-row">
        <input
          type="checkbox"
          checked={draft.useProspectTimeZone}
          disabled={!editable}
          onChange={(e) => set({ useProspectTimeZone: e.target.checked })}
        />
        Use the prospect’s time zone when it is known (then {draft.start}–{draft.end} is their local time)
      </label>
      {problems.length > 0 && (
        <ul className="window-problems" role="alert">
          {problems.map((p) => (
            <li key={p} className="field-error">
              {p}
            </li>
          ))}
        </ul>
      )}
      {outcome && (
        <p className={outcome.ok ? 'window-saved' : 'field-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      {editable && (
        <div className="window-actions">
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={jsonEqual(draft, DEFAULT_SCHEDULE)}
            onClick={() => set({ ...DEFAULT_SCHEDULE })}
          >
            Back to the defaults
          </button>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={!changed || problems.length > 0 || save.isPending}
            onClick={submit}
          >
            {save.isPending ? 'Saving…' : 'Save the window'}
          </button>
        </div>
      )}
    </section>
  );
}
