// Mutation testing (issue 16): `npm run mutate` — slow, not part of `npm test`.
// Runs the vitest `unit` project only (see vitest.stryker.config.ts); reports go to reports/.
// On a shared machine, mutate one folder at a time (a --mutate list replaces the one below, so
// repeat the exclusions):
//   npx stryker run --mutate 'src/domain/validator/**/*.ts,!src/**/*.test.ts' \
//     --incrementalFile reports/incremental-validator.json
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: [
    'src/domain/**/*.ts',
    // server modules whose logic the unit project reaches (the rest is covered over HTTP only)
    'src/server/webhooks/ssrf.ts',
    'src/server/webhooks/redeliver.ts',
    'src/server/http/pagination.ts',
    'src/server/http/auth.ts',
    'src/server/campaigns/service.ts',
    'src/server/workspaces/routes.ts',
    '!src/**/*.test.ts',
    '!src/**/testing/**',
    '!src/domain/index.ts',
    '!src/domain/paths/index.ts',
  ],
  // outputs, not sources: never copied into Stryker's sandbox
  ignorePatterns: ['reports', 'test-results', 'playwright-report', 'dist', 'data'],
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
};
