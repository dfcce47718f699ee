import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Unit tests (*.test.ts) need no database; integration tests (*.integration.test.ts) run on PGlite,
// or on the PostgreSQL server named by TEST_DATABASE_URL (CI sets it).
export default defineConfig({
  // The web's import aliases (apps/web/vite.config.ts), for web modules tested without a browser.
  resolve: { alias: { '@shared': here('./packages/shared/src'), '@': here('./apps/web/src') } },
  test: {
    include: ['{apps,packages}/**/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
