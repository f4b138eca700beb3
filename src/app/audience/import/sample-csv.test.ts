import { describe, expect, it } from 'vitest';
import { profileUrlProblem } from '../../../domain/profile-url';
import { buildProspects, matchColumns } from './columns';
import { parseCsvText } from './parse-csv';
import { sampleCsv } from './sample-csv';

describe('the sample CSV', () => {
  it('reads back with every column matched: the prospect’s fields, the name’s parts and one custom field', () => {
    const csv = parseCsvText(sampleCsv());
    const targets = matchColumns(csv.headers, csv.rows);
    expect(targets).toEqual([
      { kind: 'namePart', part: 'firstName' },
      { kind: 'namePart', part: 'lastName' },
      { kind: 'field', field: 'profileUrl' },
      { kind: 'field', field: 'company' },
      { kind: 'field', field: 'headline' },
      { kind: 'field', field: 'email' },
      { kind: 'field', field: 'timeZone' },
      { kind: 'custom', key: 'industry' },
    ]);
    const { prospects } = buildProspects(csv.rows, targets);
    expect(prospects[0]).toEqual({
      profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      headline: 'Head of Growth',
      email: 'ada@engines.example',
      timeZone: 'Europe/London',
      customFields: { firstName: 'Ada', lastName: 'Lovelace', industry: 'SaaS' },
    });
    for (const p of prospects) expect(profileUrlProblem(p.profileUrl)).toBeNull();
  });
});
