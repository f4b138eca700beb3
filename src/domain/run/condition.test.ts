import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONDITION_OPERATORS, conditionHolds, parseCondition, type Condition } from './condition';
import type { RunProspect } from './prospect';

const prospect = (
  customFields: Record<string, string | number | boolean>,
  fields: Omit<RunProspect, 'customFields'> = {},
): RunProspect => ({
  ...fields,
  customFields,
});
const holds = (text: string, p: RunProspect): boolean => {
  const parsed = parseCondition(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return conditionHolds(parsed.condition, p);
};

describe('parseCondition', () => {
  it('reads every operator of contract 9.3, the longest at the first place', () => {
    expect(parseCondition('company contains Acme')).toEqual({
      ok: true,
      condition: { field: 'company', operator: 'contains', value: 'Acme' },
    });
    expect(parseCondition('title does not contain intern')).toMatchObject({ condition: { operator: 'does not contain', value: 'intern' } });
    expect(parseCondition('email is not empty')).toMatchObject({ condition: { field: 'email', operator: 'is not empty', value: '' } });
    expect(parseCondition('email IS EMPTY')).toMatchObject({ condition: { operator: 'is empty' } });
    expect(parseCondition('country is not France')).toMatchObject({ condition: { operator: 'is not', value: 'France' } });
    expect(parseCondition('country is  United States ')).toMatchObject({ condition: { operator: 'is', value: 'United States' } });
    expect(parseCondition('score>=70')).toMatchObject({ condition: { field: 'score', operator: '>=', value: '70' } });
    expect(parseCondition('score <= 7.5')).toMatchObject({ condition: { operator: '<=', value: '7.5' } });
    expect(parseCondition('score > -3')).toMatchObject({ condition: { operator: '>', value: '-3' } });
    expect(parseCondition('score < 3')).toMatchObject({ condition: { operator: '<', value: '3' } });
    expect(parseCondition('headline contains "is empty"')).toMatchObject({ condition: { operator: 'contains', value: 'is empty' } });
    expect(parseCondition('isActive is true')).toMatchObject({ condition: { field: 'isActive', operator: 'is', value: 'true' } });
    expect(parseCondition('this is "" ')).toMatchObject({ condition: { field: 'this', operator: 'is', value: '' } });
  });

  it('says in plain words why a condition cannot be read', () => {
    const reason = (text: unknown): string => {
      const parsed = parseCondition(text);
      return parsed.ok ? 'read' : parsed.reason;
    };
    expect(reason('')).toMatch(/^it is empty: write a field, a test and a value/);
    expect(reason(undefined)).toMatch(/^it is empty/);
    expect(reason('company Acme')).toMatch(/^it has no test: use is, is not, contains/);
    expect(reason('job title contains CTO')).toBe(
      '“job title” is not a field name: use the name of a prospect field without spaces, like jobTitle',
    );
    expect(reason('score > high')).toBe('“high” is not a number, and “>” compares numbers');
    expect(reason('score >')).toBe('“nothing” is not a number, and “>” compares numbers');
    expect(reason('email is empty yes')).toBe('“is empty” takes no value after it');
    expect(reason('company contains')).toBe('nothing follows “contains”: add the value to compare with');
  });

  it('reads back any condition it can write', () => {
    const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/);
    const value = fc.string({ minLength: 1, maxLength: 12 }).filter((v) => v.trim() !== '' && v === v.trim() && !/["'“”‘’]/.test(v));
    fc.assert(
      fc.property(field, fc.constantFrom(...CONDITION_OPERATORS), value, fc.integer({ min: -1000, max: 1000 }), (f, op, v, n) => {
        const written =
          op === 'is empty' || op === 'is not empty'
            ? `${f} ${op}`
            : ['>', '>=', '<', '<='].includes(op)
              ? `${f} ${op} ${n}`
              : `${f} ${op} "${v}"`;
        const parsed = parseCondition(written);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.condition.operator).toBe(op);
        if (parsed.ok) expect(parsed.condition.field).toBe(f);
      }),
    );
  });
});

describe('conditionHolds', () => {
  const p = prospect(
    { industry: 'Software', employees: 120, partner: false, blank: '  ' },
    { company: 'ACME Corp', email: null, headline: 'CTO' },
  );

  it('compares text case-insensitively, custom fields before top-level ones', () => {
    expect(holds('company contains acme', p)).toBe(true);
    expect(holds('company does not contain acme', p)).toBe(false);
    expect(holds('industry is SOFTWARE', p)).toBe(true);
    expect(holds('industry is not software', p)).toBe(false);
    expect(holds('headline is cto', prospect({ headline: 'VP' }, { headline: 'CTO' }))).toBe(false);
    expect(holds('headline is cto', p)).toBe(true);
    expect(holds('partner is false', p)).toBe(true);
  });

  it('treats a missing, null or blank field as empty', () => {
    expect(holds('email is empty', p)).toBe(true);
    expect(holds('blank is empty', p)).toBe(true);
    expect(holds('nothing is empty', p)).toBe(true);
    expect(holds('company is not empty', p)).toBe(true);
    expect(holds('nothing contains x', p)).toBe(false);
    expect(holds('nothing does not contain x', p)).toBe(true);
  });

  it('compares numbers, numeric text included; a field that is no number fails every comparison', () => {
    expect(holds('employees > 100', p)).toBe(true);
    expect(holds('employees >= 120', p)).toBe(true);
    expect(holds('employees < 120', p)).toBe(false);
    expect(holds('employees <= 120', p)).toBe(true);
    expect(holds('employees is 120.0', p)).toBe(true);
    expect(holds('size > 5', prospect({ size: ' 10 ' }))).toBe(true);
    expect(holds('company > 5', p)).toBe(false);
    expect(holds('company < 5', p)).toBe(false);
    expect(holds('missing <= 5', p)).toBe(false);
  });

  it('makes every negated test the opposite of its test', () => {
    const value = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(value, fc.string({ minLength: 1, maxLength: 4 }), (actual, expected) => {
        const who = prospect({ f: actual });
        const c = (operator: Condition['operator']): boolean => conditionHolds({ field: 'f', operator, value: expected }, who);
        expect(c('is not')).toBe(!c('is'));
        expect(c('does not contain')).toBe(!c('contains'));
        expect(c('is not empty')).toBe(!c('is empty'));
      }),
    );
  });
});
