import { Link } from 'react-router';
import { Container, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { CoursesTodayBox } from '@/features/courses/components/courses-today-box';
import { LastModifiedCoursesBox } from '@/features/courses/components/last-modified-courses-box';
import { LatestOrdersBox } from '@/features/orders/components/latest-orders-box';
import { OperationsBox } from '@/features/operations/components/operations-box';
import { LastLoggedInBox } from '@/features/users/components/last-logged-in-box';
import { WaitlistBox } from '@/features/waitlist/components/waitlist-box';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';

/** /admin 'Dashbord' (spec §2): latest logins, latest orders, today's courses, last changed courses. */
export function Component() {
  useDocumentTitle(pageTitle('Dashbord'));
  const now = useNow();
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Dashbord" />
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
      <p className="mt-6">
        <Link to={paths.adminOutbox} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
          Sendt e-post
        </Link>
        <span className="ml-2 text-muted">Kvitteringer, invitasjoner og kontaktmeldinger som nettstedet har sendt.</span>
      </p>
      <p className="mt-2">
        <Link to={paths.adminRetention} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
          Sletting av data
        </Link>
        <span className="ml-2 text-muted">Hva neste kjøring sletter, og hva hver kjøring har slettet.</span>
      </p>
      <p className="mt-2">
        <Link to={paths.adminClosures} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
          Avlys kursdager
        </Link>
        <span className="ml-2 text-muted">Bassenget er stengt, eller én kursdag avlyses.</span>
      </p>
      <p className="mt-2">
        <Link to={paths.adminQueue} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
          Påmeldingskø
        </Link>
        <span className="ml-2 text-muted">Når påmeldingen åpner, og køen mens den pågår.</span>
      </p>
    </Container>
  );
}
