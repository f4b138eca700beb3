import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (pure, no server) and integration tests over real HTTP
// against one server started by the global setup (PGlite by default, PostgreSQL with DATABASE_URL).
// Files share their worker (`isolate: false`): an isolated file starts a worker of its own and loads
// every package again (1–2 s a file on a 2-core machine, most of the suite's time); the setup file
// gives each file fresh modules of our own instead, so no state crosses from one file to the next.
const sharedWorker = { isolate: false, setupFiles: ['src/fresh-modules-per-test-file.ts'] };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // Room for property runs and the import scan on a busy 2-core machine (a limit, not a timing assertion).
          testTimeout: 20_000,
          ...sharedWorker,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...sharedWorker,
        },
      },
    ],
  },
});
