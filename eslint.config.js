import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import txRule from './scripts/eslint/tx-rule.js';

// Web layering (docs/architecture.md, convention 5): routes in app/ compose features; a feature never imports another
// feature nor app/; components, lib and config import neither. One block per feature, read from the folder.
const webSrc = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const notTheApp = { regex: '^@/app(/|$)', message: 'Only app/ (the router and routes) imports app/.' };
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`${webSrc}/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}(/|$))`,
            message: 'A feature never imports another feature: compose them in a route (app/routes), or move the shared part to components/ or lib/.',
          },
          { regex: '^(\\.\\./){2,}', message: 'Stay inside the feature: reach shared code through @/components, @/lib or @/config.' },
          notTheApp,
        ],
      },
    ],
  },
}));
// The server's root holds only these (wiring, settings, logging, caches); every other module has a folder.
const serverInfrastructure = ['app', 'server', 'workers', 'env', 'context', 'logging', 'app-version', 'public-cache', 'session-cache'];
const onlyReposImportTables = {
  regex: '(^|/)db/schema(/|$)',
  message: 'Only repos (apps/server/src/repos/) import the Drizzle tables: add a repo function there.',
};

/** Server code under `files` (tests aside): the tables rule and one more import rule. */
const serverImports = (files, pattern) => ({
  files: [files],
  ignores: ['apps/server/src/**/*.test.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: [onlyReposImportTables, pattern] }] },
});

// øre ↔ kr anywhere but the money module (packages/shared/src/money.ts: oreToKr, krToOre, percentOf, formatKr), and
// an amount becomes `Ore` only there: through ore(n), which refuses a fraction, never a cast.
const moneySyntax = [
  ...['/', '*'].map((operator) => ({
    selector: `BinaryExpression[operator='${operator}'][right.value=100]`,
    message: 'Money goes through packages/shared/src/money.ts (oreToKr, krToOre, percentOf, formatKr), never a bare / 100 or * 100.',
  })),
  { selector: "TSAsExpression[typeAnnotation.typeName.name='Ore']", message: 'Make øre with ore(n) or sumOre(list) from packages/shared/src/money.ts, not `as Ore`.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', '**/migrations/**', '**/test-results/**', '**/playwright-report/**', 'bench/results/**', '.vitest/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Money (convention 7): øre become kr, and kr øre, only in packages/shared/src/money.ts.
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/shared/src/money.ts', 'packages/vipps-sim/**', '**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...moneySyntax] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Query keys come from the key factories in the api files (features/<f>/api, lib/query-keys.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Take the query key from the api file's key factory (e.g. placeCoursesKeys.byPlace(id)), not a literal.",
        },
        ...moneySyntax,
      ],
    },
  },
  {
    files: [`${webSrc}/{components,lib,config}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@/features(/|$)', message: 'Shared code (components, lib, config) never imports a feature.' }, notTheApp] },
      ],
    },
  },
  ...featureBoundaries,
  // Server layering (decision 007): only repos import the Drizzle tables; a repo never imports a service; no
  // feature imports another feature (each composes domain modules, repos, the access module and integrations); a
  // domain module (domain/<concept>/) never imports a feature or a plugin; the root holds only the infrastructure.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/{repos,db,test,features}/**', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyReposImportTables] }] },
  },
  serverImports('apps/server/src/domain/**/*.ts', {
    regex: '(^|/)(features|plugins)/|^(\\.\\./)+(app|server|workers)$',
    message: 'A domain module never imports a feature, a plugin or the app: it may import repos, db, lib, integrations, context, access and @app/shared.',
  }),
  {
    files: ['apps/server/src/*.ts'],
    ignores: [`apps/server/src/{${serverInfrastructure.join(',')}}.ts`, 'apps/server/src/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: 'Only infrastructure lives at apps/server/src/: a booking or money rule goes into domain/<concept>/.' },
      ],
    },
  },
  serverImports('apps/server/src/features/**/*.ts', {
    regex: '^\\.\\./(?!\\.\\.)[^/]+/|^(\\.\\./)+features/',
    message: 'No feature imports another feature: move what both need to a domain module (domain/<concept>/), a repo, the access module or packages/shared.',
  }),
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { tx: txRule },
    rules: { 'tx/no-outer-db-in-transaction': 'error' },
  },
  {
    files: ['apps/server/src/repos/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|domain|access)/|\\.service$',
              message: 'A repo never imports a service, a domain module or the access module: they compose repos.',
            },
          ],
        },
      ],
    },
  },
);
