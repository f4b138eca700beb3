import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  return s.isDirectory() ? readdirSync(path).reduce((m, n) => Math.max(m, newestMtime(join(path, n))), s.mtimeMs) : s.mtimeMs;
}

/** `BENCH_UNMINIFIED=1` builds without minification (readable CPU profiles); the mode is remembered beside the build. */
export const UNMINIFIED = process.env.BENCH_UNMINIFIED === '1';
const MODE_FILE = 'dist/app/.bench-build-mode';

/** Builds dist/app when it is missing, older than the app sources (as npm start does) or built in the other mode. */
export async function ensureAppBuilt(): Promise<void> {
  const mode = UNMINIFIED ? 'unminified' : 'production';
  const builtMode = existsSync(MODE_FILE) ? readFileSync(MODE_FILE, 'utf8') : 'production';
  const built = existsSync('dist/app/index.html') ? statSync('dist/app/index.html').mtimeMs : 0;
  if (builtMode === mode && built >= Math.max(newestMtime('src/app'), newestMtime('src/domain'), newestMtime('index.html'))) return;
  console.log(`  building the app (vite, ${mode})…`);
  const { build } = await import('vite');
  await build({ logLevel: 'warn', ...(UNMINIFIED ? { build: { minify: false } } : {}) });
  if (UNMINIFIED) writeFileSync(MODE_FILE, mode);
}
