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
 * index.html preloads the app (main.tsx and its static imports), which boot.ts imports: a client-rendered page (login,
 * profile, admin) then fetches it with the stylesheet instead of one round trip later. The server removes these links
 * from the pages it renders, which load the app only after the page (decision 021).
 */
function appPreloads(): Plugin {
  return {
    name: 'app-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const bundle = ctx.bundle;
        const main = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!bundle || main?.type !== 'chunk') return html;
        const files = new Set<string>();
        const walk = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || chunk?.type !== 'chunk') return;
          files.add(file);
          chunk.imports.forEach(walk);
        };
        walk(main.fileName);
        const links = [...files].filter((file) => !html.includes(`/${file}"`));
        return { html, tags: links.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })) };
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), siteHtml(site), stylesFirst(), appPreloads()],
  define: { __SITE__: JSON.stringify(site) },
  resolve: {
    alias: { '@shared': path.resolve(here, '../../packages/shared/src'), '@': path.resolve(here, 'src') },
  },
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
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
              ],
            },
          },
        },
  },
}));
