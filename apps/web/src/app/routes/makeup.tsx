import { useNavigate, useParams } from 'react-router';
import type { MakeupOption } from '@shared/api';
import { Button, ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { AccessGuard } from '@/features/auth/components/access-guard';
import { useBookMakeup, useMakeupOptions } from '@/features/absences/api/absences';
import { errorMessage } from '@/lib/error-messages';
import { formatDate, formatTime, freePlacesLabel, osloWeekday, weekdayName } from '@/lib/format';

/** The dates that fit the token, each one tap: booked with the token, no payment; then back to /profil. */
function MakeupOptions({ tokenId }: { tokenId: string }) {
  const options = useMakeupOptions(tokenId);
  const book = useBookMakeup();
  const navigate = useNavigate();
  if (options.isPending) return <Skeleton className="h-40 w-full rounded-2xl" />;
  if (options.isError) return <p role="alert" className="rounded-2xl bg-danger-bg p-4 font-medium text-danger">{errorMessage(options.error, 'Kunne ikke hente timene. Prøv igjen.')}</p>;
  if (options.data.length === 0) return <p className="rounded-2xl bg-sand-100 p-4">Ingen ledige timer passer nå. Se igjen senere: plasser blir ledige når andre melder fravær.</p>;
  const choose = (o: MakeupOption) =>
    book.mutate(
      { tokenId, input: { courseId: o.courseId, date: o.date } },
      {
        onSuccess: () => {
          toast.success(`Erstatningstimen ${formatDate(o.date)} kl. ${formatTime(o.date)} er bestilt.`);
          void navigate(paths.profile);
        },
        onError: (error) => toast.error(errorMessage(error, 'Kunne ikke bestille timen. Prøv igjen.')),
      },
    );
  return (
    <ul className="space-y-2">
      {options.data.map((o) => (
        <li key={`${o.courseId}/${o.date}`} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sea-200 bg-white p-3" data-testid="makeup-option">
          <div className="min-w-0 flex-1">
            <p className="font-bold text-sea-900">
              {weekdayName(osloWeekday(o.date))} {formatDate(o.date)} kl. {o.timeFrom}–{o.timeTo}
            </p>
            <p>
              {o.courseName} · {o.placeName}
            </p>
            <p className="text-sm text-muted">{freePlacesLabel(o.freePlaces)}</p>
          </div>
          <Button disabled={book.isPending} onClick={() => choose(o)} aria-label={`Velg ${formatDate(o.date)} kl. ${o.timeFrom}, ${o.placeName}`}>
            Velg
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** /erstatningstime/:tokenId: 'Finn erstatningstime' (decision 061). */
export function Component() {
  const { tokenId = '' } = useParams();
  return (
    <AccessGuard>
      <Page title="Finn erstatningstime" lead="Timer på samme nivå, i samme by, der barnet har rett alder og det er ledig plass." className="max-w-xl">
        <MakeupOptions tokenId={tokenId} />
        <p className="mt-6">
          <ButtonLink to={paths.profile} variant="ghost">
            Tilbake til profilen
          </ButtonLink>
        </p>
      </Page>
    </AccessGuard>
  );
}
