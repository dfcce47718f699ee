import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/form/date-input';
import { FormError } from '@/components/ui/form/field';
import { Select } from '@/components/ui/form/select';
import { TextInput } from '@/components/ui/form/text-input';
import { Page } from '@/components/ui/page-header';
import { usePlaceCourses } from '@/features/courses/api/courses';
import { useVenues } from '@/features/venues/api/venues';
import { waitingRoomKeys } from '@/features/waiting-room/api/waiting-room';
import { WaitingRoomLiveView } from '@/features/waiting-room/components/admin-waiting-room';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { courseLabel, openingLabel } from '@/lib/format';
import { queryRoots } from '@/lib/query-keys';
import { TitledSection } from '@/components/ui/titled-section';

const dayStart = (day: string) => new Date(`${day}T00:00:00`).getTime();
const dayEnd = (day: string) => new Date(`${day}T23:59:59`).getTime();

/** The opening time of a season's courses, by date range and venue, or picked one by one (decision 041). */
function OpeningForm() {
  const places = useVenues();
  const client = useQueryClient();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [placeId, setPlaceId] = useState('');
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const range = useMemo(() => (from && to && from <= to ? { startDate: dayStart(from), endDate: dayEnd(to) } : undefined), [from, to]);
  const courses = usePlaceCourses(placeId && range ? placeId : undefined, range ?? { startDate: 0, endDate: 0 });
  // The season: courses whose first date is in the range (the server picks the same).
  const matching = (courses.data ?? []).filter(
    (c) => c.dates[0] && range && Date.parse(c.dates[0]) >= range.startDate && Date.parse(c.dates[0]) <= range.endDate,
  );
  const save = useMutation({
    mutationFn: (opensAt: string | null) =>
      api<{ updated: number }>('/queue/openings', {
        method: 'PUT',
        body: placeId && matching.length ? { opensAt, courseIds: matching.filter((c) => !unchecked.has(c._id)).map((c) => c._id) } : { opensAt, from, to, ...(placeId ? { placeId } : {}) },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryRoots.courses });
      void client.invalidateQueries({ queryKey: waitingRoomKeys.live });
    },
  });

  const submit = (clear: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    setProblem(null);
    if (!from || !to) return setProblem('Velg periode: fra og til dato for kursenes oppstart.');
    if (from > to) return setProblem('Fra-datoen må være før til-datoen.');
    if (placeId && matching.length && matching.every((c) => unchecked.has(c._id))) return setProblem('Velg minst ett kurs.');
    if (clear) return save.mutate(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return setProblem('Skriv inn dato og klokkeslett for når påmeldingen åpner.');
    save.mutate(new Date(`${date}T${time}:00`).toISOString());
  };

  return (
    <form onSubmit={submit(false)} noValidate className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-6" aria-labelledby="apning-tittel">
      <h2 id="apning-tittel" className="text-xl font-bold text-sea-900">
        Åpningstid for påmelding
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DateInput label="Påmeldingen åpner (dato)" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextInput label="Klokkeslett" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        <DateInput label="Kurs med oppstart fra" value={from} onChange={(e) => setFrom(e.target.value)} />
        <DateInput label="til og med" value={to} onChange={(e) => setTo(e.target.value)} />
        <Select
          label="Kurssted"
          value={placeId}
          onChange={(e) => {
            setPlaceId(e.target.value);
            setUnchecked(new Set());
          }}
          options={[{ value: '', label: 'Alle kurssteder' }, ...(places.data ?? []).map((p) => ({ value: p._id, label: p.name }))]}
        />
      </div>
      {placeId && range ? (
        <fieldset>
          <legend className="mb-2 font-semibold text-sea-900">Kurs ({matching.length})</legend>
          {matching.length === 0 ? <p className="text-muted">Ingen kurs starter i perioden.</p> : null}
          <ul className="space-y-1">
            {matching.map((c) => (
              <li key={c._id}>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 accent-sea-800"
                    checked={!unchecked.has(c._id)}
                    onChange={(e) => {
                      const next = new Set(unchecked);
                      if (e.target.checked) next.delete(c._id);
                      else next.add(c._id);
                      setUnchecked(next);
                    }}
                  />
                  <span>
                    {courseLabel(c)}
                    {c.opensAt ? <span className="block text-sm text-muted">{openingLabel(c.opensAt)}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {problem ? <FormError>{problem}</FormError> : null}
      {save.isError ? <FormError>{errorMessage(save.error)}</FormError> : null}
      {save.isSuccess ? (
        <p role="status" className="font-semibold text-success">
          Lagret for {save.data.updated} kurs.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Lagre åpningstid
        </Button>
        <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => submit(true)()}>
          Fjern åpningstid
        </Button>
      </div>
    </form>
  );
}

/** /admin/ko: opening times and enrolment night live (issue 37, decision 041). */
export function Component() {
  return (
    <Page title="Påmeldingskø" lead="Sett når påmeldingen åpner, og følg køen mens den pågår.">
      <div className="space-y-8">
        <OpeningForm />
        <TitledSection id="kveld-tittel" title="Påmeldingen nå" titleClassName="mb-3 text-xl font-bold text-sea-900">
          <WaitingRoomLiveView />
        </TitledSection>
      </div>
    </Page>
  );
}
