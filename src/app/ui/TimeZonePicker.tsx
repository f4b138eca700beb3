import { useMemo, useState } from 'react';
import { timeZoneChoices, timeZoneLabel, timeZoneMatches } from '../../domain/time-zones';
import { browserTimeZone } from './format';

/** Every zone once, the browser's own first (then UTC, then by city). */
function useZoneChoices(): string[] {
  return useMemo(() => {
    const mine = browserTimeZone();
    const all = timeZoneChoices();
    return all.includes(mine) ? [mine, ...all.filter((z) => z !== mine)] : all;
  }, []);
}

/**
 * A time zone picker in people's words: "New York (America)", found by typing a city or region;
 * the value is the zone's canonical IANA name. The chosen zone stays listed whatever the search.
 */
export function TimeZonePicker({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  disabled?: boolean;
  onChange: (zone: string) => void;
}) {
  const zones = useZoneChoices();
  const [search, setSearch] = useState('');
  const shown = zones.filter((zone) => zone === value || timeZoneMatches(zone, search));
  const listed = shown.includes(value) ? shown : [value, ...shown];
  return (
    <div className="zone-picker">
      <input
        type="search"
        className="input input-sm"
        placeholder="Find a city"
        aria-label="Find a time zone by city"
        aria-controls={id}
        value={search}
        disabled={disabled}
        onChange={(e) => {
          setSearch(e.target.value);
          const first = zones.find((zone) => timeZoneMatches(zone, e.target.value));
          if (first && e.target.value.trim() !== '' && !timeZoneMatches(value, e.target.value)) onChange(first);
        }}
      />
      <select id={id} className="input input-sm" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {listed.map((zone) => (
          <option key={zone} value={zone}>
            {timeZoneLabel(zone)}
          </option>
        ))}
      </select>
    </div>
  );
}
