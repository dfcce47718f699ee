/**
 * What `react` means in production builds (vite.config.ts aliases `react` here, for the browser bundle and the server
 * renderer): Preact's compat layer, about 56 KB gzip smaller than React + ReactDOM in the browser (issue 11: the JS
 * for `/` must be ≤ 100 KB gzip), plus what preact/compat 11 lacks or does differently: `useOptimistic` (react-router's RouterProvider imports it)
 * and useSyncExternalStore's server snapshot (our useSession and the contact form rely on it for hydration).
 * `vite dev`, the unit tests and the type checker keep React.
 */
// @ts-expect-error -- preact/compat's types say `export =` (React's namespace typing); the module is plain ESM with named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';
export { useOptimistic } from './use-optimistic';
// Named exports win over `export *`: these replace preact/compat's.
export { useSyncExternalStore } from './preact-sync-external-store';
