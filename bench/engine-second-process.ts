/**
 * The second process of bench/engine.bench.ts's two-process figure: opens its own pool on the
 * database, prints "ready", starts the run worker when a line arrives on stdin and stops it (then
 * exits) at the next line or when stdin closes.
 * Usage: tsx bench/engine-second-process.ts <databaseUrl>
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import type { JobLoop } from '../src/server/jobs/loop';
import { startRunWorker } from '../src/server/runs/worker';

const [databaseUrl] = process.argv.slice(2);
const db = await openDatabase({ databaseUrl: databaseUrl!, dataDir: '' });
let worker: JobLoop | null = null;
const stop = async () => {
  await worker?.stop();
  await db.close();
  process.exit(0);
};
const lines = createInterface({ input: process.stdin });
lines.on('line', () => {
  if (worker) void stop();
  else worker = startRunWorker({ db, config: loadConfig({ ACTION_SPACING_S: '0' }) });
});
lines.on('close', () => void stop());
console.log('ready');
