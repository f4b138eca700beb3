import { useId, useMemo, useState } from 'react';
import { MAX_IMPORT_ROWS } from '../../api/prospects';
import { useAddExclusion, useImportExclusions, type ExclusionKind, type ImportExclusionsResult } from '../../api/exclusions';
import { EXCLUSION_KIND_LABEL, EXCLUSION_KINDS, exclusionValue } from '../../../domain/exclusions';
import { formatCount } from '../../ui/format';
import { toast } from '../../ui/toast';
import { plural } from '../labels';
import { readCsvFile } from '../import/read-csv-file';
import { entriesFromCsv, entriesFromLines, reasonProblem, type EntryCandidate } from './entries';

/** What each kind's value looks like, as the field's example. */
const EXAMPLE: Record<ExclusionKind, string> = {
  profile: 'https://www.linkedin.com/in/ada-lovelace',
  company: 'Acme Inc.',
  domain: 'acme.com',
};

/** What each kind keeps from being contacted, in a few words. */
export const KIND_HELP: Record<ExclusionKind, string> = {
  profile: 'one person, by their LinkedIn or WhatsApp link',
  company: 'everyone whose company has this name',
  domain: 'everyone with an email address at this domain',
};

type Mode = 'one' | 'paste' | 'file';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'one', label: 'Add one' },
  { mode: 'paste', label: 'Paste many' },
  { mode: 'file', label: 'Import a CSV' },
];

/** Adding to the do-not-contact list: one entry, many pasted lines, or a CSV file. */
export function AddEntries() {
  const [mode, setMode] = useState<Mode>('one');
  return (
    <section className="dnc-add" aria-labelledby="dnc-add-title">
      <div className="dnc-add-head">
        <h2 id="dnc-add-title">Add to the list</h2>
        <div className="dnc-modes" role="group" aria-label="How to add">
          {MODES.map((m) => (
            <button
              key={m.mode}
              type="button"
              className="btn btn-sm btn-ghost"
              aria-pressed={mode === m.mode}
              onClick={() => setMode(m.mode)}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      {mode === 'one' ? <AddOne /> : <AddMany fromFile={mode === 'file'} key={mode} />}
    </section>
  );
}

function ReasonField({ value, onChange, id, label = 'Reason' }: { value: string; onChange(v: string): void; id: string; label?: string }) {
  return (
    <label className="dnc-field dnc-reason" htmlFor={id}>
      <span className="dnc-label">{label}</span>
      <input
        id={id}
        className="input input-sm"
        value={value}
        maxLength={250}
        placeholder="Customer, competitor, asked not to be contacted…"
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function AddOne() {
  const ids = useId();
  const [kind, setKind] = useState<ExclusionKind>('profile');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddExclusion();
  const checked = exclusionValue(kind, value);
  const valueProblem = 'problem' in checked ? (checked.problem === 'is required' ? 'Enter who to leave out.' : checked.problem) : null;
  const whyProblem = reasonProblem(reason);
  const submit = () => {
    setTried(true);
    if (valueProblem || whyProblem) return;
    add.mutate(
      { kind, value, reason: reason.trim() },
      {
        onSuccess: ({ entry, created }) => {
          toast.success(created ? `${entry.value} is on the do-not-contact list.` : `${entry.value} was already on the list.`);
          setValue('');
          setTried(false);
        },
        onError: (e) => toast.error(`It could not be added: ${e.message}`),
      },
    );
  };
  return (
    <form
      className="dnc-one"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="dnc-field dnc-kind" htmlFor={`${ids}-kind`}>
        <span className="dnc-label">Leave out</span>
        <select id={`${ids}-kind`} className="input input-sm" value={kind} onChange={(e) => setKind(e.target.value as ExclusionKind)}>
          {EXCLUSION_KINDS.map((k) => (
            <option key={k} value={k}>
              {EXCLUSION_KIND_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <div className="dnc-field dnc-value">
        <label className="dnc-label" htmlFor={`${ids}-value`}>
          {EXCLUSION_KIND_LABEL[kind]}
        </label>
        <input
          id={`${ids}-value`}
          className="input input-sm"
          value={value}
          placeholder={EXAMPLE[kind]}
          aria-invalid={tried && valueProblem !== null}
          aria-describedby={`${ids}-value-help`}
          onChange={(e) => setValue(e.target.value)}
        />
        <span id={`${ids}-value-help`} className={tried && valueProblem ? 'field-error' : 'muted dnc-help'}>
          {tried && valueProblem ? valueProblem : `Leaves out ${KIND_HELP[kind]}.`}
        </span>
      </div>
      <div className="dnc-field-group">
        <ReasonField id={`${ids}-reason`} value={reason} onChange={setReason} />
        {tried && whyProblem && <span className="field-error">{whyProblem}</span>}
      </div>
      <button type="submit" className="btn btn-sm btn-primary dnc-submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add to the list'}
      </button>
    </form>
  );
}

/** Rows a request takes at most (contract 10.3 import), and the chunk the page sends. */
const CHUNK = Math.min(MAX_IMPORT_ROWS, 5000);
/** Entries with a problem listed before sending. */
const SHOWN_PROBLEMS = 8;

async function sendInChunks(
  entries: readonly EntryCandidate[],
  send: (chunk: EntryCandidate[]) => Promise<ImportExclusionsResult>,
): Promise<{ created: number; skipped: number; refused: { line: number; message: string }[] }> {
  const total = { created: 0, skipped: 0, refused: [] as { line: number; message: string }[] };
  for (let start = 0; start < entries.length; start += CHUNK) {
    const chunk = entries.slice(start, start + CHUNK);
    const answer = await send(chunk);
    total.created += answer.created;
    total.skipped += answer.skipped;
    for (const e of answer.errors) total.refused.push({ line: chunk[e.index]?.line ?? 0, message: e.message });
  }
  return total;
}

function AddMany({ fromFile }: { fromFile: boolean }) {
  const ids = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ name: string; csv: Awaited<ReturnType<typeof readCsvFile>> } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const importMany = useImportExclusions();
  const entries = useMemo(
    () => (fromFile ? (file ? entriesFromCsv(file.csv, reason) : []) : entriesFromLines(text, reason)),
    [fromFile, file, text, reason],
  );
  const ready = entries.filter((e) => e.problem === null);
  const problems = entries.filter((e) => e.problem !== null);
  const onFile = async (picked: File | undefined) => {
    if (!picked) return;
    setFileError(null);
    try {
      setFile({ name: picked.name, csv: await readCsvFile(picked) });
    } catch (e) {
      setFile(null);
      setFileError(`“${picked.name}” could not be read: ${(e as Error).message}`);
    }
  };
  const submit = async () => {
    try {
      const done = await sendInChunks(ready, (chunk) =>
        importMany.mutateAsync(chunk.map(({ kind, value, reason: why }) => ({ kind, value, reason: why }))),
      );
      const parts = [`${plural(done.created, formatCount(done.created), 'entry', 'entries')} added`];
      if (done.skipped) parts.push(`${formatCount(done.skipped)} already on the list`);
      if (done.refused.length)
        parts.push(`${formatCount(done.refused.length)} refused (line ${done.refused[0]!.line}: ${done.refused[0]!.message})`);
      toast.success(`${parts.join(', ')}.`);
      setText('');
      setFile(null);
    } catch (e) {
      toast.error(`The entries could not be added: ${(e as Error).message}`);
    }
  };
  return (
    <div className="dnc-many">
      {fromFile ? (
        <div className="dnc-file">
          <label htmlFor={`${ids}-file`} className="btn btn-sm">
            {file ? 'Choose another file' : 'Choose a CSV file'}
          </label>
          <input
            id={`${ids}-file`}
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv,.txt"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <span className="muted">
            {file
              ? `${file.name}: ${plural(entries.length, formatCount(entries.length), 'entry', 'entries')}`
              : 'A column of profile links, company names or email domains. A “Kind” and a “Reason” column are used when the file has them.'}
          </span>
          {fileError && (
            <p className="field-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
      ) : (
        <label className="dnc-field" htmlFor={`${ids}-lines`}>
          <span className="dnc-label">One per line: a profile link, a company name or an email domain</span>
          <textarea
            id={`${ids}-lines`}
            className="input dnc-lines"
            rows={5}
            value={text}
            placeholder={`https://www.linkedin.com/in/ada-lovelace\nAcme Inc.\nacme.com`}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      )}
      <ReasonField
        id={`${ids}-reason`}
        value={reason}
        onChange={setReason}
        label={fromFile ? 'Reason (for rows without their own)' : 'Reason for all of them'}
      />
      {entries.length > 0 && (
        <div className="dnc-preview" role="status">
          <p>
            {plural(ready.length, formatCount(ready.length), 'entry', 'entries')} ready
            {ready.length > 0 && ` (${kindCounts(ready)})`}
            {problems.length > 0 && `, ${plural(problems.length, formatCount(problems.length), 'line')} with a problem, left out:`}
          </p>
          {problems.length > 0 && (
            <ul className="dnc-problems">
              {problems.slice(0, SHOWN_PROBLEMS).map((e) => (
                <li key={e.line}>
                  <span className="dnc-problem-line">Line {formatCount(e.line)}</span> <span className="dnc-problem-value">{e.value}</span>{' '}
                  <span className="field-error">{e.problem}</span>
                </li>
              ))}
              {problems.length > SHOWN_PROBLEMS && <li className="muted">…and {formatCount(problems.length - SHOWN_PROBLEMS)} more.</li>}
            </ul>
          )}
        </div>
      )}
      <button
        type="button"
        className="btn btn-sm btn-primary dnc-submit"
        disabled={ready.length === 0 || importMany.isPending}
        onClick={() => void submit()}
      >
        {importMany.isPending ? 'Adding…' : `Add ${plural(ready.length, formatCount(ready.length), 'entry', 'entries')}`}
      </button>
    </div>
  );
}

/** "3 people, 1 company". */
function kindCounts(entries: readonly EntryCandidate[]): string {
  const words: Record<ExclusionKind, [string, string]> = {
    profile: ['person', 'people'],
    company: ['company', 'companies'],
    domain: ['email domain', 'email domains'],
  };
  return EXCLUSION_KINDS.flatMap((k) => {
    const n = entries.filter((e) => e.kind === k).length;
    return n === 0 ? [] : [plural(n, formatCount(n), words[k][0], words[k][1])];
  }).join(', ');
}
