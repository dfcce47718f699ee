import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { NARROW } from './support/narrow';

// The E2E suite runs the production build on a fresh embedded database seeded with the demo data.
const port = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://localhost:${port}`;
// Chromium names a download from its `download` attribute only in a UTF-8 locale ('kurskalender … år ….ics'); a
// shell with no locale set (a bare CI environment) would otherwise get 'download'.
process.env.LANG ??= 'C.UTF-8';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'babysvomming-e2e-'));

const ADMIN_DESK_ONLY = /specs\/admin\/(?!walkthrough-admin-nav|walkthrough-demo-refund|failure-texts)[^/]+\.spec\.ts$/;

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // A journey logs in through the simulator, often in two browsers, and two browsers share a 2-core CI machine: the
  // limits are generous. A wait is for a real event, never a sleep, so a longer limit costs time only when a test fails.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure', locale: 'nb-NO', timezoneId: 'Europe/Oslo' },
  projects: [
    // Admins work at a desk: their specs run on the desktop only, except those about the phone's menu and toasts and the
    // demo refund the walk-through tried on a phone (the layout guard below still opens every admin page on the
    // narrowest phones). This keeps CI under its budget.
    { name: 'phone', testIgnore: ['layout/**', ADMIN_DESK_ONLY], use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
    { name: 'desktop', testIgnore: 'layout/**', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    // The layout guard (issue 35): every page and dialog on the narrowest phones in use, once.
    { name: 'narrow', testMatch: 'layout/**', use: { ...NARROW, launchOptions: chromium } },
  ],
  webServer: {
    // The server as production runs it (compiled, no transpiler), built from the current source first (~1 s).
    command: 'node ../apps/server/build.mjs && node --enable-source-maps ../apps/server/dist/server.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      // No Vipps credentials: the simulator, said out loud (a production server refuses to start otherwise).
      VIPPS_TEST_MODE: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      VIPPS_SIM_PORT: String(port + 1),
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '1000',
      LOGIN_RATE_LIMIT: '1000',
      // The demo parents are shared by the specs of both projects running at once, and ten payment starts a minute per
      // parent is soon spent between them. The limit has its own integration test (payment-start.integration.test.ts).
      PAYMENT_START_RATE_LIMIT: '1000',
      // Tests read their own writes (a booking, then the course list) at once; the cache has its own unit tests.
      PUBLIC_CACHE_TTL_MS: '0',
    },
  },
});
