import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminOrder } from '@shared/api/orders';
import { paymentStatusLabel } from '@shared/payment-status';
import { discountLabel } from '@shared/price';
import { FamilyLapsesNote } from '@/components/family-lapses-note';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { formatDateTime, fullName, formatKr, ore } from '@/lib/format';
import { OrderStatusBadge } from './order-status-badge';

/** One order: status colour, amount in kr, human reference, child, course, and the Vipps event history. */
export function OrderCard({ order, actions, compact = false }: { order: AdminOrder; actions?: ReactNode; compact?: boolean }) {
  const { child, course, user, profile } = order.additionalInfo;
  return (
    <article data-order-id={order._id} data-status={order.status} className="rounded-xl border border-line bg-white p-3 shadow-sm sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-bold text-sea-900">
          {order.humanReference}
          <span className="ml-2 font-semibold text-ink">{formatKr(order.amount)}</span>
        </h3>
        <OrderStatusBadge status={order.status} capturedAmount={order.capturedAmount} refundedAmount={order.refundedAmount} />
      </div>
      {order.incident ? (
        <p role="alert" data-payment-incident className="mt-2 rounded-lg bg-danger-bg p-2 text-sm font-semibold text-danger">
          Betalingsavvik: Vipps stemmer ikke med denne ordren ({order.incident.vippsState ?? order.incident.reason}). Sjekk
          betalingen før barnet beholder plassen.
        </p>
      ) : null}
      {order.cancellation?.status === 'requested' ? (
        <p className="mt-2 rounded-lg bg-sand-100 p-2 text-sm font-semibold" data-cancellation-request>
          Forespørsel om avmelding (etter avtale): svar med Godkjenn eller Avslå.
        </p>
      ) : null}
      {!compact ? <FamilyLapsesNote lapses={order.familyLapses} audience="admin" /> : null}
      <dl className="mt-2 grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-sm">
        <dt className="font-semibold">Barn</dt>
        <dd>
          {child ? fullName(child) : '-'}
          {child && !compact ? <span className="text-muted">{order.enrolled ? ' (påmeldt)' : ' (ikke påmeldt)'}</span> : null}
        </dd>
        <dt className="font-semibold">Kurs</dt>
        <dd className="break-words">
          {/* After an admin's move the child (and the order) is on the last move's course; the booked one stays below. */}
          {order.moves.at(-1)?.to ?? (course ? [course.name, course.place].filter(Boolean).join(', ') || '-' : '-')}
          {order.moves.map((move) => (
            <span key={move.at} className="block text-muted">
              Flyttet fra {move.from} til {move.to} <time dateTime={move.at}>{formatDateTime(move.at)}</time>
            </span>
          ))}
        </dd>
        {order.discounts.map((line) => (
          <Fragment key={line.kind}>
            <dt className="font-semibold">{discountLabel(line)}</dt>
            <dd>{formatKr(ore(-line.amountOre))}</dd>
          </Fragment>
        ))}
        <dt className="font-semibold">Bestilt</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </dd>
        {!compact ? (
          <>
            <dt className="font-semibold">Forelder</dt>
            <dd>
              {user ? fullName(user) : '-'}
              {profile ? (
                <>
                  {' · '}
                  <Link to={paths.profileById(profile)} className="underline">
                    Se profil
                  </Link>
                </>
              ) : null}
            </dd>
            {order.refundedAmount > 0 ? (
              <>
                <dt className="font-semibold">Refundert</dt>
                <dd>
                  {formatKr(order.refundedAmount)} av {formatKr(order.capturedAmount)}
                </dd>
              </>
            ) : null}
            <dt className="font-semibold">Referanse</dt>
            <dd className="break-all">{order.reference}</dd>
          </>
        ) : null}
      </dl>
      {!compact ? (
        <details className="mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-sea-800 underline">
            Hendelser fra Vipps ({order.events.length})
          </summary>
          <ol className="mt-1 space-y-1 text-sm">
            {order.events.map((event) => (
              <li key={`${event.name}-${event.pspReference}`} className="flex flex-wrap gap-x-2">
                <time dateTime={event.timestamp} className="text-muted">
                  {formatDateTime(event.timestamp)}
                </time>
                <span className="font-semibold">{paymentStatusLabel(event.name, site.companyName)}</span>
                <span>{formatKr(event.amount.value)}</span>
                {!event.success ? <span className="text-danger">(feilet)</span> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
