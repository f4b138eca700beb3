import type { Db, Queryable } from '../src/server/db/types';
import { claimDueActions, offerClaimedAction } from '../src/server/runs/offers';
import { moveDueEnrollments } from '../src/server/runs/engine';
import { sandboxExecutor } from '../src/server/executors/sandbox';
import { engineDeps, seedRun, startClock, UNLIMITED, visitOnlyGraph } from '../src/server/testing/runs';
import { openMigratedPglite } from '../src/server/testing/migrated-pglite';

/**
 * The run engine's database work per step (contract 9.3), counted rather than timed: statements and
 * transactions of each part of a run of start → profile visit → end (move batch, offer, recorded
 * result), on the embedded database with a fake clock. Statements fired by triggers are not counted.
 */

const ENROLLMENTS = 300;
const STEPS_PER_ENROLLMENT = 3;
/** The run worker's offers in flight (RUN_CONCURRENCY, 16 by default). */
const OFFERS_IN_FLIGHT = 16;

interface Tally {
  statements: number;
  transactions: number;
  ms: number;
}

/** The same database, every statement and transaction counted into `tally.current`. */
function counting(db: Db, tally: { current: Tally }): Db {
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      tally.current.statements++;
      return q.query(sql, params);
    },
  });
  return {
    kind: db.kind,
    query: counted(db).query,
    transaction: (fn) => {
      tally.current.transactions++;
      return db.transaction((tx) => fn(counted(tx)));
    },
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}

export async function runEngineStatements(): Promise<void> {
  const raw = await openMigratedPglite();
  try {
    await seedRun(raw, { graph: visitOnlyGraph(), prospects: ENROLLMENTS, dailyLimits: UNLIMITED });
    const parts = {
      move: { statements: 0, transactions: 0, ms: 0 },
      claim: { statements: 0, transactions: 0, ms: 0 },
      'offer and result': { statements: 0, transactions: 0, ms: 0 },
      'sandbox executor': { statements: 0, transactions: 0, ms: 0 },
    };
    const tally = { current: parts.move };
    const db = counting(raw, tally);
    const clock = startClock('2026-03-02T09:00:00Z');
    // The sandbox's own writes are counted apart: they stand for the network, not the engine.
    const executor = sandboxExecutor(counting(raw, { current: parts['sandbox executor'] }), clock);
    const deps = engineDeps(db, clock, { executor, spacingMs: 0 });
    const timed = async <T>(part: Tally, fn: () => Promise<T>): Promise<T> => {
      tally.current = part;
      const start = performance.now();
      const out = await fn();
      part.ms += performance.now() - start;
      return out;
    };
    while ((await timed(parts.move, () => moveDueEnrollments(deps))) > 0);
    for (;;) {
      const claimed = await timed(parts.claim, () => claimDueActions(deps, OFFERS_IN_FLIGHT));
      if (claimed.length === 0) break;
      // As the worker does: the claimed actions offered at once, their answers recorded together.
      await timed(parts['offer and result'], () => Promise.all(claimed.map((action) => offerClaimedAction(deps, action))));
    }
    const finished = await raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM enrollments WHERE status = 'finished'`);
    const steps = finished.rows[0]!.n * STEPS_PER_ENROLLMENT;
    const per = (n: number) => (n / steps).toFixed(2);
    for (const [name, part] of Object.entries(parts))
      console.log(
        `embedded (PGlite) ${name}: ${per(part.statements)} statements and ${(part.transactions / steps).toFixed(3)} transactions per step, ${per(part.ms)} ms per step`,
      );
    const all = Object.values(parts).reduce((sum, part) => sum + part.statements, 0);
    console.log(`embedded (PGlite): ${per(all)} statements per step in all (${steps} steps of ${ENROLLMENTS} enrollments)`);
  } finally {
    await raw.close();
  }
}
