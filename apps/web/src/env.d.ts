import type { SiteConfig } from '@shared/site-config';

declare global {
  /** The site configuration, injected at build time by vite.config.ts from `siteConfigFromEnv(process.env)`. */
  const __SITE__: SiteConfig;
}

export {};
