import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';

/** The SQL of 011_audience.sql repeats the contract's defaults (a database cannot import them): they must agree (its enums: db/schema-enums.test.ts). */
const migration = readFileSync(new URL('../db/migrations/011_audience.sql', import.meta.url), 'utf8');
const jsonDefault = (column: string): unknown => {
  const match = new RegExp(`ADD COLUMN ${column} jsonb NOT NULL\\s+DEFAULT '([^']*)'`).exec(migration);
  if (!match) throw new Error(`no default on ${column}`);
  return JSON.parse(match[1]!);
};

describe('audience defaults in SQL', () => {
  it('the schedule and daily limits defaults are the contract’s', () => {
    expect(jsonDefault('schedule')).toEqual(DEFAULT_SCHEDULE);
    expect(jsonDefault('daily_limits')).toEqual(DEFAULT_DAILY_LIMITS);
  });
});
