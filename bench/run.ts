import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Runs every `bench/*.bench.ts` module's exported `run…` functions in sequence.
 * `npm run bench -- validator inbox` runs only files whose name contains one of the words.
 */
const benchDir = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2).filter((arg) => arg !== '--');
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((word) => file.includes(word)))
  .sort();

if (files.length === 0) {
  console.error(`No bench file matches ${filters.join(', ') || '*.bench.ts'} in ${benchDir}`);
  process.exit(1);
}

let failed = false;
for (const file of files) {
  const module = (await import(pathToFileURL(join(benchDir, file)).href)) as Record<string, unknown>;
  const runs = Object.entries(module).filter(([name, value]) => /^run[A-Z]/.test(name) && typeof value === 'function');
  if (runs.length === 0) console.warn(`${file}: exports no run… function, skipped`);
  for (const [name, run] of runs) {
    console.log(`\n▶ ${file} ${name}`);
    try {
      await (run as () => unknown)();
    } catch (error) {
      failed = true;
      console.error(`${file} ${name} failed:`, error);
    }
  }
}
process.exitCode = failed ? 1 : 0;
