import type { ReactNode } from 'react';
import type { Course, WaitingRoomPosition } from '@shared/api';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/lib/format';
import { errorMessage } from '@/lib/error-messages';
import { OpeningCountdown } from './opening-countdown';

const waitLabel = (seconds: number | null) => {
  if (seconds === null) return null;
  if (seconds < 60) return 'Beregnet ventetid: under ett minutt';
  return `Beregnet ventetid: ca. ${Math.round(seconds / 60)} min`;
};

interface WaitingRoomPanelProps {
  course: Course;
  position: WaitingRoomPosition | undefined;
  error: unknown;
  onJoin: () => void;
  onLeave: () => void;
  busy: boolean;
  /** The waitlist offer of the picked course (composed by the route). */
  renderWaitlist: (course: Course) => ReactNode;
}

/** The waiting room on the venue page: the place in line (live), the estimated wait, the admitted state and the end. */
export function WaitingRoomPanel({ course, position, error, onJoin, onLeave, busy, renderWaitlist }: WaitingRoomPanelProps) {
  const state = position?.state;
  const offset = position ? new Date(position.now).getTime() - Date.now() : 0;
  let body: ReactNode;
  let leave = false;
  switch (state) {
    case 'countdown':
      leave = true;
      body = (
        <>
          <p className="font-semibold text-sea-900">Du står i køen.</p>
          {position?.opensAt ? <OpeningCountdown opensAt={position.opensAt} offsetMs={offset} /> : null}
          <p className="text-sm text-muted">
            Alle som kommer før påmeldingen åpner, får en tilfeldig plass i køen når den åpner. Du trenger ikke å oppdatere siden.
          </p>
        </>
      );
      break;
    case 'waiting':
      leave = true;
      body =
        position?.position == null ? (
          <p className="font-semibold text-sea-900">Påmeldingen har åpnet. Rekkefølgen trekkes nå …</p>
        ) : (
          <>
            <p className="text-xl font-bold text-sea-900" data-testid="queue-position">
              Du er nummer {position.position} i køen
            </p>
            <p className="text-sm text-muted">{waitLabel(position.estimatedWaitSeconds)}</p>
          </>
        );
      break;
    case 'admitted':
      body = (
        <>
          <p className="text-xl font-bold text-success">Det er din tur!</p>
          <p>
            Du kan bestille nå. Start betalingen innen kl. {position?.admittedUntil ? formatTime(position.admittedUntil) : ''}.
          </p>
        </>
      );
      break;
    case 'full':
      body = (
        <>
          <p className="text-xl font-bold text-danger">Fullt</p>
          <p>Alle kursene i denne påmeldingen er fulle. Du kan sette barnet på venteliste, så får du beskjed hvis en plass blir ledig.</p>
          <div className="mt-2">{renderWaitlist(course)}</div>
        </>
      );
      break;
    case 'expired':
    case 'left':
      body = (
        <>
          <p className="font-semibold text-sea-900">{state === 'expired' ? 'Tiden din gikk ut.' : 'Du har forlatt køen.'}</p>
          <Button onClick={onJoin} disabled={busy}>
            Still deg i køen igjen
          </Button>
        </>
      );
      break;
    default:
      body = <p className="text-muted">Henter plassen din i køen …</p>;
  }
  return (
    <section aria-labelledby="ko-tittel" className="mb-6 rounded-2xl border-2 border-aqua-700/40 bg-white p-4 shadow-sm sm:p-5" data-testid="queue-panel">
      <h2 id="ko-tittel" className="mb-2 text-xl font-bold text-sea-900">
        Køen til påmeldingen
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true" className="space-y-2">
        {body}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-danger">
          {errorMessage(error)}
        </p>
      ) : null}
      {state === 'waiting' || state === 'countdown' ? (
        <p className="mt-2 text-sm text-muted">Ledige plasser i listen under oppdateres mens du venter.</p>
      ) : null}
      {leave ? (
        <Button variant="secondary" className="mt-3" onClick={onLeave} disabled={busy}>
          Forlat køen
        </Button>
      ) : null}
    </section>
  );
}
