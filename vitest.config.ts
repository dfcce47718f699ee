import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const alias = {
  '@shared': path.resolve(here, 'packages/shared/src'),
  '@': path.resolve(here, 'apps/web/src'),
};

// Test tiers (issue 54, decision 051), each a project and an npm script:
// - fast (`npm run test:fast`): *.test.ts(x) in Node that take plain data: no database, no server, no port.
// - db (`npm run test:db`, with browser): *.integration.test.ts on a database copied from the run's migrated template
//   (test/template-setup.ts): PGlite, or the PostgreSQL server named by TEST_DATABASE_URL (CI sets it).
// - faults (`npm run test:faults`): apps/server/src/test/faults, which start real servers and kill them. One file at a
//   time, with longer time limits.
// - browser (in `npm run test:db`): the web's component tests (*.browser.test.tsx) in Debian's Chromium, through Playwright.
// `vitest run` (`npm run test:unit`) runs them all.
const notHere = ['**/node_modules/**', '**/dist/**'];
const faults = 'apps/server/src/test/faults/**';
const templateSetup = ['apps/server/src/test/template-setup.ts'];
// Every limit is multiplied by TEST_TIMEOUT_SCALE. Unset, it is the machine's load per core when the run starts (at
// least 1), so a laptop kept busy by other programs gives the tests more time instead of failing them. The limits only
// catch a hang: a test that passes never waits for them. Set here, the workers inherit the same value.
process.env.TEST_TIMEOUT_SCALE ||= String(Math.max(1, Math.ceil((os.loadavg()[0] ?? 0) / os.availableParallelism())));
const timeoutScale = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000 * timeoutScale,
    hookTimeout: 60_000 * timeoutScale,
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['{apps,packages}/**/src/**/*.test.{ts,tsx}'],
          exclude: [...notHere, '**/*.browser.test.{ts,tsx}', '**/*.integration.test.{ts,tsx}', faults],
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['{apps,packages}/**/src/**/*.integration.test.{ts,tsx}'],
          exclude: [...notHere, faults],
          globalSetup: templateSetup,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: [`${faults}/*.test.ts`],
          exclude: notHere,
          globalSetup: templateSetup,
          fileParallelism: false,
          testTimeout: 60_000 * timeoutScale,
          hookTimeout: 120_000 * timeoutScale,
        },
      },
      {
        extends: true,
        plugins: [react(), tailwindcss()],
        test: {
          name: 'browser',
          include: ['apps/web/src/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/browser-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1280, height: 800 },
          },
        },
      },
    ],
  },
});
