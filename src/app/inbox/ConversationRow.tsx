import { memo } from 'react';
import type { Conversation } from '../api/conversations';
import { Avatar } from '../ui/Avatar';
import { RelativeTime } from '../ui/Time';
import { ChannelIcon } from './ChannelIcon';
import { Highlighted } from './Highlighted';
import { REPLY_LABEL } from './labels';
import { containsSearch, snippetAround } from './search-match';

export const ROW_HEIGHT = 76;
const MAX_TAGS_SHOWN = 2;

interface Props {
  conversation: Conversation;
  domId: string;
  index: number;
  setSize: number;
  top: number;
  active: boolean;
  selected: boolean;
  /** In the multi-selection (checkbox). */
  checked: boolean;
  now: number;
  /** The list's search: marked in the name, headline and message shown. */
  search: string;
  onOpen(index: number): void;
  onCheck(index: number, range: boolean): void;
}

/** One inbox row; memoized so scrolling re-renders only rows entering the window. */
export const ConversationRow = memo(function ConversationRow({
  conversation: c,
  domId,
  index,
  setSize,
  top,
  active,
  selected,
  checked,
  now,
  search,
  onOpen,
  onCheck,
}: Props) {
  const shown = c.tags.slice(0, MAX_TAGS_SHOWN);
  // The server matched a message the row does not show (the list carries only the last one).
  const matchedEarlier =
    Boolean(search.trim()) && ![c.contact.name, c.contact.headline, c.lastMessage.text].some((t) => containsSearch(t, search));
  return (
    // Listbox pattern: focus stays on the list (aria-activedescendant), which handles the keys; a row only takes clicks.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      id={domId}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className={`conv-row${active ? ' is-active' : ''}${selected ? ' is-selected' : ''}${c.unreadCount ? ' is-unread' : ''}${checked ? ' is-checked' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      onClick={() => onOpen(index)}
      data-conversation-id={c.id}
    >
      {/* A click selects (Shift: the range from the last click); it never opens the row. x on the focused row does it by keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <span
        className="conv-check"
        // Keeps focus where it was (the list), so Enter, j/k and x keep working after a click here.
        onMouseDown={(e) => e.preventDefault()}
        onClick={(e) => {
          e.stopPropagation();
          onCheck(index, e.shiftKey);
        }}
      >
        {/* Visual only (inert): an option may not contain a control (axe nested-interactive); x and the span do the work. */}
        <input type="checkbox" tabIndex={-1} checked={checked} readOnly inert aria-hidden="true" />
        {checked && <span className="visually-hidden">(in the selection)</span>}
      </span>
      <div className="conv-avatar">
        <Avatar name={c.contact.name} url={c.contact.avatarUrl} size={40} />
        <ChannelIcon channel={c.channel} />
      </div>
      <div className="conv-body">
        <div className="conv-line">
          <span className="conv-name">
            <Highlighted text={c.contact.name} search={search} />
          </span>
          {c.unreadCount > 0 && <span className="visually-hidden">(unread)</span>}
          <RelativeTime className="conv-time" iso={c.lastMessage.at} now={now} />
        </div>
        {c.contact.headline && (
          <div className="conv-headline">
            <Highlighted text={c.contact.headline} search={search} />
          </div>
        )}
        <div className="conv-line">
          <span className="conv-preview">
            {matchedEarlier && <span className="conv-match-note">Matched an earlier message · </span>}
            {c.lastMessage.direction === 'outbound' && <span className="muted">You: </span>}
            <Highlighted text={snippetAround(c.lastMessage.text, search)} search={search} />
          </span>
          <span className="conv-badges">
            {shown.map((t) => (
              <span key={t} className="chip chip-sm">
                {t}
              </span>
            ))}
            {c.tags.length > MAX_TAGS_SHOWN && <span className="chip chip-sm">+{c.tags.length - MAX_TAGS_SHOWN}</span>}
            {c.replyState && <span className={`badge reply-${c.replyState}`}>{REPLY_LABEL[c.replyState]}</span>}
            {c.unreadCount > 0 && (
              <span className="badge badge-accent">
                {c.unreadCount}
                <span className="visually-hidden"> unread</span>
              </span>
            )}
          </span>
        </div>
      </div>
    </div>
  );
});
