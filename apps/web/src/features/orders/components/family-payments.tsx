import type { FamilyPayment } from '@shared/api';
import { moneyBackText, receiptFileName } from '@shared/cancellation';
import { discountText } from '@shared/price';
import { Button } from '@/components/ui/button';
import { confirm } from '@/components/ui/dialogs';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatKr, ore, sumOre } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { getCancellationPreview, getReceipt, useCancelPlace, useFamilyPayments } from '@/features/orders/api/orders';
import { OrderStatusBadge } from './order-status-badge';
import { TitledSection } from '@/components/ui/titled-section';

/** The course's first–last date and its venue: what tells two payments for the same course name apart. */
const courseWhenWhere = (p: FamilyPayment) =>
  [p.courseFirstDate && p.courseLastDate ? `${formatDate(p.courseFirstDate)}–${formatDate(p.courseLastDate)}` : null, p.placeName].filter(Boolean).join(' · ');

const STATUS_TEXT: Record<NonNullable<FamilyPayment['cancellation']>['status'], string> = {
  requested: 'Forespørsel om avmelding er sendt. Vi svarer deg på e-post.',
  declined: 'Forespørselen om avmelding ble avslått.',
  refunding: 'Meldt av. Refusjonen er sendt til Vipps.',
  refunded: 'Meldt av og refundert',
  done: 'Meldt av uten refusjon',
};

function CancellationState({ payment }: { payment: FamilyPayment }) {
  const c = payment.cancellation;
  if (!c) return null;
  const credit = c.creditAmount > 0 ? ` (${formatKr(c.creditAmount)} som tilgode)` : '';
  const amount = c.status === 'refunded' || c.status === 'refunding' ? `: ${formatKr(c.refundAmount ?? ore(0))}${credit}` : '';
  return (
    <p className="text-sea-900" data-testid="cancellation-state">
      {STATUS_TEXT[c.status]}
      {c.status === 'refunded' ? amount : ''}
      {c.adminMessage ? ` Melding: ${c.adminMessage}` : ''}
    </p>
  );
}

/** 'Meld av kurset': the preview first (what comes back, and why), then the confirmation with that amount. */
function CancelButton({ payment }: { payment: FamilyPayment }) {
  const cancel = useCancelPlace();
  const what = [payment.childName, payment.courseName].filter(Boolean).join(', ');
  const onClick = async () => {
    let preview;
    try {
      preview = await getCancellationPreview(payment._id);
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke hente hva du får tilbake'));
      return;
    }
    const back =
      preview.refundAmount === null
        ? 'Refusjon skjer etter avtale: forespørselen går til oss.'
        : moneyBackText(ore(preview.refundAmount - preview.creditAmount), preview.creditAmount);
    const yes = await confirm({
      title: 'Meld av kurset?',
      message: (
        <>
          <span className="block">{what}</span>
          <span className="mt-2 block">{preview.reason}</span>
          <strong className="mt-2 block">{back}</strong>
        </>
      ),
      confirmText: preview.refundAmount === null ? 'Send forespørsel' : 'Meld av',
      confirmVariant: 'danger',
      cancelText: 'Avbryt',
    });
    if (!yes) return;
    try {
      const done = await cancel.mutateAsync({ orderId: payment._id, expectedRefund: preview.refundAmount });
      toast.success(done.status === 'requested' ? 'Forespørselen er sendt' : done.refundAmount ? `Meldt av. ${moneyBackText(ore(done.refundAmount - done.creditAmount), done.creditAmount)}` : 'Meldt av');
    } catch (error) {
      if (isApiError(error) && error.status === 409) toast.error('Beløpet har endret seg siden du så det. Prøv igjen for å se det nye beløpet.');
      else toast.error(errorMessage(error, 'Kunne ikke melde av kurset'));
    }
  };
  return (
    <Button variant="secondary" onClick={onClick} disabled={cancel.isPending} aria-label={`Meld av kurset: ${what}`}>
      Meld av kurset
    </Button>
  );
}

const RECEIPT_LABEL = {
  vipps: { payment: () => 'Kvittering', refund: (amount: string) => `Kvittering for refusjon (${amount})` },
  credit: { payment: (amount: string) => `Kvittering for tilgode brukt (${amount})`, refund: (amount: string) => `Kvittering for tilgode (${amount})` },
} as const;

/** 'Kvittering' per capture and refund, through Vipps or as credit: the PDF from the server, saved as a file. */
function ReceiptButtons({ payment }: { payment: FamilyPayment }) {
  const download = async (receipt: FamilyPayment['receipts'][number]) => {
    try {
      const pdf = await getReceipt(payment._id, receipt.eventId);
      saveFile(pdf, receiptFileName(receipt.kind, payment.humanReference, receipt.at), 'application/pdf');
    } catch (error) {
      toast.error(errorMessage(error, 'Kunne ikke hente kvitteringen'));
    }
  };
  return (
    <>
      {payment.receipts.map((receipt) => (
        <Button key={receipt.eventId} variant="secondary" onClick={() => void download(receipt)}>
          {RECEIPT_LABEL[receipt.method][receipt.kind](formatKr(receipt.amount))}
        </Button>
      ))}
    </>
  );
}

/** /profil: the family's payments, with 'Meld av kurset' where the rules allow it (issue 40). */
export function FamilyPayments({ profileId, canCancel }: { profileId: string; canCancel: boolean }) {
  const { data } = useFamilyPayments(profileId);
  if (!data?.length) return null;
  return (
    <TitledSection id="betalinger" title="Betalinger" className="space-y-4" titleClassName="text-2xl font-bold text-sea-900">
      <ul className="space-y-3">
        {data.map((payment) => (
          <li key={payment._id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-line" data-order-id={payment._id}>
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {[payment.courseName, payment.childName].filter(Boolean).join(' – ') || 'Kurs'}
                <OrderStatusBadge status={payment.status} capturedAmount={payment.capturedAmount} refundedAmount={payment.refundedAmount} />
              </p>
              {courseWhenWhere(payment) ? <p>{courseWhenWhere(payment)}</p> : null}
              <p className="text-muted">
                {formatDate(payment.createdAt)} · {formatKr(sumOre([payment.capturedAmount, payment.creditAmount]))}
                {payment.creditAmount > 0 ? ` (${formatKr(payment.creditAmount)} med tilgode)` : ''}
                {payment.discounts.map((line) => ` · ${discountText(line)}`).join('')} · Ordrenummer {payment.humanReference}
                {payment.refundedAmount > 0 ? ` · Refundert ${formatKr(payment.refundedAmount)}` : ''}
              </p>
              <CancellationState payment={payment} />
            </div>
            <div className="flex flex-wrap gap-2">
              {canCancel ? <ReceiptButtons payment={payment} /> : null}
              {canCancel && payment.cancellable ? <CancelButton payment={payment} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
