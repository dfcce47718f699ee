/**
 * What boot.ts imports to run React DOM in a task of its own, before the rest of the app (decision 021). Importing
 * the package in boot.ts itself would put the bundler's CommonJS helper into the page's entry: one more request
 * before the first paint.
 */
export * from 'react-dom/client';
