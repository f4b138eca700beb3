import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  return s.isDirectory() ? readdirSync(path).reduce((m, n) => Math.max(m, newestMtime(join(path, n))), s.mtimeMs) : s.mtimeMs;
}

/** Builds dist/app when it is missing or older than the app sources (as npm start does). */
export async function ensureAppBuilt(): Promise<void> {
  const built = existsSync('dist/app/index.html') ? statSync('dist/app/index.html').mtimeMs : 0;
  if (built >= Math.max(newestMtime('src/app'), newestMtime('src/domain'), newestMtime('index.html'))) return;
  console.log('  building the app (vite)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}
