import type { FamilyLapses } from '@shared/api/booking';
import { paymentPauseLabel } from '@/lib/format';

/** From this many lapses in 30 days the admin's views mark a family (decision 035). */
export const LAPSES_MARKED_FROM = 2;

/** A family's lapses as the server words them: the payment pause, and for the admin repeated lapses. */
export function FamilyLapsesNote({ lapses, audience }: { lapses: FamilyLapses | undefined; audience: 'family' | 'admin' }) {
  if (!lapses) return null;
  const marked = audience === 'admin' && lapses.lapses >= LAPSES_MARKED_FROM;
  if (!lapses.pausedUntil && !marked) return null;
  return (
    <p data-family-lapses className="mt-2 rounded-lg bg-danger-bg p-2 text-sm font-semibold text-danger">
      {lapses.pausedUntil ? (
        <span data-payment-pause className="block">
          {paymentPauseLabel(lapses.pausedUntil)}
          {audience === 'family'
            ? '. Flere påbegynte betalinger har gått ut på tid; en ny betaling kan startes etter dette.'
            : ': flere påbegynte betalinger har gått ut på tid.'}
        </span>
      ) : null}
      {marked ? <span className="block">Familien har latt {lapses.lapses} betalinger eller tilbud gå ut siste 30 dager</span> : null}
    </p>
  );
}
