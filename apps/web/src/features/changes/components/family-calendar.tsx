import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate, formatKr } from '@/lib/format';
import { useFamilyCredit, useFamilyFeed, useRenewFeed } from '../api/changes';

/** Google Calendar's own "add by address" link (decision 047): it opens the subscription in a signed-in browser. */
export const googleCalendarUrl = (feedUrl: string) => `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(feedUrl)}`;

/** The family's calendar address on /profil: `webcal:` for Apple, the https address to copy for Android and Google. */
export function FamilyCalendar({ profileId }: { profileId: string }) {
  const feed = useFamilyFeed(profileId);
  const renew = useRenewFeed(profileId);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  if (!feed.data) return null;
  const id = `kalender-${profileId}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.data.url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section aria-labelledby={id} className="mt-6 rounded-2xl border border-sand-200 p-4">
      <h3 id={id} className="font-bold text-sea-900">
        Familiekalender
      </h3>
      <p className="mt-1 text-sm text-muted">Alle kursdager for barna, også erstatningstimer. Avlyste timer blir merket i kalenderen.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className="inline-flex min-h-11 items-center rounded-xl bg-sea-700 px-4 py-2 font-semibold text-white" href={feed.data.webcalUrl} rel="noreferrer">
          Legg til i kalender (iPhone og Mac)
        </a>
        <Button variant="secondary" onClick={() => void copy()}>
          Kopier kalenderadressen
        </Button>
      </div>
      <label htmlFor={`${id}-adresse`} className="mt-3 block text-sm font-semibold">
        Kalenderadressen
      </label>
      <input
        id={`${id}-adresse`}
        readOnly
        value={feed.data.url}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 min-h-11 w-full rounded-xl border-2 border-sea-700/40 bg-sea-50 px-3 py-2 font-mono text-sm"
      />
      <p role="status" className="mt-2 text-sm">
        {copied === 'yes' ? 'Adressen er kopiert.' : copied === 'no' ? 'Kunne ikke kopiere. Trykk på adressen over og kopier den selv.' : ''}
      </p>
      <p className="mt-2 text-sm">
        Google Kalender (også på Android): lim inn adressen under «Andre kalendere» → «Fra nettadresse» på calendar.google.com, eller{' '}
        <a className="font-semibold text-sea-800 underline" href={googleCalendarUrl(feed.data.url)} target="_blank" rel="noreferrer">
          åpne den i Google Kalender
        </a>
        . Kalenderen holder seg oppdatert av seg selv.
      </p>
      <div className="mt-3">
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

/** The family's credit: used automatically at the next booking (issue 38). Nothing shown without any. */
export function FamilyCreditBalance({ profileId }: { profileId: string }) {
  const credit = useFamilyCredit(profileId);
  if (!credit.data?.balance) return null;
  const next = credit.data.entries.filter((e) => e.amount > 0 && !e.usedBy && e.expiresAt).map((e) => e.expiresAt!).sort()[0];
  return (
    <p className="mt-4 rounded-xl bg-success-bg p-3 font-medium" data-testid="family-credit">
      Tilgodebeløp: {formatKr(credit.data.balance)}. Det brukes automatisk neste gang dere bestiller{next ? ` (første utløper ${formatDate(next)})` : ''}.
    </p>
  );
}
