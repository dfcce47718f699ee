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

// Two projects, both run by `vitest run` (so by `npm run test:unit` and `npm test`):
// - unit: *.test.ts(x) in Node. Unit tests need no database; integration tests (*.integration.test.ts) run on PGlite,
//   or on the PostgreSQL server named by TEST_DATABASE_URL (CI sets it).
// - browser: the web's component tests (*.browser.test.tsx) in Debian's Chromium, through Playwright.
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          globalSetup: ['apps/server/src/test/template-setup.ts'],
          include: ['{apps,packages}/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.browser.test.{ts,tsx}'],
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
