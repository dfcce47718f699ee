import type { SiteConfig } from '@shared/site-config';

/** Company name, tagline, contact details and service areas, from the build (vite.config.ts): read them from here only. */
export const site: SiteConfig = __SITE__;

/** Document title of a page: '{page} | {company}'. */
export const pageTitle = (page: string) => `${page} | ${site.companyName}`;
