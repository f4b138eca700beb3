import { runFromCommandLine } from './main';

/**
 * The server alone, without `npm start`'s web-app build step: used by the process tests
 * (graceful shutdown, crash durability, first-start output) and handy for API-only work.
 */
await runFromCommandLine().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
