import type { CampaignResults } from '../api/results';
import { calendarDay, formatCount } from '../ui/format';

/**
 * The results' daily series as an SVG chart of our own (four lines, a few hundred bytes: smaller than
 * any chart library): invitations, accepted, messages and replied per day in the schedule's zone.
 */

const SERIES = [
  { key: 'invitations', label: 'Invitations', className: 'is-invitations' },
  { key: 'accepted', label: 'Accepted', className: 'is-accepted' },
  { key: 'messages', label: 'Messages', className: 'is-messages' },
  { key: 'replied', label: 'Replied', className: 'is-replied' },
] as const;

const WIDTH = 300;
const HEIGHT = 120;
const PAD = { left: 28, right: 6, top: 6, bottom: 18 };

export function DailyChart({ daily }: { daily: CampaignResults['daily'] }) {
  if (daily.length === 0) return <p className="muted">Nothing sent yet.</p>;
  const top = Math.max(1, ...daily.flatMap((d) => SERIES.map((s) => d[s.key])));
  const x = (i: number) =>
    PAD.left + (daily.length === 1 ? (WIDTH - PAD.left - PAD.right) / 2 : (i * (WIDTH - PAD.left - PAD.right)) / (daily.length - 1));
  const y = (v: number) => HEIGHT - PAD.bottom - (v / top) * (HEIGHT - PAD.top - PAD.bottom);
  const first = daily[0]!.date;
  const last = daily[daily.length - 1]!.date;
  const totals = Object.fromEntries(SERIES.map((s) => [s.key, daily.reduce((n, d) => n + d[s.key], 0)]));
  return (
    <figure className="results-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`From ${calendarDay(first)} to ${calendarDay(last)}: ${SERIES.map((s) => `${formatCount(totals[s.key]!)} ${s.label.toLowerCase()}`).join(', ')}`}
      >
        <line className="results-axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        <text className="results-tick" x={PAD.left - 4} y={y(top) + 4} textAnchor="end">
          {formatCount(top)}
        </text>
        <text className="results-tick" x={PAD.left - 4} y={y(0)} textAnchor="end">
          0
        </text>
        <text className="results-tick" x={PAD.left} y={HEIGHT - 4}>
          {calendarDay(first)}
        </text>
        {daily.length > 1 && (
          <text className="results-tick" x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end">
            {calendarDay(last)}
          </text>
        )}
        {SERIES.map((s) =>
          daily.length === 1 ? (
            <circle key={s.key} className={`results-line ${s.className}`} cx={x(0)} cy={y(daily[0]![s.key])} r={3} />
          ) : (
            <polyline
              key={s.key}
              className={`results-line ${s.className}`}
              points={daily.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
            />
          ),
        )}
      </svg>
      <figcaption className="results-legend">
        {SERIES.map((s) => (
          <span key={s.key} className={s.className}>
            {s.label} {formatCount(totals[s.key]!)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
