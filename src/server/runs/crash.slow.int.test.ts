import { describe, expect, it } from 'vitest';
import { crashRun } from '../testing/crash-run';

/**
 * kill -9 of a real server mid-run (contract 9.3 exactly once): after the restart every enrollment
 * finishes, none twice, none stuck, every action done once. On PostgreSQL when DATABASE_URL is set.
 * The soak version (2,000 enrollments × 5 kills) is `npm run bench -- run-crash`.
 */
describe('a run cut by kill -9', () => {
  it('finishes every enrollment exactly once after the restart', async () => {
    const result = await crashRun({ enrollments: 200, kills: 1, databaseUrl: process.env.DATABASE_URL || undefined });
    expect(result).toMatchObject({
      killsMidRun: 1,
      finished: 200,
      stuck: 0,
      actionsDone: 200,
      actionsNotDone: 0,
      finishedTwice: 0,
      stepTwice: 0,
    });
  }, 900_000);
});
