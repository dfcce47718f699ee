import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WaitingRoomLive } from '@shared/api/waiting-room';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form/field';
import { TextInput } from '@/components/ui/form/text-input';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime, freePlacesLabel, openingLabel } from '@/lib/format';
import { waitingRoomKeys, useWaitingRoomLive } from '../api/waiting-room';

const STATE_LABEL: Record<WaitingRoomLive['openings'][number]['state'], string> = {
  upcoming: 'Venter på åpning',
  running: 'Pågår',
  ended: 'Fullt – køen er avsluttet',
  done: 'Ferdig',
};

function RateForm({ opensAt, rate }: { opensAt: string; rate: number }) {
  const client = useQueryClient();
  const [value, setValue] = useState(String(rate));
  const save = useMutation({
    mutationFn: (admitPerMinute: number) => api(`/queue/openings/${encodeURIComponent(opensAt)}/rate`, { method: 'PUT', body: { admitPerMinute } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: waitingRoomKeys.live }),
  });
  const invalid = !/^\d{1,6}$/.test(value) || Number(value) < 1;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate(Number(value));
      }}
    >
      <TextInput label="Slipp inn per minutt" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} error={invalid ? 'Skriv et helt tall fra 1' : undefined} fieldClassName="w-44" />
      <Button type="submit" variant="secondary" disabled={save.isPending || invalid}>
        Endre
      </Button>
      {save.isError ? <FormError>{errorMessage(save.error)}</FormError> : null}
    </form>
  );
}

/** The night live: per opening the line's length, the admission rate, places left per course, payments in progress. */
export function WaitingRoomLiveView() {
  const live = useWaitingRoomLive();
  if (live.isPending) return <p role="status">Laster køen …</p>;
  if (live.isError) return <FormError>{errorMessage(live.error)}</FormError>;
  if (live.data.openings.length === 0) return <p className="text-muted">Ingen påmeldinger med åpningstid de neste dagene.</p>;
  return (
    <div className="space-y-6">
      {live.data.openings.map((o) => (
        <section key={o.opensAt} aria-label={`Påmelding ${formatDateTime(o.opensAt)}`} className="rounded-2xl border border-line bg-white p-4 sm:p-6" data-testid="queue-opening">
          <h3 className="text-lg font-bold text-sea-900">{openingLabel(o.opensAt)}</h3>
          <p className="font-semibold text-aqua-700">{STATE_LABEL[o.state]}</p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
            <div>
              <dt className="text-sm text-muted">I kø</dt>
              <dd className="text-xl font-bold" data-testid="queue-waiting">{o.waiting}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Inne nå (av maks {o.maxActive})</dt>
              <dd className="text-xl font-bold">{o.admittedActive}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Sluppet inn totalt</dt>
              <dd className="text-xl font-bold" data-testid="queue-admitted">{o.admittedTotal}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Betalinger pågår</dt>
              <dd className="text-xl font-bold">{o.paymentsInProgress}</dd>
            </div>
          </dl>
          <p className="mt-2">Slipper inn {o.admitPerMinute} familier per minutt.</p>
          <div className="mt-2">
            <RateForm key={o.admitPerMinute} opensAt={o.opensAt} rate={o.admitPerMinute} />
          </div>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Ledige plasser per kurs</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3">Kurs</th>
                  <th scope="col" className="py-1 pr-3">Sted</th>
                  <th scope="col" className="py-1">Ledige plasser</th>
                </tr>
              </thead>
              <tbody>
                {o.courses.map((c) => (
                  <tr key={c._id} className="border-t border-line">
                    <td className="py-1 pr-3 break-words">{c.name}</td>
                    <td className="py-1 pr-3 break-words">{c.placeName}</td>
                    <td className="py-1">
                      {freePlacesLabel(c.freePlaces)} av {c.maximumParticipants}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
