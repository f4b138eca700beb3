import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// npm start: build the web app when its build is missing or older than its sources, then run the server.
const SOURCES = ['src/app', 'src/domain', 'index.html', 'vite.config.ts', 'public', 'package.json'];
const BUILT = 'dist/app/index.html';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log('Building the web app…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
const { runFromCommandLine } = await import('../src/server/main');
await runFromCommandLine().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
