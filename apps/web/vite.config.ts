import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { siteConfigFromEnv, type SiteConfig } from '../../packages/shared/src/site-config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = siteConfigFromEnv(process.env);

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const listNb = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} og ${items[items.length - 1]}`;

/** Writes the site configuration into index.html (title, description, social preview); nothing inline is executed. */
function siteHtml(cfg: SiteConfig): Plugin {
  const values: Record<string, string> = {
    TITLE: `${cfg.companyName} | ${cfg.tagline}`,
    DESCRIPTION: `${cfg.companyName} har holdt kurs i babysvømming og småbarnsvømming siden ${cfg.foundedYear}. Kurs i ${listNb(cfg.serviceAreas)}. Se ledige kurs og bestill på nett.`,
    COMPANY: cfg.companyName,
    SITE_URL: cfg.siteUrl.replace(/\/$/, ''),
  };
  return {
    name: 'site-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/\{\{(\w+)\}\}/g, (m, key: string) => (key in values ? escapeHtml(values[key]!) : m)),
    },
  };
}

/**
 * The stylesheet first in <head>, before the entry script and its modulepreloads (Vite puts it last): it blocks the
 * first paint, so on a slow line it must not queue behind 100 KB of JavaScript that only hydrates what is painted.
 */
function stylesFirst(): Plugin {
  return {
    name: 'styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const styles = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        if (!styles.length) return html;
        const rest = styles.reduce((out, tag) => out.replace(`\n    ${tag}`, '').replace(tag, ''), html);
        return rest.replace('<!--page-head-->', `${styles.join('\n    ')}\n    <!--page-head-->`);
      },
    },
  };
}

/**
 * Production builds run on Preact's compat layer instead of React + ReactDOM (issue 11: the JS for `/` must stay
 * ≤ 100 KB gzip; React alone was 66 KB of the 129). Both the browser bundle and the server renderer (--ssr) use it:
 * hydration reuses the server's DOM only when one renderer made both (React's markup has its own useId values,
 * `<!-- -->` text separators and hoisted preload links, which Preact's hydration neither expects nor corrects).
 * `vite dev` (React Fast Refresh needs React), the unit tests and the type checker keep React.
 * src/lib/preact-react.ts adds the one hook react-router imports that preact/compat lacks.
 */
const preactAliases = [
  { find: /^react$/, replacement: path.resolve(here, 'src/lib/preact-react.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

/**
 * The server renderer leaves npm packages as imports (decision 018), but an alias applies only to what Vite bundles:
 * the packages that import `react` are bundled so that they get Preact too (a check in the build fails if one is
 * missed). Preact and the rest stay imports.
 */
const ssrBundledForPreact = [
  /^react-router/,
  /^@tanstack\/react-query/,
  /^@radix-ui\//,
  /^react-hook-form/,
  /^@hookform\//,
  /^react-day-picker/,
  /^react-remove-scroll/,
  /^react-style-singleton/,
  /^use-callback-ref/,
  /^use-sidecar/,
];

/** Fails the server build if a bundle still imports React (a package that imports it was left external). */
function noReactImports(): Plugin {
  return {
    name: 'no-react-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const react = chunk.imports.filter((id) => /^(react|react-dom)(\/|$)/.test(id));
        if (react.length) this.error(`${chunk.fileName} imports ${react.join(', ')}: bundle the package that does (ssrBundledForPreact)`);
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), siteHtml(site), stylesFirst(), noReactImports()],
  define: { __SITE__: JSON.stringify(site) },
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(here, '../../packages/shared/src') },
      { find: '@', replacement: path.resolve(here, 'src') },
      ...(command === 'build' ? preactAliases : []),
    ],
  },
  ssr: { noExternal: command === 'build' ? ssrBundledForPreact : [] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
  build: {
    // `vite build --ssr src/entry-server.tsx --outDir dist-ssr` (decision 018): the server renderer, loaded by the
    // API server at start; npm packages stay imports. No manifest there, and no vendor chunk groups.
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Keep the entry free of an inline module-preload polyfill; modern browsers support modulepreload.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Stable, readable vendor chunks that stay cached across releases of our own code.
            codeSplitting: {
              groups: [
                { name: 'preact', test: /node_modules[\\/]preact[\\/]|src[\\/]lib[\\/](preact-react|use-optimistic)\.ts$/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
              ],
            },
          },
        },
  },
}));
