import { useEffect, useState } from 'react';
import { openingLabel } from '@shared/format';
import { useNow } from '@/lib/use-now';

/** '2 t 05 min', '4 min 12 s', '9 s': the time left until the opening. */
export function countdownLabel(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} d ${hours} t`;
  if (hours > 0) return `${hours} t ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
  return `${seconds} s`;
}

/** 'Påmeldingen åpner {dato} kl. {tid}' and a countdown (the visible one ticks; screen readers get the time). */
export function OpeningCountdown({ opensAt, offsetMs = 0 }: { opensAt: string; offsetMs?: number }) {
  const now = useNow(1_000) + offsetMs;
  const left = new Date(opensAt).getTime() - now;
  // The seconds differ between the server's render and the browser's: the countdown appears once hydrated.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <span className="block text-sm">
      <span className="block font-semibold text-sea-900">{openingLabel(opensAt)}</span>
      {mounted && left > 0 ? (
        <span className="block text-aqua-700" aria-hidden="true" data-testid="opening-countdown">
          Åpner om {countdownLabel(left)}
        </span>
      ) : null}
    </span>
  );
}
