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

// Phone and desktop both run only the specs whose layout differs between them (the menu, the toasts, the public pages
// and the pages without the app). Admins and keyboard users work at a desk; parents and instructors on a phone. The
// layout guard below still opens every page and dialog on the narrowest phones. The demo refund runs on the phone,
// where the walk-through found it.
const BOTH = /specs\/(auth\/login|public\/(home|pages|server-rendered)|admin\/(walkthrough-admin-nav|failure-texts))\.spec\.ts$/;
const DESK_ONLY = /specs\/(admin\/(?!walkthrough-admin-nav|walkthrough-demo-refund|failure-texts)[^/]+|keyboard\/[^/]+)\.spec\.ts$/;

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  // Two workers everywhere (a newcomer's `npm test` as CI): the one server, not the machine's cores, sets the pace.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  // A journey logs in through the simulator, often in two browsers, and two browsers share a 2-core CI machine: the
  // limits are generous. A wait is for a real event, never a sleep, so a longer limit costs time only when a test fails.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure', locale: 'nb-NO', timezoneId: 'Europe/Oslo' },
  projects: [
    { name: 'phone', testIgnore: ['layout/**', DESK_ONLY], use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
    { name: 'desktop', testMatch: [BOTH, DESK_ONLY], use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
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
      // The test-only way in (POST /api/test/people, decision 052): each test makes its own people.
      E2E_TEST_ENDPOINTS: '1',
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
