import type { SiteConfig } from '@shared/site-config';

/**
 * Company name, tagline, contact details, social links and service areas: read them from here only.
 * The values come from the build (vite.config.ts → siteConfigFromEnv), never from component code.
 */
export const site: SiteConfig = __SITE__;

/** 'Oslo, Lillestrøm og Jessheim' */
export function listNb(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} og ${items[items.length - 1]}`;
}

/** Document title of a page: '{page} | {company}'. */
export const pageTitle = (page: string) => `${page} | ${site.companyName}`;
