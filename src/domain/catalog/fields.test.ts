import { describe, expect, it } from 'vitest';
import { FAST_DATA_CHECKS, FIELDS, fieldRequirement, type FieldDefinition } from './index';

/**
 * The field table as a form and the validator's messages use it: what each field must hold, said in
 * users' words, and the fast checks that accept a value only when the data schema would.
 */
describe('what a field must hold, in users’ words', () => {
  it('says it for every kind of field of the table', () => {
    expect(fieldRequirement(FIELDS.send_empty_request)).toBe('Send without a note must be on or off');
    expect(fieldRequirement(FIELDS.icpThreshold)).toBe('Threshold must be a number from 0 to 100');
    expect(fieldRequirement(FIELDS.reply_wait_days)).toBe('Wait for a reply must be a number of days greater than 0');
    expect(fieldRequirement(FIELDS.delay_amount)).toBe('Amount must be a number greater than 0');
    expect(fieldRequirement(FIELDS.thresholdOperator)).toBe('Operator must be one of >=, >, <=, < or ==');
    expect(fieldRequirement(FIELDS.delay_type)).toBe('Unit must be one of minutes, hours or days');
    expect(fieldRequirement(FIELDS.field_mappings)).toBe('Field mappings must be a list of names with values');
    expect(fieldRequirement(FIELDS.credential_id)).toBe('Credential must be text');
    expect(fieldRequirement(FIELDS.post_url)).toBe('Post URL must be text');
  });

  it('words lower bounds, open numbers and short option lists naturally', () => {
    const field = (row: Partial<FieldDefinition>): FieldDefinition => ({ key: 'k', label: 'Score', kind: 'number', ...row });
    expect(fieldRequirement(field({ min: 1 }))).toBe('Score must be a number of at least 1');
    expect(fieldRequirement(field({ min: 1, unit: 'hours' }))).toBe('Score must be a number of hours of at least 1');
    expect(fieldRequirement(field({}))).toBe('Score must be a number');
    expect(fieldRequirement(field({ max: 10 }))).toBe('Score must be a number');
    expect(fieldRequirement(field({ unit: 'days' }))).toBe('Score must be a number of days');
    expect(fieldRequirement(field({ kind: 'select', options: ['on'] }))).toBe('Score must be one of on');
    expect(fieldRequirement(field({ kind: 'select', options: ['on', 'off'] }))).toBe('Score must be one of on or off');
    expect(fieldRequirement(field({ kind: 'select' }))).toBe('Score must be one of ');
  });
});

describe('fast data checks', () => {
  const check = (key: string) => FAST_DATA_CHECKS[key]!;

  it('take a bounded number only as a finite number within its bounds', () => {
    const threshold = check('icpThreshold');
    for (const ok of [0, 55.5, 100]) expect(threshold(ok)).toBe(true);
    for (const bad of [-1, 101, Number.NaN, Number.POSITIVE_INFINITY, '50', null, undefined]) expect(threshold(bad)).toBe(false);
  });

  it('take a “greater than 0” number only above 0', () => {
    const wait = check('reply_wait_days');
    expect(wait(0.5)).toBe(true);
    expect(wait(0)).toBe(false);
    expect(wait('3')).toBe(false);
    expect(wait(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('take an option only from its list, a switch only as true or false, text only as a string', () => {
    expect(check('thresholdOperator')('>=')).toBe(true);
    expect(check('thresholdOperator')('gte')).toBe(false);
    expect(check('send_empty_request')(false)).toBe(true);
    expect(check('send_empty_request')('false')).toBe(false);
    expect(check('keyword')('')).toBe(true);
    expect(check('keyword')(3)).toBe(false);
    expect(check('field_mappings')({ a: 1 })).toBe(true);
    expect(check('field_mappings')([])).toBe(false);
    expect(check('field_mappings')(null)).toBe(false);
  });
});
