import type { MyWaitlistEntry } from '@shared/api';
import { FamilyLapsesNote } from '@/components/family-lapses-note';
import { Button } from '@/components/ui/button';
import { confirm } from '@/components/ui/dialogs';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatDateTime, formatKr, krToOre } from '@/lib/format';
import { useLeaveWaitlist, useMyWaitlist } from '@/features/waitlist/api/waitlist';
import { positionLabel } from './waitlist-course-action';
import { TitledSection } from '@/components/ui/titled-section';

const timeLeft = (until: string, now: number) => {
  const minutes = Math.max(0, Math.round((Date.parse(until) - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} t ${minutes % 60} min igjen` : `${minutes} min igjen`;
};

interface Props {
  /** Pay for an offer through the normal Vipps flow (composed by the route from the booking feature). */
  onPay: (entry: MyWaitlistEntry) => void;
  payingEntryId?: string | null;
  now: number;
}

/** /profil: the children's waitlists, with the position and, for an offer, the time left and the pay button. */
export function MyWaitlist({ onPay, payingEntryId, now }: Props) {
  const entries = useMyWaitlist();
  const leave = useLeaveWaitlist();
  if (!entries.data?.length) return null;
  const leaveEntry = async (entry: MyWaitlistEntry) => {
    if (!(await confirm({ title: `Ta ${entry.child.firstName} av ventelisten?`, confirmText: 'Forlat ventelisten', confirmVariant: 'danger' }))) return;
    leave.mutate(entry._id, { onError: (error) => toast.error(errorMessage(error)) });
  };
  return (
    <TitledSection id="venteliste-tittel" title="Venteliste" className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <ul className="mt-3 divide-y divide-line">
        {entries.data.map((entry) => (
          <li key={entry._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold">
                {entry.child.firstName}: {entry.course.displayName}, {entry.course.placeName}
              </p>
              <p className="text-sm text-muted">
                {entry.course.firstDate ? `Oppstart ${formatDate(entry.course.firstDate)} kl. ${entry.course.timeFrom}` : null}
              </p>
              {entry.status === 'offered' && entry.offerExpiresAt ? (
                <p className="font-semibold text-aqua-700">
                  Plassen er holdt av til {formatDateTime(entry.offerExpiresAt)} ({timeLeft(entry.offerExpiresAt, now)})
                </p>
              ) : (
                <p className="font-semibold text-sea-900">{positionLabel(entry.position)}</p>
              )}
              <FamilyLapsesNote lapses={entry.paymentPausedUntil ? { lapses: 0, pausedUntil: entry.paymentPausedUntil } : undefined} audience="family" />
            </div>
            <div className="flex flex-wrap gap-2">
              {entry.status === 'offered' ? (
                <Button onClick={() => onPay(entry)} disabled={payingEntryId === entry._id || !!entry.paymentPausedUntil}>
                  Betal {formatKr(krToOre(entry.course.price))}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => void leaveEntry(entry)}>
                Forlat ventelisten
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
