/**
 * The test suite's one definition: every stage, with its tier. `npm test` runs the quick stages;
 * `npm run test:full` (CI) runs every stage, so the full run is the quick run plus what only it has,
 * and each test runs once per database. scripts/test.ts runs them; README "Test it" names both.
 */

export type Tier = 'quick' | 'full';

/** Integration files that start processes, crash servers or sweep many cases: in the full tier only. */
export const SLOW_TEST_SUFFIX = '.slow.int.test.ts';
/** The e2e smoke set: one test per page and per critical flow, tagged in its title or `tag`. */
export const SMOKE_TAG = '@smoke';

export interface Stage {
  name: string;
  tier: Tier;
  /** Consecutive stages of one group run at the same time (on 2 cores the checks overlap the unit tests). */
  group?: string;
  command: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** The JSON report the stage writes: its test counts and its slowest files come from it. */
  report?: { kind: 'vitest' | 'playwright'; name: string };
  /** Runs against the PostgreSQL server (DATABASE_URL set by the runner); skipped when none is reachable. */
  postgres?: boolean;
}

export const REPORTS_DIR = '.tmp/test-reports';

const vitest = (project: string, report: string, filters: string[] = []): Pick<Stage, 'command' | 'report'> => ({
  command: [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORTS_DIR}/${report}.json`,
    ...filters,
  ],
  report: { kind: 'vitest', name: report },
});
const playwright = (report: string, filters: string[]): Pick<Stage, 'command' | 'env' | 'report'> => ({
  command: ['playwright', 'test', ...filters],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS_DIR}/${report}.json`, PLAYWRIGHT_REPORTERS: 'list,json' },
  report: { kind: 'playwright', name: report },
});
const onPglite = { DATABASE_URL: '' };

export const unitStage = (filters: string[] = []): Stage => ({ name: 'unit tests', tier: 'quick', ...vitest('unit', 'unit', filters) });

/** Quick: the integration files not named slow; full: the slow ones (or those of `filters`). Both on PGlite. */
export const integrationStage = (tier: Tier, filters: string[] = []): Stage =>
  tier === 'quick'
    ? {
        name: 'integration tests, PGlite',
        tier,
        ...vitest('integration', 'integration-pglite', ['--exclude', `src/**/*${SLOW_TEST_SUFFIX}`, ...filters]),
        env: onPglite,
      }
    : {
        name: 'slow integration tests, PGlite',
        tier,
        ...vitest('integration', 'integration-pglite-slow', filters.length ? filters : [SLOW_TEST_SUFFIX]),
        env: onPglite,
      };

export const STAGES: readonly Stage[] = [
  { name: 'lint (ESLint)', tier: 'quick', group: 'checks', command: ['eslint', '.'] },
  { name: 'format (Prettier)', tier: 'quick', group: 'checks', command: ['prettier', '--check', '.'] },
  { name: 'typecheck', tier: 'quick', group: 'checks', command: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'unused code (knip)', tier: 'quick', group: 'checks', command: ['knip'] },
  { ...unitStage(), group: 'checks' },
  integrationStage('quick'),
  integrationStage('full'),
  { name: 'integration tests, PostgreSQL', tier: 'full', ...vitest('integration', 'integration-postgres'), postgres: true },
  { name: 'e2e smoke (Chromium)', tier: 'quick', ...playwright('e2e-smoke', ['--grep', SMOKE_TAG]) },
  { name: 'e2e, the rest (Chromium)', tier: 'full', ...playwright('e2e-rest', ['--grep-invert', SMOKE_TAG]) },
];

export const stagesOf = (tier: Tier): Stage[] => STAGES.filter((s) => tier === 'full' || s.tier === 'quick');
