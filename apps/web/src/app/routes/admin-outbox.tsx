import { OUTBOX_KEEP_DAYS } from '@shared/constants';
import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { OutboxList } from '@/features/emails/components/outbox-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/e-post: what the site has sent (or kept without SMTP). */
export function Component() {
  useDocumentTitle(pageTitle('Sendt e-post'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title="Sendt e-post"
        lead={`Det nyeste først. Innholdet slettes når e-posten er sendt; mottaker, emne, tid og status vises i ${OUTBOX_KEEP_DAYS} dager.`}
      />
      <div className="max-w-3xl">
        <OutboxList />
      </div>
    </Container>
  );
}
