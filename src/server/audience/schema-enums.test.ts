import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, DEFAULT_DAILY_LIMITS } from '../../domain/contract/schedule';
import { ENROLLMENT_OUTCOMES, ENROLLMENT_STATUSES, TIMELINE_STATUSES } from '../../domain/contract/statuses';

/** The SQL of 011_audience.sql repeats the contract's enums and defaults (a database cannot import them): they must agree. */
const migration = readFileSync(new URL('../db/migrations/011_audience.sql', import.meta.url), 'utf8');
const table = (name: string): string => {
  const match = new RegExp(`CREATE TABLE ${name} \\(([\\s\\S]*?)\\n\\);`).exec(migration);
  if (!match) throw new Error(`no table ${name}`);
  return match[1]!;
};
const checked = (sql: string, column: string): string[] => {
  const match = new RegExp(`\\n  ${column} text[^\\n]*CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(sql);
  if (!match) throw new Error(`no CHECK on ${column}`);
  return [...match[1]!.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
};
const jsonDefault = (column: string): unknown => {
  const match = new RegExp(`ADD COLUMN ${column} jsonb NOT NULL\\s+DEFAULT '([^']*)'`).exec(migration);
  if (!match) throw new Error(`no default on ${column}`);
  return JSON.parse(match[1]!);
};

describe('audience enums and defaults in SQL', () => {
  it('enrollments.status lists exactly ENROLLMENT_STATUSES', () =>
    expect(checked(table('enrollments'), 'status')).toEqual([...ENROLLMENT_STATUSES]));
  it('enrollments.outcome lists exactly ENROLLMENT_OUTCOMES', () =>
    expect(checked(table('enrollments'), 'outcome')).toEqual([...ENROLLMENT_OUTCOMES]));
  it('enrollment_steps.status lists exactly TIMELINE_STATUSES', () =>
    expect(checked(table('enrollment_steps'), 'status')).toEqual([...TIMELINE_STATUSES]));
  it('the schedule and daily limits defaults are the contract’s', () => {
    expect(jsonDefault('schedule')).toEqual(DEFAULT_SCHEDULE);
    expect(jsonDefault('daily_limits')).toEqual(DEFAULT_DAILY_LIMITS);
  });
});
