import type { Config } from '../config';
import { databaseClock, type Clock } from '../db/clock';
import type { Db } from '../db/types';
import type { Executor } from '../executors/executor';

/**
 * What the run engine needs (contract 9.3), built by one factory from the server's configuration —
 * for the worker, for the routes that move enrollments (executor events and results, the inbox) and
 * for the tests (which pass their own clock and a seeded random).
 */
export interface EngineSettings {
  /** The one clock (the database's; a fake one in tests). */
  readonly clock: Clock;
  /** ACTION_SPACING_S in ms; each slot draws ±50 % around it. */
  readonly spacingMs: number;
  /** Uniform [0, 1): the spacing's random part. */
  readonly random: () => number;
  /** Rows per engine transaction (RUN_BATCH). */
  readonly batch: number;
  /** How long an offered action stays leased before any process may offer it again (RUN_LEASE_S). */
  readonly leaseMs: number;
}

/** The engine with its database: what its own transactions (moves, claims, answers) run on. */
export interface EngineDeps extends EngineSettings {
  readonly db: Db;
}

/** The engine that offers actions too: who carries them out, and a test hook between claim and offer. */
export interface OfferDeps extends EngineDeps {
  readonly executor: Executor;
  readonly beforeOffer?: (actionId: string) => Promise<void>;
}

export type EngineConfig = Pick<Config, 'actionSpacingS' | 'runBatch' | 'runLeaseS'>;

export function engineSettings(config: EngineConfig, overrides: { clock?: Clock; random?: () => number } = {}): EngineSettings {
  return {
    clock: overrides.clock ?? databaseClock,
    spacingMs: config.actionSpacingS * 1000,
    random: overrides.random ?? Math.random,
    batch: config.runBatch,
    leaseMs: config.runLeaseS * 1000,
  };
}
