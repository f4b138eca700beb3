import { describe, expect, it } from 'vitest';
import { enrollBody, updateCampaignScheduleArgs } from './enrollments';
import { importProspectsEnvelope, prospectInputSchema } from './prospects';

const rowIssues = (row: unknown) => {
  const result = prospectInputSchema.safeParse(row);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('prospect rows (contract 9.1)', () => {
  it('needs a LinkedIn or WhatsApp profile URL (contract 10.3); the rest is optional', () => {
    expect(rowIssues({ profileUrl: 'https://www.linkedin.com/in/ada' })).toEqual([]);
    expect(rowIssues({ profileUrl: 'linkedin.com/in/ada' })).toEqual([]);
    expect(rowIssues({ profileUrl: 'https://wa.me/33612345678' })).toEqual([]);
    expect(rowIssues({})).toEqual(['profileUrl']);
    expect(rowIssues({ profileUrl: 'https://twitter.com/ada' })).toEqual(['profileUrl']);
    expect(rowIssues({ profileUrl: 'https://www.figma.com/@ada' })).toEqual(['profileUrl']);
  });
  it('checks e-mail, time zone, custom field values and unknown fields', () => {
    expect(rowIssues({ profileUrl: 'https://www.linkedin.com/in/a', email: 'nope' })).toEqual(['email']);
    expect(rowIssues({ profileUrl: 'https://www.linkedin.com/in/a', timeZone: 'Nowhere/Land' })).toEqual(['timeZone']);
    expect(rowIssues({ profileUrl: 'https://www.linkedin.com/in/a', customFields: { a: { nested: 1 } } })).toEqual(['customFields.a']);
    expect(rowIssues({ profileUrl: 'https://www.linkedin.com/in/a', age: 3 })).toEqual(['']);
    expect(
      rowIssues({ profileUrl: 'https://www.linkedin.com/in/a', name: null, timeZone: null, customFields: { n: 1, b: false, t: 'x' } }),
    ).toEqual([]);
  });
  it('the import takes 1..10,000 rows of anything (each row is judged alone)', () => {
    expect(importProspectsEnvelope.safeParse({ prospects: [] }).success).toBe(false);
    expect(importProspectsEnvelope.safeParse({ prospects: [1, 'x'] }).success).toBe(true);
    expect(importProspectsEnvelope.safeParse({ prospects: Array(10_001).fill({}) }).success).toBe(false);
    expect(importProspectsEnvelope.safeParse({ prospects: [{}], onDuplicate: 'merge' }).success).toBe(false);
  });
});

describe('enroll and schedule arguments', () => {
  it('enroll takes 1..10,000 UUIDs', () => {
    expect(enrollBody.safeParse({ prospectIds: [] }).success).toBe(false);
    expect(enrollBody.safeParse({ prospectIds: ['x'] }).success).toBe(false);
    expect(enrollBody.safeParse({ prospectIds: ['00000000-0000-0000-0000-000000000001'], allowInOtherCampaigns: true }).success).toBe(true);
  });
  it('the schedule tool checks the window like the REST body', () => {
    const campaignId = '00000000-0000-0000-0000-000000000001';
    expect(updateCampaignScheduleArgs.safeParse({ campaignId, start: '17:00', end: '09:00' }).success).toBe(false);
    expect(updateCampaignScheduleArgs.safeParse({ campaignId, days: ['sat'] }).success).toBe(true);
  });
});
