import { useParams } from 'react-router';
import { Container } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { GiftCardReceipt } from '@/features/gift-cards/components/gift-card-receipt';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /gavekort/betaling/:reference: where Vipps returns after paying for a gift card; no login needed. */
export function Component() {
  useDocumentTitle(pageTitle('Gavekort'));
  const { reference = '' } = useParams();
  return (
    <Container className="py-10 sm:py-16">
      <div className="mx-auto max-w-xl rounded-3xl bg-white p-6 shadow-sm ring-1 ring-line sm:p-10">
        <GiftCardReceipt key={reference} reference={reference} />
      </div>
    </Container>
  );
}
