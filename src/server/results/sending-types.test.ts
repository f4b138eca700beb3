import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../../domain/catalog';
import { isSendingStep, resultMetricOf } from './metric';

/**
 * Migration 080 names the step types whose action reaches the person with a text (a database
 * cannot import the catalog): they must be exactly the catalog's types with `variantTexts`.
 */
const sql = readFileSync(new URL('../db/migrations/080_results.sql', import.meta.url), 'utf8');
const listed = (fn: string): string[] => {
  const body = new RegExp(`CREATE FUNCTION ${fn}\\(type text\\)[^$]*\\$\\$([^$]*)\\$\\$`).exec(sql)?.[1] ?? '';
  return [...body.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
};

describe('migration 080’s sending step types', () => {
  it('are the catalog’s types with variant texts; the invitation among them', () => {
    expect(listed('result_sending_type').sort()).toEqual(NODE_TYPES.filter(isSendingStep).sort());
    expect(listed('result_invitation_type')).toEqual(NODE_TYPES.filter((t) => isSendingStep(t) && resultMetricOf(t) === 'accepted'));
  });
});
