import { useId, useState } from 'react';
import { ERROR_CODES } from '../../domain/contract/errors';
import { ApiProblem } from '../api/http';
import { useReplies, useSendReply, type SentReply } from '../api/replies';
import { formatCount } from '../ui/format';
import { isModKey } from '../ui/keyboard';

/** The reply box's id: `r` in the inbox focuses it. */
export const REPLY_BOX_ID = 'inbox-reply-box';

function PendingReply({ reply, onRetry, busy }: { reply: SentReply; onRetry(): void; busy: boolean }) {
  return (
    <li className={`reply-pending reply-${reply.status}`}>
      <p>{reply.text}</p>
      {reply.status === 'sending' ? (
        <span className="muted" role="status">
          Sending…
        </span>
      ) : (
        <span className="reply-failed" role="alert">
          Not sent: {reply.error ?? 'the sender could not send it'}.{' '}
          <button type="button" className="btn btn-sm" disabled={busy} onClick={onRetry}>
            Retry
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * Contract 9.4: write to the contact from the thread. Sent through the workspace's executor; shown
 * sending → sent (it becomes a message of the thread) or failed with the reason and Retry;
 * Ctrl/Cmd+Enter sends; the sender's messages left today are shown.
 */
export function ReplyBox({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const [retried, setRetried] = useState<ReadonlySet<string>>(new Set());
  const replies = useReplies(conversationId);
  const send = useSendReply(conversationId);
  const hintId = useId();
  const today = replies.data?.senderToday;
  const left = today ? Math.max(0, today.limit - today.used) : null;
  const shown = (replies.data?.items ?? []).filter((r) => r.status === 'sending' || (r.status === 'failed' && !retried.has(r.actionId)));
  const submit = () => {
    const message = text.trim();
    if (!message || send.isPending) return;
    send.mutate(message, { onSuccess: () => setText('') });
  };
  const retry = (reply: SentReply) => send.mutate(reply.text, { onSuccess: () => setRetried((s) => new Set(s).add(reply.actionId)) });
  const problem =
    send.error instanceof ApiProblem && send.error.code === ERROR_CODES.sender_limit_reached
      ? 'This sender has no messages left today: the reply was not sent. Try again tomorrow.'
      : send.error
        ? `The reply was not sent: ${send.error.message}`
        : null;
  return (
    <form
      className="reply-box"
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {shown.length > 0 && (
        <ul className="reply-pendings" aria-label="Replies being sent">
          {shown.map((r) => (
            <PendingReply key={r.actionId} reply={r} busy={send.isPending} onRetry={() => retry(r)} />
          ))}
        </ul>
      )}
      <label className="visually-hidden" htmlFor={REPLY_BOX_ID}>
        Your reply
      </label>
      <textarea
        id={REPLY_BOX_ID}
        className="input reply-text"
        rows={3}
        placeholder="Write a reply…"
        value={text}
        aria-describedby={hintId}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && isModKey(e)) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className="reply-actions">
        <span id={hintId} className="muted" data-testid="reply-quota">
          {left === null
            ? 'Ctrl+Enter sends.'
            : `${formatCount(left)} of ${formatCount(today!.limit)} messages left today for this sender · Ctrl+Enter sends.`}
        </span>
        <button type="submit" className="btn btn-sm btn-primary" disabled={!text.trim() || send.isPending || left === 0}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {problem && (
        <p className="reply-failed" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
