import { describe, expect, it } from 'vitest';
import { invitationPending } from './pending-invitation';

const step = (type: string, status: 'scheduled' | 'running' | 'done' | 'failed' | 'skipped', handle: string | null = null) => ({
  type,
  status,
  handle,
});

describe('invitationPending', () => {
  it('is true while the run stands at an invitation not accepted yet (sent, or about to be)', () => {
    expect(invitationPending([step('start', 'done'), step('connection_request', 'running')])).toBe(true);
    expect(invitationPending([step('start', 'done'), step('connection_request', 'scheduled')])).toBe(true);
  });

  it('is false once accepted (or given up), at any other step, and without a run', () => {
    expect(invitationPending([step('connection_request', 'done', 'accepted'), step('message', 'running')])).toBe(false);
    expect(invitationPending([step('connection_request', 'done', 'no_response')])).toBe(false);
    expect(invitationPending([step('connection_request', 'failed')])).toBe(false);
    expect(invitationPending([step('message', 'running')])).toBe(false);
    expect(invitationPending([])).toBe(false);
    expect(invitationPending(undefined)).toBe(false);
  });
});
