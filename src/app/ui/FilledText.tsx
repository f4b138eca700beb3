import type { TextSegment } from '../../domain/template';

/**
 * A text filled in for one prospect (domain `renderSegments`), as a person reads it: each placeholder
 * the prospect has no value for stands out as written, with what it lacks on hover and for screen readers.
 */
export function FilledText({
  segments,
  missing,
  className,
}: {
  segments: readonly TextSegment[];
  missing: readonly string[];
  className?: string;
}) {
  return (
    <p className={className}>
      {segments.map((s, i) =>
        s.missing ? (
          <mark key={i} className="placeholder-missing" title={`No value for ${s.missing}`}>
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
      {missing.length > 0 && <span className="visually-hidden"> (not filled: {missing.join(', ')})</span>}
    </p>
  );
}
