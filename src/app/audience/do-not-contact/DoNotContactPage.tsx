import { useId, useMemo, useState } from 'react';
import { hrefs } from '../../boot/paths';
import { useExclusions, useRemoveExclusion, type Exclusion, type ExclusionKind } from '../../api/exclusions';
import type { ExclusionAuthor } from '../../../domain/contract/exclusions';
import { EXCLUSION_KIND_LABEL, EXCLUSION_KINDS } from '../../../domain/exclusions';
import { Link } from '../../router';
import { askConfirm } from '../../ui/confirm';
import { formatCount } from '../../ui/format';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/StateViews';
import { RelativeTime } from '../../ui/Time';
import { toast } from '../../ui/toast';
import { useDebouncedField } from '../../ui/useDebounced';
import { shortProfile } from '../ProspectList';
import { AddEntries, KIND_HELP } from './AddEntries';
import './do-not-contact.css';

/** Who added an entry (contract 10.3 `createdBy`), in users' words. */
export const ADDED_BY: Record<ExclusionAuthor, string> = {
  studio: 'Added here',
  agent: 'Added by an agent',
  import: 'Imported',
};

/** An entry's value as people read it: a profile link without its scheme. */
const shownValue = (e: Exclusion) => (e.kind === 'profile' ? shortProfile(e.value) : e.value);

function EntryRow({ entry }: { entry: Exclusion }) {
  const remove = useRemoveExclusion();
  const value = shownValue(entry);
  const onRemove = async () => {
    const yes = await askConfirm({
      title: `Take ${value} off the do-not-contact list?`,
      message: `Campaigns may contact ${KIND_HELP[entry.kind].replace(/^one person/, 'this person')} again. Prospects it already stopped stay stopped.`,
      confirmLabel: 'Take off the list',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(entry.exclusionId, {
      onSuccess: () => toast.success(`${value} is off the do-not-contact list.`),
      onError: (e) => toast.error(`${value} could not be taken off the list: ${e.message}`),
    });
  };
  return (
    <div role="row" className="dnc-row">
      <span role="cell" className="dnc-cell-kind">
        <span className={`badge dnc-kind-${entry.kind}`}>{EXCLUSION_KIND_LABEL[entry.kind]}</span>
      </span>
      <span role="cell" className="dnc-cell-value">
        {entry.kind === 'profile' ? (
          <a href={entry.value} target="_blank" rel="noreferrer noopener">
            {value}
          </a>
        ) : (
          value
        )}
      </span>
      <span role="cell" className="dnc-cell-reason">
        {entry.reason}
      </span>
      <span role="cell" className="dnc-cell-added muted">
        {ADDED_BY[entry.createdBy]} <RelativeTime iso={entry.createdAt} />
      </span>
      <span role="cell" className="dnc-cell-actions">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label={`Take ${value} off the list`}
          disabled={remove.isPending}
          onClick={() => void onRemove()}
        >
          Remove
        </button>
      </span>
    </div>
  );
}

function EntryList() {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<ExclusionKind | null>(null);
  const [draft, setDraft] = useDebouncedField(search, setSearch);
  const query = useExclusions({ search, kind });
  const entries = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.items), [query.data]);
  const filtered = Boolean(search || kind);
  return (
    <section className="dnc-list" aria-labelledby={`${ids}-title`}>
      <div className="dnc-list-head">
        <h2 id={`${ids}-title`}>On the list</h2>
        <label className="dnc-search">
          <span className="visually-hidden">Search the list</span>
          <input
            className="input input-sm"
            type="search"
            placeholder="Search a name, link, domain or reason"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <label className="dnc-kind-filter">
          <span className="visually-hidden">Kind</span>
          <select className="input input-sm" value={kind ?? ''} onChange={(e) => setKind((e.target.value || null) as ExclusionKind | null)}>
            <option value="">Every kind</option>
            {EXCLUSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {EXCLUSION_KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? (
        <SkeletonRows count={4} label="Loading the do-not-contact list" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} what="the do-not-contact list" />
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? 'Nothing on the list matches.' : 'Nobody is on the list yet.'}>
          {!filtered && <p>Add customers, competitors and anyone who asked not to be contacted: campaigns will leave them out.</p>}
        </EmptyState>
      ) : (
        <div className="dnc-table" role="table" aria-label="Do-not-contact list">
          <div role="row" className="dnc-row dnc-row-head">
            <span role="columnheader">Kind</span>
            <span role="columnheader">Who</span>
            <span role="columnheader">Reason</span>
            <span role="columnheader">Added</span>
            <span role="columnheader">
              <span className="visually-hidden">Actions</span>
            </span>
          </div>
          {entries.map((e) => (
            <EntryRow key={e.exclusionId} entry={e} />
          ))}
        </div>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-sm btn-ghost dnc-more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : `Show more (${formatCount(entries.length)} shown)`}
        </button>
      )}
    </section>
  );
}

/** /audience/do-not-contact: who no campaign may contact (contract 10.3), adding and removing them. */
export function DoNotContactPage() {
  return (
    <main className="feature-page dnc" aria-labelledby="dnc-title">
      <div className="audience-head">
        <Link to={hrefs.audience()} className="btn btn-sm btn-ghost" aria-label="Back to the audience">
          ←
        </Link>
        <h1 id="dnc-title" className="audience-title">
          Do not contact
        </h1>
      </div>
      <div className="dnc-body">
        <p className="dnc-intro">
          No campaign contacts the people on this list: adding them to a campaign leaves them out, and a running campaign stops them before
          its next step. They can still write to you, and you can answer them from the inbox.
        </p>
        <AddEntries />
        <EntryList />
      </div>
    </main>
  );
}
