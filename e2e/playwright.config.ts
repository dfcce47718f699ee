import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { NARROW } from './support/narrow';

// The E2E suite runs the production build on a fresh embedded database seeded with the demo data, or, with
// E2E_DATABASE_URL (`npm run test:e2e:pg`, which makes a fresh PostgreSQL database per run), on PostgreSQL with two
// instances behind the bench's loopback proxy, as production runs.
const port = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://localhost:${port}`;
// Chromium names a download from its `download` attribute only in a UTF-8 locale ('kurskalender … år ….ics'); a
// shell with no locale set (a bare CI environment) would otherwise get 'download'.
process.env.LANG ??= 'C.UTF-8';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'babysvomming-e2e-'));

// Phone and desktop both run only the specs whose layout differs between them (the menu, the toasts, the public pages
// and the pages without the app). Admins and keyboard users work at a desk; parents and instructors on a phone. The
// layout guard below still opens every page and dialog on the narrowest phones. The demo refund runs on the phone,
// where the walk-through found it, and the settings page (decision 054) on the phone only: one slice, one project.
const BOTH = /specs\/(auth\/login|public\/(home|pages|server-rendered)|admin\/(walkthrough-admin-nav|failure-texts))\.spec\.ts$/;
const DESK_ONLY = /specs\/(admin\/(?!walkthrough-admin-nav|walkthrough-demo-refund|failure-texts|settings)[^/]+|keyboard\/[^/]+)\.spec\.ts$/;

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

type WebServer = NonNullable<PlaywrightTestConfig['webServer']>;
// The server as production runs it (compiled, no transpiler).
const SERVER = 'node --enable-source-maps ../apps/server/dist/server.js';
// Built from the current source first (~1 s).
const BUILD = 'node ../apps/server/build.mjs';

/** What every E2E server gets, on either database. */
const serverEnv = (port: number) => ({
  NODE_ENV: 'production',
  // No Vipps credentials: the simulator, said out loud (a production server refuses to start otherwise).
  VIPPS_TEST_MODE: '1',
  // The test-only way in (POST /api/test/people, decision 052): each test makes its own people.
  E2E_TEST_ENDPOINTS: '1',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseURL,
  LOG_LEVEL: 'warn',
  // Per address only: every test comes from 127.0.0.1. The per-person limits (payment starts, children added,
  // invites, photo uploads) are production's: each test has people of its own (issue 54).
  CONTACT_RATE_LIMIT: '1000',
  LOGIN_RATE_LIMIT: '1000',
  // Tests read their own writes (a booking, then the course list) at once; the cache has its own unit tests.
  PUBLIC_CACHE_TTL_MS: '0',
});

/** One server on E2E_PORT, on a fresh PGlite in E2E_DATA_DIR, with the simulator in its process on the next port. */
function pgliteServer(): WebServer {
  return {
    command: `${BUILD} && ${SERVER}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...serverEnv(port), DATA_DIR: process.env.E2E_DATA_DIR!, VIPPS_SIM_PORT: String(port + 1) },
  };
}

/**
 * Production's shape (decision 051): two instances on one PostgreSQL database (made fresh per run by
 * scripts/e2e-pg.mjs) behind bench/proxy.mjs on E2E_PORT. The first instance migrates, seeds the demo data and runs
 * the one Vipps simulator (on E2E_PORT + 1, where it learns the demo's payments); the second starts once the first
 * is healthy (started in order, so the migrations cannot race) and uses that simulator. The instances share the
 * session and calendar keys, as production's do, so a request may go to either.
 */
function postgresServers(databaseUrl: string): WebServer {
  const instances = [port + 2, port + 3];
  const shared = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'e2e-session-secret-shared-by-both-instances',
    CALENDAR_FEED_KEY: 'e2e-calendar-feed-key-shared-by-both-instances',
    // Load shedding (503 BUSY above 500 ms of event-loop delay, on by default with PostgreSQL) has its own tests. Here
    // two instances, the proxy and two browsers share two cores, and a shed script request failed a booking test.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  const instance = (at: number, command: string, env: Record<string, string>) => ({
    command,
    url: `http://127.0.0.1:${at}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { ...serverEnv(at), ...shared, ...env },
  });
  return [
    instance(instances[0]!, `${BUILD} && ${SERVER}`, { VIPPS_SIM_PORT: String(port + 1) }),
    instance(instances[1]!, SERVER, { VIPPS_BASE_URL: `http://127.0.0.1:${port + 1}`, SEED_DEMO_DATA: 'false' }),
    {
      command: `node ../bench/proxy.mjs ${port} ${instances.map((at) => `http://127.0.0.1:${at}`).join(' ')}`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ];
}

/** As in vitest.config.ts: TEST_TIMEOUT_SCALE, or the machine's load per core at the start (at least 1), raises the limits. */
const scale = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || Math.ceil((loadavg()[0] ?? 0) / availableParallelism()));

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  // Two workers everywhere (a newcomer's `npm test` as CI): the one server, not the machine's cores, sets the pace.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  // A journey logs in through the simulator, often in two browsers, and two browsers share a 2-core CI machine: the
  // limits are generous. A wait is for a real event, never a sleep, so a longer limit costs time only when a test fails.
  timeout: 120_000 * scale,
  expect: { timeout: 15_000 * scale },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure', locale: 'nb-NO', timezoneId: 'Europe/Oslo' },
  projects: [
    { name: 'phone', testIgnore: ['layout/**', DESK_ONLY], use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
    { name: 'desktop', testMatch: [BOTH, DESK_ONLY], use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    // The layout guard (issue 35): every page and dialog on the narrowest phones in use, once.
    { name: 'narrow', testMatch: 'layout/**', use: { ...NARROW, launchOptions: chromium } },
  ],
  webServer: process.env.E2E_DATABASE_URL ? postgresServers(process.env.E2E_DATABASE_URL) : pgliteServer(),
});
