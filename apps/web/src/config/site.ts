import type { SiteConfig } from '@shared/site-config';

/**
 * Company name, tagline, contact details, social links and service areas: read them from here only.
 * The values come from the build (vite.config.ts → siteConfigFromEnv), never from component code.
 */
export const site: SiteConfig = __SITE__;

/** Document title of a page: '{page} | {company}'. */
export const pageTitle = (page: string) => `${page} | ${site.companyName}`;
