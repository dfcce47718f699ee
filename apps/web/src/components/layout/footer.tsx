import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { listOf } from '@/lib/format';
import { LogoMark } from './logo';

const footerLinks = [
  { to: paths.courses, label: 'Bestill kurs' },
  { to: paths.about, label: 'Om oss' },
  { to: paths.contact, label: 'Kontakt' },
  { to: paths.giftCards, label: 'Gavekort' },
  { to: paths.terms, label: 'Regler og betingelser' },
  { to: paths.privacy, label: 'Personvern' },
];

const linkClass = 'inline-flex min-h-11 items-center text-sea-100 underline hover:text-white';

/** Site footer. `appVersionSlot` shows the app version to developers (spec §1). */
export function Footer({ appVersionSlot }: { appVersionSlot?: ReactNode }) {
  return (
    <footer className="mt-16 bg-sea-950 text-sea-100">
      <div className="mx-auto grid grid-cols-1 max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark className="size-8" />
            {site.companyName}
          </p>
          <p className="mt-2 text-sm">{site.tagline}</p>
          <p className="mt-2 text-sm">Kurs i {listOf(site.serviceAreas)}.</p>
        </div>
        <nav aria-label="Bunnmeny">
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Snarveier</h2>
          <ul className="mt-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Kontakt oss</h2>
          <ul className="mt-2">
            <li>
              <a href={`mailto:${site.contactEmail}`} className={linkClass}>
                {site.contactEmail}
              </a>
            </li>
            {site.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} className={linkClass} rel="noopener noreferrer" target="_blank">
                  {s.label}
                  <span className="sr-only"> (åpnes i ny fane)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm sm:px-6">
          <p>
            © {new Date().getFullYear()} {site.companyName}
          </p>
          <div data-slot="app-version">{appVersionSlot}</div>
        </div>
      </div>
    </footer>
  );
}
