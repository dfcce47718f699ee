/** The one site configuration (the spec's '{company}' and contacts): demo defaults, each overridable by the environment. */
export interface SiteConfig {
  companyName: string;
  tagline: string;
  contactEmail: string;
  contactPhone: string;
  foundedYear: number;
  serviceAreas: string[];
  social: { label: string; url: string }[];
  siteUrl: string;
}

type Env = Record<string, string | undefined>;

export function siteConfigFromEnv(env: Env = {}): SiteConfig {
  const list = (value: string | undefined, fallback: string[]) =>
    value ? value.split(',').map((s) => s.trim()).filter(Boolean) : fallback;
  return {
    companyName: env.SITE_COMPANY_NAME ?? 'Plask Babysvømming',
    tagline: env.SITE_TAGLINE ?? 'Babysvømming og småbarnsvømming i Oslo og omegn',
    contactEmail: env.SITE_CONTACT_EMAIL ?? 'post@plaskbabysvomming.no',
    contactPhone: env.SITE_CONTACT_PHONE ?? '+47 22 33 44 55',
    foundedYear: Number(env.SITE_FOUNDED_YEAR ?? 2003),
    serviceAreas: list(env.SITE_SERVICE_AREAS, ['Oslo', 'Lillestrøm', 'Skjetten', 'Skedsmokorset', 'Jessheim']),
    social: [
      { label: 'Facebook', url: env.SITE_FACEBOOK_URL ?? 'https://www.facebook.com/plaskbabysvomming' },
      { label: 'Instagram', url: env.SITE_INSTAGRAM_URL ?? 'https://www.instagram.com/plaskbabysvomming' },
    ],
    siteUrl: env.PUBLIC_URL ?? 'http://localhost:3000',
  };
}
