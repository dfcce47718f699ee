import { Link } from 'react-router';
import type { MyRolloverOffer } from '@shared/api';
import { Button } from '@/components/ui/button';
import { confirm } from '@/components/ui/dialogs';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatDateTime, formatKr, krToOre } from '@/lib/format';
import { useDeclineRollover, useMyRolloverOffers } from '@/features/rollover/api/rollover';

interface Props {
  /** Keep the place through the ordinary payment start (composed by the route from the booking feature). */
  onKeep: (offer: MyRolloverOffer) => void;
  keepingId?: string | null;
}

/** /profil: 'Behold plassen til neste sesong' (decision 060): keep the place, choose another course, or say no. */
export function MyRolloverOffers({ onKeep, keepingId }: Props) {
  const offers = useMyRolloverOffers();
  const decline = useDeclineRollover();
  if (!offers.data?.length) return null;
  const sayNo = async (offer: MyRolloverOffer) => {
    if (!(await confirm({ title: `Si fra deg plassen til ${offer.child.firstName}?`, message: 'Plassen går videre til andre.', confirmText: 'Nei takk', confirmVariant: 'danger', cancelText: 'Avbryt' }))) return;
    decline.mutate(offer._id, { onSuccess: () => toast.success('Plassen er gitt videre'), onError: (error) => toast.error(errorMessage(error)) });
  };
  return (
    <TitledSection id="behold-plassen-tittel" title="Behold plassen til neste sesong" className="mb-6 rounded-2xl border-2 border-aqua-700/40 bg-white p-4 shadow-sm sm:p-5">
      <ul className="mt-3 divide-y divide-line">
        {offers.data.map((offer) => (
          <li key={offer._id} className="space-y-2 py-3">
            <p className="font-semibold">
              {offer.child.firstName}: {offer.course.displayName}, {offer.course.placeName}
            </p>
            <p className="text-sm">
              {formatDate(offer.course.firstDate)}–{formatDate(offer.course.lastDate)} · kl. {offer.course.timeFrom}–{offer.course.timeTo} · {formatKr(krToOre(offer.course.price))}
            </p>
            <p className="font-semibold text-aqua-700">Plassen er holdt av til {formatDateTime(offer.replyBy)}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => onKeep(offer)} disabled={keepingId === offer._id}>
                Behold plassen
              </Button>
              <Button variant="secondary" onClick={() => void sayNo(offer)} disabled={decline.isPending}>
                Nei takk
              </Button>
            </div>
            {offer.others.length > 0 ? (
              <details>
                <summary className="cursor-pointer py-2 font-semibold text-sea-900">Velg et annet kurs</summary>
                <ul className="list-disc pl-6">
                  {offer.others.map((c) => (
                    <li key={c._id}>
                      <Link to={paths.place(c.placeSlug)} className="underline">
                        {c.displayName}, {c.placeName}
                      </Link>{' '}
                      (fra {formatDate(c.firstDate)})
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
