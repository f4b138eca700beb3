import { variantLetter } from '../../domain/variants';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { nodeOutputs } from '../../domain/catalog';
import type { Enrollment } from '../../domain/contract/enrollments';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '../../domain/contract/statuses';
import { useEnrollmentTimeline, useProspectConversation, useRunEnrollments } from '../api/runs';
import { hrefs } from '../boot/paths';
import { Link } from '../router';
import { Dialog } from '../ui/Dialog';
import { useDebouncedField } from '../ui/useDebounced';
import { formatCount, fullTime } from '../ui/format';
import { ENROLLMENT_STATUS_LABEL, EXCLUDED_OUTCOME_LABEL } from '../ui/enrollment-status';
import { errorOf, failureGroups, useRunFilter, waitingWords, type RunGraph } from './run-view';

const ROW_HEIGHT = 44;

/** A timeline row's status in users' words. */
const TIMELINE_STATUS: Record<string, string> = {
  scheduled: 'scheduled',
  running: 'under way',
  done: 'done',
  skipped: 'skipped',
  failed: 'failed',
};

/** The prospect whose timeline is open: its enrollment, its name and profile (for the inbox link). */
export interface OpenProspect {
  enrollmentId: string;
  name: string;
  prospect?: { name: string | null; profileUrl: string };
  /** Why it is not moving, in words (contract 10.2), as the list read it. */
  waiting?: string | null;
}

function InboxLink({ campaignId, prospect }: { campaignId: string; prospect: { name: string | null; profileUrl: string } }) {
  const { data: conversationId } = useProspectConversation(campaignId, prospect);
  if (!conversationId) return null;
  return <Link to={hrefs.inbox({ conversation: conversationId })}>Open the conversation in the inbox</Link>;
}

/** One prospect's timeline (contract 9.2): every step by name with when it ran, the exact text sent, the output taken, errors. */
function TimelineDrawer({
  campaignId,
  open,
  graph,
  onClose,
}: {
  campaignId: string;
  open: OpenProspect;
  graph: RunGraph;
  onClose(): void;
}) {
  const { data, error } = useEnrollmentTimeline(open.enrollmentId);
  const outputLabel = (nodeId: string, handle: string) =>
    nodeOutputs(graph.typeOf(nodeId) ?? '').find((o) => o.id === handle)?.label ?? handle.replace(/_/g, ' ');
  return (
    <Dialog
      title={open.name}
      onClose={onClose}
      actions={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      {open.waiting && <p className="run-waiting">{open.waiting}</p>}
      {open.prospect && <InboxLink campaignId={campaignId} prospect={open.prospect} />}
      {error && <p role="alert">The timeline could not be read: {error.message}</p>}
      {data && data.length === 0 && <p className="muted">The run has not reached this prospect yet.</p>}
      <ol className="run-timeline" aria-label="Timeline">
        {data?.map((item, i) => {
          const when = item.finishedAt ?? item.startedAt ?? item.scheduledFor;
          return (
            <li key={i} className={`run-timeline-${item.status}`}>
              <strong>{graph.stepName(item.nodeId)}</strong> — {TIMELINE_STATUS[item.status] ?? item.status}
              {when && <span className="muted"> · {fullTime(when)}</span>}
              {item.variantId && <span> · variant {variantLetter(item.variantId)}</span>}
              {item.handle && <span> · went on through “{outputLabel(item.nodeId, item.handle)}”</span>}
              {item.rendered && (
                <blockquote className="run-sent">
                  {item.rendered.subject && <strong>{item.rendered.subject}</strong>}
                  <p>{item.rendered.text}</p>
                </blockquote>
              )}
              {item.error && <p className="run-error">Error: {item.error}</p>}
            </li>
          );
        })}
      </ol>
    </Dialog>
  );
}

/** Failures grouped by their error, each a link that lists the prospects concerned. */
function Failures({ campaignId }: { campaignId: string }) {
  const setFilter = useRunFilter((s) => s.set);
  const failed = useRunEnrollments(campaignId, { status: 'failed' });
  const groups = failureGroups(failed.data?.pages.flatMap((p) => p.items) ?? []);
  if (groups.length === 0) return null;
  return (
    <section>
      <h3>Failures</h3>
      <ul className="run-failures">
        {groups.map((g) => (
          <li key={g.error}>
            <button type="button" className="run-link" onClick={() => setFilter({ status: 'failed', nodeId: null, error: g.error })}>
              {formatCount(g.count)} × {g.error}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The run's prospects (virtualised, the next page read as the list nears its end), filtered by status and step; a row opens the prospect's timeline. */
export function RunProspects({
  campaignId,
  graph,
  open,
  onOpen,
}: {
  campaignId: string;
  graph: RunGraph;
  open: OpenProspect | null;
  onOpen(p: OpenProspect | null): void;
}) {
  const { status, nodeId, error, search, set } = useRunFilter();
  const [draft, setDraft] = useDebouncedField(search, (value) => set({ search: value, error }));
  const list = useRunEnrollments(campaignId, { status: status ?? undefined, nodeId: nodeId ?? undefined, search: search.trim() });
  const scroller = useRef<HTMLDivElement>(null);
  const loaded = list.data?.pages.flatMap((p) => p.items) ?? [];
  const items = error ? loaded.filter((e) => errorOf(e) === error) : loaded;
  const rows = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const last = rows.getVirtualItems().at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && last >= items.length - 10) void fetchNextPage();
  }, [last, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A step chosen on the canvas (or its count): the list of who is there comes into view.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (nodeId) section.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [nodeId]);
  const openRow = (e: Enrollment) =>
    onOpen({
      enrollmentId: e.enrollmentId,
      name: e.prospect.name ?? e.prospect.profileUrl,
      prospect: e.prospect,
      waiting: waitingWords(e),
    });
  return (
    <>
      <Failures campaignId={campaignId} />
      <section ref={section} aria-label="Prospects of the run">
        <h3>Prospects</h3>
        <div className="run-filters">
          <input
            type="search"
            className="input input-sm run-search"
            placeholder="Find a prospect…"
            aria-label="Find a prospect of the run"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <label>
            Status{' '}
            <select value={status ?? ''} onChange={(e) => set({ status: (e.target.value || null) as EnrollmentStatus | null })}>
              <option value="">All</option>
              {ENROLLMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ENROLLMENT_STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
          {nodeId && (
            <button type="button" className="btn btn-sm" onClick={() => set({ nodeId: null })} aria-label="Show every step">
              At “{graph.stepName(nodeId)}” ✕
            </button>
          )}
          {error && (
            <button type="button" className="btn btn-sm" onClick={() => set({ error: null, status })} aria-label="Show every failure">
              “{error}” ✕
            </button>
          )}
        </div>
        {list.data && items.length === 0 && (
          <p className="muted">{search.trim() ? `No prospect of the run matches “${search.trim()}”.` : 'No prospect here.'}</p>
        )}
        <div ref={scroller} className="run-list" role="list" aria-label="Prospects">
          <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
            {rows.getVirtualItems().map((row) => {
              const e = items[row.index]!;
              return (
                <div
                  key={e.enrollmentId}
                  role="listitem"
                  className="run-row"
                  style={{ position: 'absolute', top: row.start, height: ROW_HEIGHT, left: 0, right: 0 }}
                >
                  <button type="button" className="run-row-button" title={waitingWords(e) ?? undefined} onClick={() => openRow(e)}>
                    <span className="run-row-name">{e.prospect.name ?? e.prospect.profileUrl}</span>
                    <span className="run-row-status">
                      {e.status === 'active' && e.currentNodeId
                        ? `At ${graph.stepName(e.currentNodeId)}`
                        : e.outcome === 'excluded'
                          ? EXCLUDED_OUTCOME_LABEL
                          : ENROLLMENT_STATUS_LABEL[e.status]}
                    </span>
                    {/* Contract 10.4: the version of the steps this prospect follows (History lists the versions). */}
                    {e.version !== null && (
                      <span className="run-row-version muted" title="The version of the campaign’s steps this prospect follows">
                        Version {formatCount(e.version)}
                      </span>
                    )}
                  </button>
                </div>
              );
            })}
          </div>
        </div>
        {hasNextPage && (
          <p className="muted" role="status">
            {isFetchingNextPage ? 'Loading more…' : `${formatCount(items.length)} shown; scroll for more.`}
          </p>
        )}
      </section>
      {open && <TimelineDrawer campaignId={campaignId} open={open} graph={graph} onClose={() => onOpen(null)} />}
    </>
  );
}
