import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runStages } from './test-run';
import { integrationStage, SLOW_TEST_SUFFIX, unitStage, type Stage } from './test-stages';

/**
 * `npm run test:changed [-- <ref>]`: only what a change touches — the changes not yet committed, or
 * everything since <ref> (a branch, `main`). ESLint and Prettier on the changed files, the type check
 * (incremental), the unit tests vitest relates to them (`--changed`: a changed test, or one importing
 * a changed file), and the integration tests: all quick ones when code the test server runs changed
 * (they reach it over HTTP, not by import), else the changed ones. No e2e: `npm test` runs the smoke set.
 */
const base = process.argv[2];
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', base ?? 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')])].filter(
  (f) => existsSync(f),
);

const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
const serverCode = changed.filter((f) => /^src\/(server|domain)\//.test(f) && !/\.test\.tsx?$/.test(f));
const changedSlow = changed.filter((f) => f.endsWith(SLOW_TEST_SUFFIX));
const since = base ? [`--changed=${base}`] : ['--changed'];

const check = (name: string, command: string[]): Stage => ({ name, tier: 'quick', group: 'checks', command });
const stages: Stage[] = [
  ...(lintable.length
    ? [check('lint (ESLint), changed files', ['eslint', '--cache', '--cache-location', '.tmp/eslintcache', ...lintable])]
    : []),
  ...(changed.length ? [check('format (Prettier), changed files', ['prettier', '--check', '--ignore-unknown', ...changed])] : []),
  check('typecheck (incremental)', [
    'tsc',
    '--noEmit',
    '-p',
    'tsconfig.json',
    '--incremental',
    '--tsBuildInfoFile',
    '.tmp/typecheck.tsbuildinfo',
  ]),
  { ...unitStage([...since, '--passWithNoTests']), group: 'checks' },
  serverCode.length
    ? integrationStage('quick')
    : { ...integrationStage('quick', [...since, '--passWithNoTests']), name: 'integration tests, PGlite, changed' },
  ...(changedSlow.length ? [{ ...integrationStage('full', changedSlow), name: 'slow integration tests, PGlite, changed' }] : []),
];

console.log(
  `${changed.length} changed file(s) ${base ? `since ${base}` : 'not yet committed'}${serverCode.length ? ', server or domain code among them' : ''}.`,
);
await runStages('changed', stages);
