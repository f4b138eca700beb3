import { describe, expect, it } from 'vitest';
import { createEndpointBody, EVENT_TYPES, MAX_GRACE_HOURS, recoverBody, redeliverBody, rotateSecretBody } from './webhooks';

/** The webhook requests as a client sends them (spec 4.4, contract 8.3). */
describe('webhook requests', () => {
  it('an endpoint is an http(s) address with known event types (empty = all)', () => {
    expect(createEndpointBody.safeParse({ url: 'https://hooks.example/in', eventTypes: [] }).success).toBe(true);
    expect(createEndpointBody.safeParse({ url: 'http://hooks.example/in', eventTypes: [EVENT_TYPES[0]] }).success).toBe(true);
    expect(createEndpointBody.safeParse({ url: 'ftp://hooks.example/in', eventTypes: [] }).success).toBe(false);
    expect(createEndpointBody.safeParse({ url: 'https://hooks.example/in', eventTypes: ['nope'] }).success).toBe(false);
  });

  it('an idempotency key has 8 to 200 characters', () => {
    expect(redeliverBody.safeParse({ idempotencyKey: 'k'.repeat(8) }).success).toBe(true);
    expect(redeliverBody.safeParse({ idempotencyKey: 'k'.repeat(200) }).success).toBe(true);
    expect(redeliverBody.safeParse({ idempotencyKey: 'k'.repeat(7) }).success).toBe(false);
    expect(redeliverBody.safeParse({ idempotencyKey: 'k'.repeat(201) }).success).toBe(false);
    expect(recoverBody.safeParse({ since: '2026-11-21T10:00:00Z', idempotencyKey: 'recover-1', dryRun: true }).success).toBe(true);
  });

  it('the old secret may keep signing from 0 up to a week', () => {
    expect(rotateSecretBody.safeParse({ graceHours: 0 }).success).toBe(true);
    expect(rotateSecretBody.safeParse({ graceHours: MAX_GRACE_HOURS }).success).toBe(true);
    expect(rotateSecretBody.safeParse({ graceHours: MAX_GRACE_HOURS + 1 }).success).toBe(false);
    expect(rotateSecretBody.safeParse({ graceHours: -1 }).success).toBe(false);
  });
});
