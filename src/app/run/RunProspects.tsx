import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { nodeDefinition } from '../../domain/catalog';
import type { Enrollment } from '../../domain/contract/enrollments';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '../../domain/contract/statuses';
import { useEnrollmentTimeline, useRunEnrollments } from '../api/runs';
import { Dialog } from '../ui/Dialog';
import { fullTime } from '../ui/format';
import { ENROLLMENT_STATUS_LABEL, useRunFilter } from './run-view';

const ROW_HEIGHT = 44;
type StepTypeOf = (nodeId: string) => string | undefined;

/** One prospect's timeline (contract 9.2): every step with when it ran, the exact text sent, the output taken and errors. */
function TimelineDrawer({
  enrollment,
  stepName,
  onClose,
}: {
  enrollment: Enrollment;
  stepName: (nodeId: string) => string;
  onClose(): void;
}) {
  const { data, error } = useEnrollmentTimeline(enrollment.enrollmentId);
  return (
    <Dialog
      title={enrollment.prospect.name ?? enrollment.prospect.profileUrl}
      onClose={onClose}
      actions={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      {error && <p role="alert">The timeline could not be read: {error.message}</p>}
      {data && data.length === 0 && <p className="muted">The run has not reached this prospect yet.</p>}
      <ol className="run-timeline">
        {data?.map((item, i) => (
          <li key={i} className={`run-timeline-${item.status}`}>
            <strong>{stepName(item.nodeId)}</strong> — {item.status === 'done' ? 'done' : item.status}
            {(item.finishedAt ?? item.startedAt ?? item.scheduledFor) && (
              <span className="muted"> · {fullTime((item.finishedAt ?? item.startedAt ?? item.scheduledFor)!)}</span>
            )}
            {item.handle && <span> · went on through “{item.handle.replace(/_/g, ' ')}”</span>}
            {item.rendered && (
              <blockquote className="run-sent">
                {item.rendered.subject && <strong>{item.rendered.subject}</strong>}
                <p>{item.rendered.text}</p>
              </blockquote>
            )}
            {item.error && <p className="run-error">Error: {item.error}</p>}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

/** Failures grouped by their error, each a link that lists the prospects concerned. */
function Failures({ items }: { items: Enrollment[] }) {
  const setFilter = useRunFilter((s) => s.set);
  const groups = new Map<string, number>();
  for (const e of items)
    if (e.status === 'failed') groups.set(e.error ?? 'Unknown error', (groups.get(e.error ?? 'Unknown error') ?? 0) + 1);
  if (groups.size === 0) return null;
  return (
    <section>
      <h3>Failures</h3>
      <ul className="run-failures">
        {[...groups].map(([error, n]) => (
          <li key={error}>
            <button type="button" className="run-link" onClick={() => setFilter({ status: 'failed', nodeId: null })}>
              {n} × {error}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The run's prospects (virtualised), filtered by status and step; a row opens the prospect's timeline. */
export function RunProspects({ campaignId, typeOf }: { campaignId: string; typeOf: StepTypeOf }) {
  const { status, nodeId, set } = useRunFilter();
  const list = useRunEnrollments(campaignId, { status: status ?? undefined, nodeId: nodeId ?? undefined });
  const failed = useRunEnrollments(campaignId, { status: 'failed' });
  const [open, setOpen] = useState<Enrollment | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const items = list.data?.items ?? [];
  const rows = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const stepName = (id: string) => nodeDefinition(typeOf(id))?.label ?? 'A removed step';
  return (
    <>
      <Failures items={failed.data?.items ?? []} />
      <section aria-label="Prospects of the run">
        <h3>Prospects</h3>
        <div className="run-filters">
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
              At “{stepName(nodeId)}” ✕
            </button>
          )}
        </div>
        {list.data && items.length === 0 && <p className="muted">No prospect here.</p>}
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
                  <button type="button" className="run-row-button" onClick={() => setOpen(e)}>
                    <span className="run-row-name">{e.prospect.name ?? e.prospect.profileUrl}</span>
                    <span className="run-row-status">{ENROLLMENT_STATUS_LABEL[e.status]}</span>
                  </button>
                </div>
              );
            })}
          </div>
        </div>
        {list.data?.nextCursor && <p className="muted">Showing the first {items.length}.</p>}
      </section>
      {open && <TimelineDrawer enrollment={open} stepName={stepName} onClose={() => setOpen(null)} />}
    </>
  );
}
