import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, EDITING_MODES } from '../../domain/contract/campaigns';

/** The SQL CHECKs repeat the contract's enums (a database cannot import them): they must list exactly the same values. */
const migration = readFileSync(new URL('../db/migrations/002_campaigns.sql', import.meta.url), 'utf8');
const checked = (column: string): string[] => {
  const match = new RegExp(`${column} text[^,]*CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(migration);
  if (!match) throw new Error(`no CHECK on ${column}`);
  return [...match[1]!.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
};

describe('campaign enums in SQL', () => {
  it('the status CHECK lists exactly CAMPAIGN_STATUSES', () => expect(checked('status')).toEqual([...CAMPAIGN_STATUSES]));
  it('the editing_mode CHECK lists exactly EDITING_MODES', () => expect(checked('editing_mode')).toEqual([...EDITING_MODES]));
});
