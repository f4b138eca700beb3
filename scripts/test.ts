import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';

/**
 * `npm test`: lint (ESLint), format (Prettier check), typecheck, unused code (knip), unit tests, integration tests over real HTTP on the embedded database,
 * the same integration suite on PostgreSQL (TEST_DATABASE_URL, or a local server when reachable),
 * then Playwright e2e in real Chromium. Ends with one "N passed, N failed" line.
 */
const REPORTS = '.tmp/test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const stageFailures: string[] = [];
const failedTests: string[] = [];

function run(stage: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${stage} ━━`);
  const res = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) stageFailures.push(stage);
  return res.status === 0;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  };
  for (const f of r.testResults ?? [])
    for (const a of f.assertionResults)
      if (a.status === 'failed') failedTests.push(`${file.split('/').pop()}: ${f.name.split('/src/').pop()} › ${a.fullName}`);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
}

async function postgresUrl(): Promise<string | undefined> {
  const candidate = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return candidate;
  } catch {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not reachable at it.`);
    return undefined;
  }
}

const vitest = (project: string, report: string) => [
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${REPORTS}/${report}.json`,
];

run('lint', 'npx', ['eslint', '.']);
run('format', 'npx', ['prettier', '--check', '.']);
run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('unused code (knip: no unused file, export or dependency)', 'npx', ['knip']);
run('unit tests', 'npx', vitest('unit', 'unit'));
countVitest(`${REPORTS}/unit.json`);
run('integration tests (embedded PGlite)', 'npx', vitest('integration', 'integration-pglite'), { DATABASE_URL: '' });
countVitest(`${REPORTS}/integration-pglite.json`);
const pgUrl = await postgresUrl();
if (pgUrl) {
  run('integration tests (PostgreSQL server)', 'npx', vitest('integration', 'integration-pg'), { DATABASE_URL: pgUrl });
  countVitest(`${REPORTS}/integration-pg.json`);
} else {
  console.log('\n━━ integration tests (PostgreSQL server) ━━\nskipped: no PostgreSQL reachable (set TEST_DATABASE_URL to run them)');
}
run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`,
  PLAYWRIGHT_REPORTERS: 'list,json',
});
countPlaywright(`${REPORTS}/e2e.json`);

console.log('');
// The names of what failed, last, so a truncated log still shows them.
for (const name of failedTests) console.log(`failed: ${name}`);
if (stageFailures.length) console.log(`Failed stages: ${stageFailures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(stageFailures.length || failed ? 1 : 0);
