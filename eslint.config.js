import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const onlyReposImportTables = {
  regex: '(^|/)db/schema(/|$)',
  message: 'Only repos (apps/server/src/repos/) import the Drizzle tables: add a repo function there.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Server layering (decision 007): only repos import the Drizzle tables; a repo never imports a service; no
  // feature imports another feature (each composes repos, the access module and integrations).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/{repos,db,test,features}/**', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyReposImportTables] }] },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/test-kit.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyReposImportTables,
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/|^(\\.\\./)+features/',
              message: 'No feature imports another feature: move what both need to a repo, the access module or packages/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/repos/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(features|access)/|\\.service$', message: 'A repo never imports a service or the access module: services compose repos.' },
          ],
        },
      ],
    },
  },
);
