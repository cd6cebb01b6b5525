import { defineConfig } from '@playwright/test';

// The release server on a free port with a fresh database; `make e2e` sets these variables.
const port = process.env.E2E_PORT ?? '8181';
const server = process.env.E2E_SERVER ?? '../target/release/pointe-server';
const database = process.env.E2E_DATABASE_URL ?? 'sqlite://../data/e2e.db';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // An unsupported browser language, so the site's own default (Hebrew) shows unless a test says otherwise.
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: server,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: port, DATABASE_URL: database, WEB_DIST: 'dist', RUST_LOG: 'warn' },
  },
});
