import type { ReactNode } from 'react';

/** Placeholder rows while the first page loads. */
export function SkeletonRows({ count = 6, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div className="skeleton-rows" aria-busy="true" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton skeleton-row" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}

/** What went wrong in the user's words, with a Retry. */
export function ErrorState({ error, onRetry, what }: { error: unknown; onRetry(): void; what: string }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div className="error-state" role="alert">
      <p>
        <strong>Could not load {what}.</strong> {message}
      </p>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
