import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useFamilyCredit, useFamilyFeed, useRenewFeed } from '../api/changes';

/** The family's calendar address (webcal) on /profil: 'Legg til i kalender', and a new address on request. */
export function FamilyCalendar({ profileId }: { profileId: string }) {
  const feed = useFamilyFeed(profileId);
  const renew = useRenewFeed(profileId);
  if (!feed.data) return null;
  return (
    <section aria-labelledby={`kalender-${profileId}`} className="mt-6 rounded-2xl border border-sand-200 p-4">
      <h3 id={`kalender-${profileId}`} className="font-bold text-sea-900">
        Familiekalender
      </h3>
      <p className="mt-1 text-sm text-muted">Alle kursdager for barna, også erstatningstimer. Avlyste timer blir merket i kalenderen.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className="inline-flex items-center rounded-xl bg-sea-700 px-4 py-2 font-semibold text-white" href={feed.data.webcalUrl} rel="noreferrer">
          Legg til i kalender
        </a>
        <Button variant="secondary" disabled={renew.isPending} onClick={() => renew.mutate()}>
          Lag ny adresse
        </Button>
      </div>
      {renew.isSuccess ? (
        <p role="status" className="mt-2 text-sm">
          Ny adresse laget. Den gamle virker ikke lenger.
        </p>
      ) : null}
    </section>
  );
}

const kr = (ore: number) => `${(ore / 100).toLocaleString('nb-NO', { minimumFractionDigits: ore % 100 ? 2 : 0, maximumFractionDigits: 2 })} kr`;

/** The family's credit: used automatically at the next booking (issue 38). Nothing shown without any. */
export function FamilyCreditBalance({ profileId }: { profileId: string }) {
  const credit = useFamilyCredit(profileId);
  if (!credit.data?.balance) return null;
  const next = credit.data.entries.filter((e) => e.amount > 0 && !e.usedBy && e.expiresAt).map((e) => e.expiresAt!).sort()[0];
  return (
    <p className="mt-4 rounded-xl bg-success-bg p-3 font-medium" data-testid="family-credit">
      Tilgodebeløp: {kr(credit.data.balance)}. Det brukes automatisk neste gang dere bestiller{next ? ` (første utløper ${formatDate(next)})` : ''}.
    </p>
  );
}
