import { useEffect, useState } from 'react';
import { mergeServerVersion } from '../save/merge-flow';
import { ago, whoSaved } from './describe-change';
import { useEditorStore } from '../store';
import { dismissLiveNotice, noticeStands, useLiveNotice, type LiveNotice } from './live-changes';

const afterword = (notice: LiveNotice): string => {
  if (notice.kind === 'reloaded') return 'The canvas shows it now.';
  if (notice.kind === 'needs-merge') return 'Your unsaved edits are still here.';
  return notice.hadEdits
    ? 'It is live now, so the canvas is read-only; your unsaved edits are kept in this browser.'
    : 'It is live now, so the canvas is read-only.';
};

/** Re-renders every second while shown, so "2 s ago" ticks. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Contract 8.5: a save or launch by anyone else, at the top of the canvas. */
export function LiveChangeBanner() {
  const current = useLiveNotice((s) => s.notice);
  const baseUpdatedAt = useEditorStore((s) => s.baseUpdatedAt);
  const notice = current && noticeStands(current, baseUpdatedAt) ? current : null;
  const now = Math.max(useNow(notice !== null), notice?.at ?? 0);
  if (!notice) return null;
  const what = notice.kind === 'launched' ? 'Launched elsewhere' : 'Saved elsewhere';
  const who = whoSaved(notice.via);
  return (
    <div className={`live-banner live-${notice.kind}`} role="region" aria-label="Change saved elsewhere">
      {/* Announced once; the ticking age beside it is not a live region. */}
      <span className="visually-hidden" role="status">
        {`${what} ${who}. ${notice.summary} ${afterword(notice)}`}
      </span>
      <p aria-hidden="true">
        <strong>
          {what} {ago(notice.at, now)} {who}.
        </strong>{' '}
        {notice.summary} <span className="muted">{afterword(notice)}</span>
      </p>
      {notice.kind === 'needs-merge' && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => {
            mergeServerVersion(notice.server);
            dismissLiveNotice();
          }}
        >
          Review and merge
        </button>
      )}
      <button type="button" className="btn btn-sm btn-ghost live-banner-close" aria-label="Dismiss" onClick={dismissLiveNotice}>
        ✕
      </button>
    </div>
  );
}
