import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, EDITING_MODES, SENDER_ASSIGNMENTS } from '../../domain/contract/campaigns';
import { CHANGE_VIA } from '../../domain/contract/change-via';
import { CHANNELS, DIRECTIONS } from '../../domain/contract/conversations';
import {
  ACTION_STATUSES,
  ENROLLMENT_OUTCOMES,
  ENROLLMENT_STATUSES,
  TIMELINE_STATUSES,
  WAITING_REASONS,
} from '../../domain/contract/statuses';
import { EXECUTOR_KINDS } from '../../domain/contract/executors';
import { EXCLUSION_AUTHORS, EXCLUSION_KINDS } from '../../domain/contract/exclusions';
import { DELIVERY_STATUSES, DISABLED_REASONS, ENDPOINT_STATUSES } from '../../domain/contract/webhooks';

/**
 * The SQL CHECKs repeat the contract's enums (a database cannot import them): each must list exactly
 * the same values, in the migration that last sets it.
 */
const MIGRATIONS = new URL('./migrations/', import.meta.url);
const sql = (file: string) => readFileSync(new URL(file, MIGRATIONS), 'utf8');

/** The values of every `CHECK (<column> IN (...))` in `file`, in order. */
const checks = (file: string, column: string): string[][] =>
  [...sql(file).matchAll(new RegExp(`CHECK \\(${column} IN \\(([^)]*)\\)\\)`, 'g'))].map((m) =>
    [...m[1]!.matchAll(/'([^']*)'/g)].map((v) => v[1]!),
  );

const CASES: { what: string; file: string; column: string; index?: number; values: readonly string[] }[] = [
  { what: 'an account’s channel', file: '001_core.sql', column: 'channel', values: CHANNELS },
  { what: 'a campaign’s status', file: '002_campaigns.sql', column: 'status', values: CAMPAIGN_STATUSES },
  { what: 'a campaign’s editing mode', file: '002_campaigns.sql', column: 'editing_mode', values: EDITING_MODES },
  { what: 'a conversation’s channel', file: '003_conversations.sql', column: 'channel', values: CHANNELS },
  { what: 'a conversation’s last message direction', file: '003_conversations.sql', column: 'last_message_direction', values: DIRECTIONS },
  { what: 'a message’s direction', file: '003_conversations.sql', column: 'direction', values: DIRECTIONS },
  { what: 'an endpoint’s status', file: '007_webhook_operations.sql', column: 'status', index: 0, values: ENDPOINT_STATUSES },
  { what: 'an endpoint’s disabled reason', file: '007_webhook_operations.sql', column: 'disabled_reason', values: DISABLED_REASONS },
  { what: 'a delivery’s status', file: '007_webhook_operations.sql', column: 'status', index: 1, values: DELIVERY_STATUSES },
  { what: 'an enrollment’s status', file: '011_audience.sql', column: 'status', index: 0, values: ENROLLMENT_STATUSES },
  { what: 'an enrollment’s outcome', file: '041_exclusions.sql', column: 'outcome', values: ENROLLMENT_OUTCOMES },
  { what: 'a timeline step’s status', file: '011_audience.sql', column: 'status', index: 1, values: TIMELINE_STATUSES },
  { what: 'an action’s status', file: '012_run_engine.sql', column: 'status', values: ACTION_STATUSES },
  { what: 'a workspace’s executor kind', file: '012_run_engine.sql', column: 'kind', values: EXECUTOR_KINDS },
  { what: 'who saved a graph version', file: '021_version_authors.sql', column: 'saved_via', values: CHANGE_VIA },
  { what: 'a do-not-contact entry’s kind', file: '041_exclusions.sql', column: 'kind', values: EXCLUSION_KINDS },
  { what: 'who added a do-not-contact entry', file: '041_exclusions.sql', column: 'created_by', values: EXCLUSION_AUTHORS },
  { what: 'why an enrollment waits', file: '071_waiting_reason.sql', column: 'waiting_reason', values: WAITING_REASONS },
  { what: 'a campaign’s sender assignment', file: '072_sender_assignment.sql', column: 'sender_assignment', values: SENDER_ASSIGNMENTS },
];

describe('contract enums in SQL CHECKs', () => {
  it.each(CASES)('the CHECK on $what lists exactly the contract’s values', ({ file, column, index = 0, values }) => {
    expect(checks(file, column)[index]).toEqual([...values]);
  });

  it('the first delivery status CHECK (001) is dropped before its replacement (007)', () => {
    expect(checks('001_core.sql', 'status')).toHaveLength(1);
    expect(sql('007_webhook_operations.sql')).toContain('DROP CONSTRAINT webhook_deliveries_status_check');
  });

  it('the first outcome CHECK (011) is dropped before its replacement (041)', () => {
    expect(checks('011_audience.sql', 'outcome')).toHaveLength(1);
    expect(sql('041_exclusions.sql')).toContain('DROP CONSTRAINT enrollments_outcome_check');
  });

  it('no migration sets a CHECK on an enum column this test does not read', () => {
    const read = new Set(CASES.map((c) => `${c.file}: ${c.column}`));
    const unread = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => [...sql(f).matchAll(/CHECK \((\w+) IN \(/g)].map((m) => `${f}: ${m[1]}`))
      .filter((check) => !read.has(check));
    // The server's own bookkeeping, not contract enums: the idempotency keys' state and where the run
    // engine stands in a step (phase); and 001's delivery status, replaced in 007, and 011's outcome,
    // replaced in 041 (the tests above).
    const ownBookkeeping = [
      '001_core.sql: status',
      '011_audience.sql: outcome',
      '005_webhooks.sql: state',
      '016_idempotency_keys.sql: state',
      '012_run_engine.sql: phase',
    ];
    expect(unread.filter((u) => !ownBookkeeping.includes(u))).toEqual([]);
  });
});
