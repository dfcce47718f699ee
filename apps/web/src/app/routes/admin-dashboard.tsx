import { Link } from 'react-router';
import { Container, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin: the dashboard's boxes arrive in a later issue; for now the way to the sent-mail page. */
export function Component() {
  useDocumentTitle(pageTitle('Dashbord'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Dashbord" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <Link
            to={paths.adminOutbox}
            className="block rounded-2xl border border-line bg-white p-5 no-underline shadow-sm hover:border-sea-600 hover:bg-sea-50"
          >
            <span className="block text-xl font-bold text-sea-900 underline">Sendt e-post</span>
            <span className="mt-1 block text-muted">Kvitteringer, invitasjoner og kontaktmeldinger som nettstedet har sendt.</span>
          </Link>
        </li>
      </ul>
    </Container>
  );
}
