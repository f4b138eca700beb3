/**
 * Time zone names, written once: which names are accepted, the one name each is stored under, and
 * how a person reads and finds it. A zone is always an IANA name (`Europe/Paris`), never an offset.
 */

/** IANA names look like `Europe/Paris`, `America/Argentina/Buenos_Aires` or `UTC` (never an offset). */
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * Old names that the runtimes' time zone data (CLDR) still gives as canonical while IANA has moved on
 * (tzdata's `backward` file): the name people read today is the right side. Migration 050 applies
 * the same table to the names stored before (its test compares them).
 */
export const LEGACY_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Etc/UTC': 'UTC',
  'Etc/UCT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  UCT: 'UTC',
  Universal: 'UTC',
  Zulu: 'UTC',
};

const canonicalNames = new Map<string, string | null>();

/**
 * The one name a zone is stored and compared under, or null when it is no zone: the runtime's own
 * spelling of it (`europe/paris` → `Europe/Paris`; `US/Eastern` → `America/New_York` where the
 * runtime resolves links), then today's IANA name for an old one (`Asia/Calcutta` → `Asia/Kolkata`).
 * Every surface that accepts a zone stores this (the schedule, prospects, their import).
 */
export function canonicalTimeZone(name: string): string | null {
  if (!IANA_SHAPE.test(name)) return null;
  const known = canonicalNames.get(name);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    canonical = resolved === '' ? null : (LEGACY_ZONE_NAMES[resolved] ?? resolved);
  } catch {
    canonical = null;
  }
  // An import checks the same few zones thousands of times; building a formatter each time is slow.
  if (canonicalNames.size < 2000) canonicalNames.set(name, canonical);
  return canonical;
}

/** True for an IANA time zone name this runtime knows (`Europe/Paris`, `asia/calcutta`, `UTC`); never an offset. */
export const isIanaTimeZone = (name: string): boolean => canonicalTimeZone(name) !== null;

/** A zone as people say it: its city, with spaces ("America/New_York" → "New York", "UTC" → "UTC"). */
export function timeZoneCity(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** A zone as a picker shows it: "New York (America)", "Buenos Aires (America, Argentina)", "UTC". */
export function timeZoneLabel(zone: string): string {
  const parts = zone.split('/');
  if (parts.length === 1) return zone;
  return `${timeZoneCity(zone)} (${parts.slice(0, -1).join(', ').replaceAll('_', ' ')})`;
}

/** Every zone this runtime knows under its canonical name, `UTC` first, then by city (for a time zone picker). */
export function timeZoneChoices(): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone').map((zone) => LEGACY_ZONE_NAMES[zone] ?? zone));
  names.delete('UTC');
  return ['UTC', ...[...names].sort((a, b) => timeZoneCity(a).localeCompare(timeZoneCity(b)))];
}

/** Whether a zone is the one a person looks for: by city, region or name, case and spaces aside ("new york", "kolk", "asia"). */
export function timeZoneMatches(zone: string, search: string): boolean {
  const words = (text: string) => text.toLowerCase().replaceAll('_', ' ');
  const wanted = words(search).trim();
  return wanted === '' || words(zone).includes(wanted) || words(timeZoneLabel(zone)).includes(wanted);
}
