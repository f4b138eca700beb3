import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// One real server (npm start: builds the app when stale) on a free port with a fresh embedded
// database and the demo data. Values are put in the environment once so workers see the same ones.
// The port is below the kernel's range for outgoing connections (32768+), so no client socket takes
// it during the build, and it is probed free by a listen (a random pick once hit a busy port in CI).
process.env.E2E_PORT ??= freePortBelowEphemeralRange();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cs-e2e-'));
process.env.E2E_API_KEY ??= 'e2e-demo-key-0123456789abcdefghijklmnopqrstuvwxyz';
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // scripts/test.ts asks for list+json (to count results); alone, list.
  reporter: process.env.PLAYWRIGHT_REPORTERS === 'list,json' ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_API_KEY: process.env.E2E_API_KEY,
      WEBHOOK_RETRY_DELAYS_MS: '300,300',
      WEBHOOK_POLL_MS: '100',
    },
  },
});

function freePortBelowEphemeralRange(): string {
  const probe = `
    const net = require('node:net');
    const tryPort = (left) => {
      const port = 20000 + Math.floor(Math.random() * 12000);
      const server = net.createServer();
      server.once('error', () => (left > 0 ? tryPort(left - 1) : process.exit(1)));
      server.listen(port, '127.0.0.1', () => server.close(() => process.stdout.write(String(port))));
    };
    tryPort(50);`;
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}
