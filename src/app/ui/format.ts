const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const dayYear = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86_400],
];

/** "5 min. ago", "yesterday", then a date ("Mar 4", or "Mar 4, 2024" in another year). */
export function relativeTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const seconds = Math.round((t - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 7 * 86_400) {
    let unit: Intl.RelativeTimeFormatUnit = 'minute';
    let size = 60;
    for (const [u, s] of UNITS) if (abs >= s) [unit, size] = [u, s];
    return rtf.format(Math.round(seconds / size), unit);
  }
  return new Date(t).getFullYear() === new Date(now).getFullYear() ? day.format(t) : dayYear.format(t);
}

/** The full local date and time (for title attributes and thread timestamps). */
export function fullTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : full.format(t);
}

/** Up to two initials of a name ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => [...p][0]?.toUpperCase() ?? '').join('') || '?';
}
