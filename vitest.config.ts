import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts) need no database; integration tests (*.integration.test.ts) run on PGlite,
// or on the PostgreSQL server named by TEST_DATABASE_URL (CI sets it).
export default defineConfig({
  test: {
    include: ['{apps,packages}/**/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
