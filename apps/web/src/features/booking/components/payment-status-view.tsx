import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PaymentStatus } from '@shared/api';
import { paymentStatusLabel, paymentStatusTone, type PaymentStatusTone } from '@shared/payment-status';
import { discountLabel } from '@shared/price';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { isApiError } from '@/lib/api-client';
import { countOf, formatDate, fullName, placeSlug, formatKr, krToOre, ore } from '@/lib/format';
import { usePaymentStatus } from '@/features/booking/api/booking';
import { Term } from '@/components/ui/term';

const TONE: Record<PaymentStatusTone, string> = {
  success: 'bg-success-bg text-success',
  warning: 'bg-warning-bg text-warning',
  error: 'bg-danger-bg text-danger',
  neutral: 'bg-sea-50 text-sea-900',
};

function Spinner() {
  return <span aria-hidden="true" className="size-8 shrink-0 animate-spin rounded-full border-4 border-sea-200 border-t-sea-800" />;
}

function StatusLabel({ payment }: { payment: PaymentStatus }) {
  const label = payment.label || paymentStatusLabel(payment.state, site.companyName);
  return (
    <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${TONE[paymentStatusTone(payment.status)]}`}>
      {label}
    </span>
  );
}

function OrderSummary({ payment }: { payment: PaymentStatus }) {
  const { order } = payment;
  const course = order.course;
  const dates = course ? [...course.dates].sort() : [];
  return (
    <dl className="mt-6 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-2xl bg-sand-50 p-4 text-left sm:grid-cols-[8rem_minmax(0,1fr)] sm:p-5">
      {course ? (
        <>
          <Term label="Kurs">{course.name}</Term>
          <Term label="Sted">{course.place}</Term>
          <Term label="Datoer">
            {dates.length
              ? `${formatDate(dates[0])} – ${formatDate(dates[dates.length - 1])} (${countOf(dates.length, 'gang', 'ganger')}), kl. ${course.timeFrom}–${course.timeTo}`
              : '-'}
          </Term>
        </>
      ) : null}
      {order.child ? <Term label="Barn">{fullName(order.child)}</Term> : null}
      {order.discounts.map((line) => (
        <Term key={line.kind} label={discountLabel(line)}>
          {formatKr(ore(-line.amountOre))}
        </Term>
      ))}
      <Term label="Beløp">{formatKr(krToOre(order.amount))}</Term>
      <Term label="Referanse" className="break-all">{order.humanReference || order.reference}</Term>
      <Term label="Status">
        <StatusLabel payment={payment} />
      </Term>
      {order.termsVersion !== null ? <Term label="Vilkår">Regler og betingelser, versjon {order.termsVersion}</Term> : null}
    </dl>
  );
}

function Outcome({ payment, gaveUp, onRetry }: { payment: PaymentStatus; gaveUp: boolean; onRetry: () => void }) {
  const course = payment.order.course;
  if (payment.state === 'CREATED') {
    return (
      <>
        <div className="flex flex-col items-center gap-4">
          {gaveUp ? null : <Spinner />}
          <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Venter på betaling…</h1>
        </div>
        {gaveUp ? (
          <>
            <p className="mt-4 text-lg">
              Vi har ikke fått svar fra Vipps ennå. Har du betalt i Vipps, kan det ta litt tid før betalingen blir registrert.
            </p>
            <Button className="mt-4" onClick={onRetry}>
              Sjekk på nytt
            </Button>
          </>
        ) : (
          <p className="mt-4 text-lg">Vi venter på svar fra Vipps. Siden oppdateres av seg selv.</p>
        )}
      </>
    );
  }
  if (payment.state === 'ABORTED') {
    return (
      <>
        <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Bestilling avbrutt!</h1>
        <p className="mt-4 text-lg">Betalingen ble avbrutt, og du har ikke blitt belastet. Du kan gjerne prøve å bestille på nytt.</p>
        {course?.place ? (
          <ButtonLink to={paths.place(placeSlug(course.place))} className="mt-6">
            Tilbake til kursene på {course.place}
          </ButtonLink>
        ) : null}
      </>
    );
  }
  if (payment.enrolled) {
    return (
      <>
        <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Takk for bestillingen!</h1>
        <p className="mt-4 text-lg">
          {payment.order.child ? `${payment.order.child.firstName} er nå påmeldt kurset.` : 'Barnet er nå påmeldt kurset.'} En
          bekreftelse er sendt til deg på e-post.
        </p>
        <OrderSummary payment={payment} />
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">Status for bestillingen</h1>
      <p className="mt-4 text-lg">
        <StatusLabel payment={payment} />
      </p>
    </>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-line sm:p-10">
      {children}
      <nav aria-label="Videre" className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 border-t border-line pt-6">
        <Link to={paths.profile} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
          Gå til profilen din
        </Link>
        <Link to={paths.terms} className="inline-flex min-h-11 items-center font-semibold text-sea-800 underline">
          Regler og betingelser
        </Link>
      </nav>
    </div>
  );
}

/** Spec §2 'Order confirmation' and §4 'Confirmation page': the outcome of a payment, polled while it waits. */
export function PaymentStatusView({ paymentId }: { paymentId: string }) {
  const status = usePaymentStatus(paymentId);

  if (status.isPending) {
    return (
      <Frame>
        <div role="status" className="flex flex-col items-center gap-4">
          <Spinner />
          <h1 className="text-2xl font-bold text-sea-900">Henter status for bestillingen …</h1>
        </div>
      </Frame>
    );
  }
  if (status.isError) {
    const notFound = isApiError(status.error) && (status.error.status === 404 || status.error.status === 400);
    return (
      <Frame>
        <h1 className="text-2xl font-bold text-sea-900 sm:text-3xl">{notFound ? 'Fant ikke bestillingen' : 'Noe gikk galt'}</h1>
        <p role="alert" className="mt-4 text-lg">
          {notFound
            ? 'Vi finner ingen bestilling med denne betalingen på deg. Sjekk profilen din, eller ta kontakt med oss.'
            : 'Vi fikk ikke hentet status for betalingen. Vennligst prøv igjen om litt.'}
        </p>
        {notFound ? null : (
          <Button className="mt-4" onClick={status.restart}>
            Prøv igjen
          </Button>
        )}
      </Frame>
    );
  }
  return (
    <Frame>
      <div aria-live="polite">
        <Outcome payment={status.data} gaveUp={status.gaveUp} onRetry={status.restart} />
      </div>
    </Frame>
  );
}
