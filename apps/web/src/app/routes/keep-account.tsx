import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { KeepAccount } from '@/features/retention/components/keep-account';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /behold-konto#<secret>: the link in the warning e-mail before an unused account is deleted (issue 39). */
export function Component() {
  useDocumentTitle(pageTitle('Behold kontoen'));
  return (
    <Container className="max-w-xl py-10 sm:py-14">
      <PageHeader title="Behold kontoen" />
      <KeepAccount />
    </Container>
  );
}
