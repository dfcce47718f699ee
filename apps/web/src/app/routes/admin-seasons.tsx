import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { SeasonsList } from '@/features/seasons/components/seasons-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/sesonger: the school's seasons, each a name and its days (decision 053). */
export function Component() {
  useDocumentTitle(pageTitle('Sesonger'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Sesonger" lead="En sesong er et navn og dagene den varer. En dag hører til høyst én sesong." />
      <SeasonsList />
    </Container>
  );
}
