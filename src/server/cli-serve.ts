import { runFromCommandLine } from './main';
import { backgroundLog } from './observe/log';

/**
 * The server alone, without `npm start`'s web-app build step: used by the process tests
 * (graceful shutdown, crash durability, first-start output) and handy for API-only work.
 */
await runFromCommandLine().catch((err: unknown) => {
  // The start failed (a bad setting, a database that does not answer): said in words, then as a log line.
  console.error(err instanceof Error ? err.message : err);
  backgroundLog().fatal({ err }, 'the server could not start');
  process.exit(1);
});
