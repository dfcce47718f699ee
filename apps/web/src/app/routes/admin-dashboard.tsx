import { Link } from 'react-router';
import { Page } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { CoursesTodayBox } from '@/features/courses/components/courses-today-box';
import { LastModifiedCoursesBox } from '@/features/courses/components/last-modified-courses-box';
import { LatestOrdersBox } from '@/features/orders/components/latest-orders-box';
import { OperationsBox } from '@/features/operations/components/operations-box';
import { LastLoggedInBox } from '@/features/users/components/last-logged-in-box';
import { WaitlistBox } from '@/features/waitlist/components/waitlist-box';
import { useNow } from '@/lib/use-now';

/** Every admin page, grouped (walk-through minor 13): plain links at the top of the dashboard. */
const ADMIN_MENU: readonly { title: string; links: readonly { to: string; label: string; hint: string }[] }[] = [
  {
    title: 'Kurs og steder',
    links: [
      { to: paths.courses, label: 'Kurs og kurssteder', hint: 'Legg til og endre kurs, kurssteder og bilder.' },
      { to: paths.adminClosures, label: 'Avlys kursdager', hint: 'Bassenget er stengt eller én kursdag avlyses, og hva familiene har valgt.' },
      { to: paths.adminWaitingRoom, label: 'Påmeldingskø', hint: 'Når påmeldingen åpner, og køen mens den pågår.' },
      { to: paths.adminSeasons, label: 'Sesonger', hint: 'Sesongenes navn og datoer.' },
      { to: paths.adminRollover, label: 'Behold plassen', hint: 'Familiene på kurs som slutter får beholde plassen neste sesong.' },
      { to: paths.adminLevels, label: 'Nivåer', hint: 'Nivåene og ferdighetene barna øver på.' },
    ],
  },
  {
    title: 'Familier og brukere',
    links: [{ to: paths.adminUsers, label: 'Brukere', hint: 'Foresatte, barn, instruktører og roller.' }],
  },
  {
    title: 'Penger',
    links: [
      { to: paths.adminOrders, label: 'Ordre', hint: 'Betalinger, refusjoner og regnskapsfil.' },
      { to: paths.adminOrderIncidents, label: 'Betalingshendelser', hint: 'Betalinger som må ses på.' },
      { to: paths.adminDiscountCodes, label: 'Rabattkoder', hint: 'Koder som gir rabatt, og hvor mange ganger hver er brukt.' },
      { to: paths.terms, label: 'Avbestillingsregler', hint: 'Regler og betingelser, med reglene for avbestilling.' },
    ],
  },
  {
    title: 'Drift og innhold',
    links: [
      { to: paths.adminOutbox, label: 'Sendt e-post', hint: 'Kvitteringer, invitasjoner og kontaktmeldinger som nettstedet har sendt.' },
      { to: paths.adminRetention, label: 'Sletting av data', hint: 'Hva neste kjøring sletter, og hva hver kjøring har slettet.' },
      { to: paths.adminSettings, label: 'Innstillinger', hint: 'Hvor lenge tilgodebeløp gjelder, avbestillingsreglene og versjonene deres.' },
      { to: paths.home, label: 'Ofte stilte spørsmål', hint: 'Spørsmål og svar på forsiden.' },
      { to: paths.about, label: 'Om oss', hint: 'Teksten på Om oss-siden.' },
    ],
  },
];

function AdminMenu() {
  return (
    <nav aria-label="Adminsider" className="mb-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {ADMIN_MENU.map((group) => (
        <section key={group.title} aria-labelledby={`admin-menu-${group.title}`}>
          <h2 id={`admin-menu-${group.title}`} className="text-lg font-bold">
            {group.title}
          </h2>
          <ul className="mt-1">
            {group.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
                  {link.label}
                </Link>
                <p className="text-sm text-muted">{link.hint}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** /admin 'Dashbord' (spec §2): latest logins, latest orders, today's courses, last changed courses. */
export function Component() {
  const now = useNow();
  return (
    <Page title="Dashbord">
      <AdminMenu />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <LastLoggedInBox now={now} />
        <div className="grid grid-cols-1 content-start gap-4">
          <LatestOrdersBox />
          <CoursesTodayBox now={now} />
          <LastModifiedCoursesBox now={now} />
          <WaitlistBox />
          <OperationsBox />
        </div>
      </div>
    </Page>
  );
}
