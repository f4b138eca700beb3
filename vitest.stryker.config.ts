import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * What Stryker runs: the unit project, narrowed to the tests of the code it mutates — src/domain's
 * own tests and the server's unit tests. The app's tests (which load the editor store) and the
 * OpenAPI test (which builds the whole app) would only slow each mutant down. The integration
 * project's one shared server lives in the global setup, outside the test workers, where Stryker
 * cannot switch mutants per test: integration-only kills are reasoned per mutant instead.
 */
const realFastCheck = join(dirname(createRequire(import.meta.url).resolve('fast-check/package.json')), 'lib/fast-check.js');
type Project = { test?: { name?: string; include?: string[]; exclude?: string[] } };
const unit = ((base.test?.projects ?? []) as Project[]).find((p) => p.test?.name === 'unit')!;
export default defineConfig({
  test: {
    projects: [
      {
        ...unit,
        // property tests capped to a few runs per mutant (see the file)
        // The real module by absolute path: Stryker's sandbox has no node_modules of its own (a relative
        // './node_modules/…' import failed there, and vitest silently dropped every file importing fast-check).
        resolve: {
          alias: [
            { find: /^fast-check$/, replacement: fileURLToPath(new URL('./vitest.stryker.fast-check.mjs', import.meta.url)) },
            { find: /^fast-check-real$/, replacement: realFastCheck },
          ],
        },
        test: {
          ...unit.test,
          // instrumented code on a shared machine: the property tests need more than the default 5 s
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // MUTATE_TESTS=domain when only src/domain is mutated: its mutants must die to its own tests,
          // and the server's embedded-database tests (which reach most of the domain) cost seconds per mutant.
          include:
            process.env.MUTATE_TESTS === 'domain' ? ['src/domain/**/*.test.ts'] : ['src/domain/**/*.test.ts', 'src/server/**/*.test.ts'],
          exclude: [...(unit.test?.exclude ?? []), 'src/server/openapi/**'],
          // one worker per file, as the mutation scores were measured (Stryker adds its own setup file)
          isolate: true,
          setupFiles: [],
        },
      },
    ],
  },
});
