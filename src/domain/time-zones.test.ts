import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  isIanaTimeZone,
  LEGACY_ZONE_NAMES,
  timeZoneChoices,
  timeZoneCity,
  timeZoneLabel,
  timeZoneMatches,
} from './time-zones';

describe('canonicalTimeZone', () => {
  it.each([
    ['Europe/Paris', 'Europe/Paris'],
    ['europe/paris', 'Europe/Paris'],
    ['EUROPE/PARIS', 'Europe/Paris'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['asia/kolkata', 'Asia/Kolkata'],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['america/argentina/buenos_aires', 'America/Argentina/Buenos_Aires'],
    ['utc', 'UTC'],
    ['Etc/UTC', 'UTC'],
  ])('stores %s as %s', (given, stored) => expect(canonicalTimeZone(given)).toBe(stored));

  it.each(['', 'Mars/Olympus', '+01:00', 'Europe/Paris ', 'GMT+1', 'Europe//Paris'])('knows no zone %j', (name) => {
    expect(canonicalTimeZone(name)).toBeNull();
    expect(isIanaTimeZone(name)).toBe(false);
  });

  it('maps every old name to a zone the runtime knows, whose canonical name is itself', () => {
    for (const [old, current] of Object.entries(LEGACY_ZONE_NAMES)) {
      expect(isIanaTimeZone(old), old).toBe(true);
      expect(canonicalTimeZone(current), current).toBe(current);
    }
  });
});

describe('zone words', () => {
  it('says a zone by its city, with spaces', () => {
    expect(timeZoneCity('America/New_York')).toBe('New York');
    expect(timeZoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(timeZoneCity('UTC')).toBe('UTC');
    expect(timeZoneLabel('America/New_York')).toBe('New York (America)');
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires (America, Argentina)');
    expect(timeZoneLabel('UTC')).toBe('UTC');
  });

  it('offers every zone once under its canonical name, UTC first, then by city', () => {
    const choices = timeZoneChoices();
    expect(choices[0]).toBe('UTC');
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices).toContain('Asia/Kolkata');
    expect(choices).toContain('Asia/Ho_Chi_Minh');
    for (const old of Object.keys(LEGACY_ZONE_NAMES)) expect(choices).not.toContain(old);
    for (const zone of choices) expect(canonicalTimeZone(zone), zone).toBe(zone);
    const cities = choices.slice(1).map(timeZoneCity);
    expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b)));
  });

  it('finds a zone by city, region or name, whatever the case or spaces', () => {
    expect(timeZoneMatches('America/New_York', 'new york')).toBe(true);
    expect(timeZoneMatches('America/New_York', 'New_York')).toBe(true);
    expect(timeZoneMatches('Asia/Kolkata', 'kolk')).toBe(true);
    expect(timeZoneMatches('Asia/Kolkata', 'asia')).toBe(true);
    expect(timeZoneMatches('Asia/Kolkata', '')).toBe(true);
    expect(timeZoneMatches('Asia/Kolkata', 'paris')).toBe(false);
  });
});
