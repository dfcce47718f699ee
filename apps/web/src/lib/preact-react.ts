/**
 * What `react` means in production builds (vite.config.ts aliases `react` here, for the browser bundle and the server
 * renderer): Preact's compat layer, about 56 KB gzip smaller than React + ReactDOM in the browser (issue 11: the JS
 * for `/` must be ≤ 100 KB gzip), plus the one hook our dependencies import by name that preact/compat 11 lacks:
 * `useOptimistic` (react-router's RouterProvider). `vite dev`, the unit tests and the type checker keep React.
 */
// @ts-expect-error -- preact/compat's types say `export =` (React's namespace typing); the module is plain ESM with named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';
export { useOptimistic } from './use-optimistic';
