import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Rollover, RolloverPlan } from '@shared/api';
import { Button } from '@/components/ui/button';
import { Select, TextInput } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { countOf, formatDate, formatDateTime } from '@/lib/format';
import { useCreateRollover, useRolloverPlan, useRollovers } from '@/features/rollover/api/rollover';

/** A moment as the value of a datetime-local input (the browser's time zone), and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const STATE_TEXT: Record<Rollover['offers'][number]['state'], string> = { offered: 'Tilbudt', accepted: 'Beholdt', declined: 'Sa nei takk', expired: 'Gikk ut' };

/** Pick the next course for each ending course (the suggestion first), the reply-by, and send the offers. */
function RolloverForm({ seasonId, plan }: { seasonId: string; plan: RolloverPlan }) {
  const create = useCreateRollover();
  const [choice, setChoice] = useState<Record<string, string>>(() => Object.fromEntries(plan.ending.map((c) => [c._id, c.suggestedId ?? ''])));
  const [replyBy, setReplyBy] = useState(() => toLocalInput(plan.defaultReplyBy));
  const [error, setError] = useState<string | null>(null);
  const options = [{ value: '', label: 'Fortsetter ikke' }, ...plan.next.map((c) => ({ value: c._id, label: `${c.displayName}, ${c.placeName} (${countOf(c.free, 'ledig plass', 'ledige plasser')})` }))];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const mappings = plan.ending.flatMap((c) => (choice[c._id] ? [{ fromCourseId: c._id, toCourseId: choice[c._id]! }] : []));
    if (mappings.length === 0) return setError('Velg minst ett kurs som fortsetter.');
    if (!replyBy) return setError('Velg en svarfrist.');
    setError(null);
    try {
      const { rollover, notOffered } = await create.mutateAsync({ seasonId, replyBy: new Date(replyBy).toISOString(), mappings });
      toast.success(`${countOf(rollover.counts.offered, 'familie', 'familier')} har fått tilbud om å beholde plassen${notOffered ? ` (${notOffered} uten ledig plass)` : ''}`);
    } catch (e) {
      setError(errorMessage(e, 'Kunne ikke sende tilbudene'));
    }
  };
  if (plan.ending.length === 0) return <p className="mt-4">Ingen kurs med deltakere slutter før denne sesongen. Velg sesongen som kommer etter den som går nå.</p>;
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
      <ul className="space-y-3">
        {plan.ending.map((c) => (
          <li key={c._id} data-course-id={c._id} className="rounded-xl border border-line bg-white p-3">
            <p className="font-semibold">
              {c.displayName}, {c.placeName}
            </p>
            <p className="text-sm text-muted">
              Slutter {formatDate(c.lastDate)} · {countOf(c.children, 'barn', 'barn')}
            </p>
            <Select label="Fortsetter på" options={options} value={choice[c._id] ?? ''} onChange={(e) => setChoice({ ...choice, [c._id]: e.target.value })} />
          </li>
        ))}
      </ul>
      <TextInput type="datetime-local" label="Svarfrist" hint="Må være før prioritetsvinduet for neste kurs åpner." value={replyBy} onChange={(e) => setReplyBy(e.target.value)} error={error ?? undefined} />
      <Button type="submit" disabled={create.isPending}>
        Send tilbud om å beholde plassen
      </Button>
    </form>
  );
}

/** The rollovers live: counts and every offer. */
function RolloverLive() {
  const list = useRollovers();
  if (list.isPending) return <Skeleton className="h-24 w-full rounded-xl" />;
  if (list.isError) return <p role="alert">{errorMessage(list.error, 'Kunne ikke hente tilbudene')}</p>;
  if (list.data.length === 0) return <p className="mt-2">Ingen tilbud er sendt ennå.</p>;
  return (
    <div className="space-y-6">
      {list.data.map((r) => (
        <div key={r._id} className="rounded-xl border border-line bg-white p-4">
          <p className="font-semibold">Svarfrist {formatDateTime(r.replyBy)}</p>
          <p data-testid="rollover-counts">
            Tilbudt {r.counts.offered} · Beholdt {r.counts.accepted} · Nei takk {r.counts.declined} · Gikk ut {r.counts.expired} · Plasser frigitt {r.counts.released}
          </p>
          <ul className="mt-2 divide-y divide-line text-sm">
            {r.offers.map((o) => (
              <li key={o._id} className="py-2">
                <span className="font-semibold">
                  {o.child.firstName} {o.child.lastName}
                </span>
                : {o.toCourse} – {STATE_TEXT[o.state]}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** /admin/behold-plassen (decision 060): open a rollover for a coming season and follow it. */
export function RolloverAdmin({ seasons }: { seasons: readonly { _id: string; name: string }[] }) {
  const [seasonId, setSeasonId] = useState('');
  const plan = useRolloverPlan(seasonId);
  return (
    <div className="space-y-10">
      <TitledSection id="ny-runde" title="Tilby plassen videre">
        <p className="mb-4 text-muted">
          Lag først neste sesong under{' '}
          <Link to={paths.adminSeasons} className="font-semibold text-sea-800 underline">
            Sesonger
          </Link>{' '}
          og kursene i den. Velg så sesongen her: kursene med deltakere som slutter før den, kommer opp med et forslag til neste kurs.
        </p>
        <Select label="Neste sesong" placeholder="Velg sesong" options={seasons.map((s) => ({ value: s._id, label: s.name }))} value={seasonId} onChange={(e) => setSeasonId(e.target.value)} />
        {!seasonId ? null : plan.isPending ? (
          <Skeleton className="mt-4 h-24 w-full rounded-xl" />
        ) : plan.isError ? (
          <p role="alert">{errorMessage(plan.error, 'Kunne ikke hente kursene')}</p>
        ) : (
          <RolloverForm key={seasonId} seasonId={seasonId} plan={plan.data} />
        )}
      </TitledSection>
      <TitledSection id="status" title="Status">
        <RolloverLive />
      </TitledSection>
    </div>
  );
}
