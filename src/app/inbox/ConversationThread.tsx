import { useEffect, useRef } from 'react';
import { CHANNEL_LABEL } from '../api/accounts';
import { useMessages, useSetRead, type Conversation } from '../api/conversations';
import { Avatar } from '../ui/Avatar';
import { fullTime } from '../ui/format';
import { ErrorState, SkeletonRows } from '../ui/StateViews';
import { CampaignContext } from './CampaignContext';
import { ChannelIcon } from './ChannelIcon';
import { ExclusionNotice } from './ExclusionNotice';
import { REPLY_LABEL, SANDBOX_HINT, SANDBOX_LABEL } from './labels';
import { InvitationNotice } from './InvitationNotice';
import { ReplyBox } from './ReplyBox';
import { TagEditor } from './TagEditor';

/** One conversation: who, the whole thread (oldest first), its tags and the reply box. */
export function ConversationThread({
  conversation: c,
  onClose,
  onFilterStep,
}: {
  conversation: Conversation;
  onClose(): void;
  onFilterStep(campaignId: string, nodeId: string | null): void;
}) {
  const messages = useMessages(c.id);
  const setRead = useSetRead();
  useReadOnOpen(c, setRead.mutate);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;
  const endRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = messages.data?.pages.flatMap((p) => p.items) ?? [];

  // Threads are short: load them whole, then show the newest message.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (!hasNextPage) endRef.current?.scrollIntoView({ block: 'end' });
  }, [items.length, hasNextPage]);
  useEffect(() => headingRef.current?.focus(), [c.id]);

  return (
    <section className="thread" aria-labelledby={`thread-${c.id}`}>
      <header className="thread-header">
        <button type="button" className="btn btn-ghost btn-sm thread-back" onClick={onClose} aria-label="Back to conversations">
          ←
        </button>
        <Avatar name={c.contact.name} url={c.contact.avatarUrl} size={40} />
        <div className="thread-who">
          <h2 id={`thread-${c.id}`} ref={headingRef} tabIndex={-1}>
            {c.contact.name}
          </h2>
          {c.contact.headline && <p className="muted">{c.contact.headline}</p>}
        </div>
        <div className="thread-meta">
          <ChannelIcon channel={c.channel} /> <span className="visually-hidden">{CHANNEL_LABEL[c.channel]}</span>
          {c.replyState && <span className={`badge reply-${c.replyState}`}>{REPLY_LABEL[c.replyState]}</span>}
          {c.unreadCount === 0 ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={setRead.isPending}
              onClick={() => setRead.mutate({ id: c.id, read: false })}
            >
              Mark unread
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={setRead.isPending}
              onClick={() => setRead.mutate({ id: c.id, read: true })}
            >
              Mark read
            </button>
          )}
          {c.contact.profileUrl && /^https?:\/\//i.test(c.contact.profileUrl) && (
            <a href={c.contact.profileUrl} target="_blank" rel="noreferrer noopener">
              Profile<span className="visually-hidden"> of {c.contact.name} (opens in a new tab)</span>
            </a>
          )}
        </div>
      </header>
      {c.campaign && <CampaignContext campaign={c.campaign} profileUrl={c.contact.profileUrl} onFilterStep={onFilterStep} />}
      <ExclusionNotice profileUrl={c.contact.profileUrl} name={c.contact.name} />
      <TagEditor conversation={c} />
      {/* A scrolling region must be focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="thread-messages" tabIndex={0} aria-label="Messages" role="log">
        {messages.isPending && <SkeletonRows count={4} label="Loading messages" />}
        {messages.isError && <ErrorState what="the messages" error={messages.error} onRetry={() => void messages.refetch()} />}
        {messages.isSuccess && items.length === 0 && <p className="muted">No messages in this conversation.</p>}
        {items.map((m) => (
          <div key={m.id} className={`bubble bubble-${m.direction}`}>
            <span className="visually-hidden">{m.direction === 'inbound' ? `${c.contact.name}:` : 'You:'}</span>
            <p>{m.text}</p>
            {m.sandbox && (
              <span className="sandbox-badge" title={SANDBOX_HINT}>
                {SANDBOX_LABEL}
              </span>
            )}
            <time dateTime={m.sentAt}>{fullTime(m.sentAt)}</time>
          </div>
        ))}
        <div ref={endRef} />
      </div>
      {c.campaign && c.channel === 'professional_network' && <InvitationNotice campaign={c.campaign} contact={c.contact} />}
      <ReplyBox key={c.id} conversationId={c.id} />
    </section>
  );
}

/**
 * Opening a thread marks it read once per opening (contract 8.2): keyed by the conversation id, so a
 * re-render, a refetch or "Mark unread" on the open thread never marks it read again.
 */
function useReadOnOpen(c: Conversation, markRead: (v: { id: string; read: boolean }) => void) {
  const unreadRef = useRef(c.unreadCount);
  const markRef = useRef(markRead);
  useEffect(() => {
    unreadRef.current = c.unreadCount;
    markRef.current = markRead;
  });
  useEffect(() => {
    if (unreadRef.current > 0) markRef.current({ id: c.id, read: true });
  }, [c.id]);
}
