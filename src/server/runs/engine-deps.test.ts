import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { databaseClock } from '../db/clock';
import { engineSettings } from './engine-deps';

/** One factory builds the engine's settings from the configuration (issue 33 item 5): the worker's, the routes', the tests'. */

describe('engineSettings', () => {
  it('reads ACTION_SPACING_S, RUN_BATCH and RUN_LEASE_S, on the database’s clock', () => {
    const settings = engineSettings(loadConfig({ ACTION_SPACING_S: '0.5', RUN_BATCH: '40', RUN_LEASE_S: '30' }));
    expect(settings).toMatchObject({ spacingMs: 500, batch: 40, leaseMs: 30_000, clock: databaseClock });
    expect(engineSettings(loadConfig({}))).toMatchObject({ spacingMs: 90_000, batch: 100, leaseMs: 60_000 });
  });

  it('refuses a lease that an offer in flight could outlast', () => {
    expect(() => loadConfig({ RUN_LEASE_S: '10' })).toThrow(/RUN_LEASE_S must be longer than WEBHOOK_TIMEOUT_MS/);
    expect(() => loadConfig({ RUN_LEASE_S: '20', WEBHOOK_TIMEOUT_MS: '30000' })).toThrow(/RUN_LEASE_S/);
    expect(loadConfig({ RUN_LEASE_S: '11' }).runLeaseS).toBe(11);
  });
});
