import { useParams } from 'react-router';
import { Container } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';
import { AccessGuard } from '@/features/auth/components/access-guard';
import { PaymentStatusView } from '@/features/booking/components/payment-status-view';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /vipps/payment/:paymentId: where Vipps returns after paying; needs login (spec §2 'Order confirmation'). */
export function Component() {
  useDocumentTitle(pageTitle('Ordrebekreftelse'));
  const { paymentId = '' } = useParams();
  return (
    <AccessGuard>
      <Container className="py-10 sm:py-16">
        <PaymentStatusView key={paymentId} paymentId={paymentId} />
      </Container>
    </AccessGuard>
  );
}
