import { OUTBOX_KEEP_DAYS } from '@shared/constants';
import { Page } from '@/components/ui/page-header';
import { OutboxList } from '@/features/emails/components/outbox-list';

/** /admin/e-post: what the site has sent (or kept without SMTP). */
export function Component() {
  return (
    <Page
      title="Sendt e-post"
      lead={`Det nyeste først. Innholdet slettes når e-posten er sendt; mottaker, emne, tid og status vises i ${OUTBOX_KEEP_DAYS} dager.`}
    >
      <div className="max-w-3xl">
        <OutboxList />
      </div>
    </Page>
  );
}
