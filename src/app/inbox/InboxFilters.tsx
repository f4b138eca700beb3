import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { CHANNELS, REPLY_STATES } from '../../domain/contract/conversations';
import { CHANNEL_LABEL, useAccounts, type Channel } from '../api/accounts';
import type { ConversationFilters, ReplyState } from '../api/conversations';
import { useDebouncedField } from '../ui/useDebounced';
import { CampaignPicker } from './CampaignPicker';
import { ChannelIcon } from './ChannelIcon';
import { REPLY_LABEL } from './labels';
import { TagSuggestions } from './TagSuggestions';

interface Props {
  filters: ConversationFilters;
  onChange(patch: Partial<ConversationFilters>): void;
  compact?: boolean;
}

function AccountPicker({ selected, onChange }: { selected: string[]; onChange(ids: string[]): void }) {
  const { data: accounts, isError } = useAccounts();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const popId = useId();
  const summary = selected.length === 0 ? 'All accounts' : `${selected.length} account${selected.length > 1 ? 's' : ''}`;
  const unread = (accounts ?? [])
    .filter((a) => selected.length === 0 || selected.includes(a.id))
    .reduce((n, a) => n + a.unreadConversations, 0);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));

  // Closes on a click outside or Escape (focus back on the button).
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    // Escape anywhere inside the popover closes it; the controls inside are the interactive elements.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className="filter-popover"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        rootRef.current?.querySelector('button')?.focus();
      }}
    >
      <button type="button" className="btn btn-sm" aria-expanded={open} aria-controls={popId} onClick={() => setOpen((o) => !o)}>
        <span className="visually-hidden">Accounts: </span>
        {summary}
        {unread > 0 && <span className="badge badge-accent">{unread} unread</span>} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <fieldset id={popId} className="filter-popover-body">
          <legend className="visually-hidden">Accounts</legend>
          {isError && <p className="field-error">Accounts could not be loaded.</p>}
          {accounts?.length === 0 && <p className="muted">No connected accounts.</p>}
          {accounts?.map((a) => (
            <label key={a.id} className="check-row">
              <input type="checkbox" value={a.id} checked={selected.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />
              <ChannelIcon channel={a.channel} />
              <span>{a.name}</span>
              <span className="visually-hidden">({CHANNEL_LABEL[a.channel]})</span>
              {a.unreadConversations > 0 && (
                <span className="badge badge-accent account-unread" title={`${a.unreadConversations} unread conversations`}>
                  {a.unreadConversations}
                  <span className="visually-hidden"> unread</span>
                </span>
              )}
            </label>
          ))}
          {selected.length > 0 && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange([])}>
              All accounts
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}

/** Spec 4.2 filters; every one combines with the others. Text fields commit after 250 ms of quiet. */
export const InboxFilters = forwardRef<HTMLInputElement, Props>(function InboxFilters({ filters, onChange, compact }, searchRef) {
  const id = useId();
  const [search, setSearch, flushSearch] = useDebouncedField(filters.search, (v) => onChange({ search: v }));
  const [tag, setTag, flushTag] = useDebouncedField(filters.tag, (v) => onChange({ tag: v }));
  return (
    <div className={`inbox-filters${compact ? ' inbox-filters-compact' : ''}`} role="search" aria-label="Filter conversations">
      <label className="inbox-search">
        <span className="visually-hidden">Search conversations</span>
        <input
          ref={searchRef}
          className="input input-sm"
          type="search"
          placeholder="Search names, headlines, messages…  ( / )"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && flushSearch()}
          aria-keyshortcuts="/"
        />
      </label>
      <AccountPicker selected={filters.accountIds} onChange={(accountIds) => onChange({ accountIds })} />
      <label>
        <span className="visually-hidden">Channel</span>
        <select className="input input-sm" value={filters.channel} onChange={(e) => onChange({ channel: e.target.value as Channel | '' })}>
          <option value="">All channels</option>
          {CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABEL[c]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="visually-hidden">Reply state</span>
        <select className="input input-sm" value={filters.reply} onChange={(e) => onChange({ reply: e.target.value as ReplyState | '' })}>
          <option value="">Any reply state</option>
          {REPLY_STATES.map((r) => (
            <option key={r} value={r}>
              {REPLY_LABEL[r]}
            </option>
          ))}
        </select>
      </label>
      <CampaignPicker campaignId={filters.campaignId} nodeId={filters.nodeId} onChange={onChange} />
      <button
        type="button"
        className="btn btn-sm chip-toggle"
        aria-pressed={filters.unread === 'true'}
        onClick={() => onChange({ unread: filters.unread === 'true' ? '' : 'true' })}
      >
        Unread
      </button>
      <label className="inbox-tag-filter">
        <span className="visually-hidden">Tag</span>
        <input
          id={`${id}-tag`}
          className="input input-sm"
          type="search"
          placeholder="Tag"
          list={`${id}-tags`}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && flushTag()}
        />
        <TagSuggestions id={`${id}-tags`} />
      </label>
    </div>
  );
});
