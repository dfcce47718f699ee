import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { endSession } from '@/lib/session';
import { useEndAllSessions, useSessions } from '@/features/auth/api/auth';

/** /profil: where the parent is logged in, and 'Logg ut overalt' (which logs this browser out too). */
export function SessionsSection() {
  const sessions = useSessions();
  const endAll = useEndAllSessions();
  const navigate = useNavigate();

  const logoutEverywhere = () =>
    endAll.mutate(undefined, {
      onSuccess: () => {
        endSession('user');
        navigate(paths.home);
      },
      onError: () => toast.error('Kunne ikke logge ut overalt. Prøv igjen senere.'),
    });

  const list = sessions.data?.sessions ?? [];
  return (
    <section aria-labelledby="innlogginger" className="mt-12 rounded-2xl bg-sand-100 p-5 sm:p-6">
      <h2 id="innlogginger" className="text-2xl font-bold text-sea-900">
        Innlogginger
      </h2>
      <p className="mt-1 text-ink">Her er du logget inn nå. Har du mistet telefonen eller brukt en delt maskin, kan du logge ut overalt.</p>
      {sessions.isError ? (
        <p role="alert" className="mt-4 font-medium text-danger">
          Kunne ikke hente innloggingene
        </p>
      ) : sessions.isPending ? (
        <p role="status" className="mt-4">
          Laster innlogginger...
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-sand-300">
          {list.map((s) => (
            <li key={s._id} className="py-3">
              <p className="font-semibold text-sea-900">
                {s.device}
                {s.current ? <span className="ml-2 inline-block rounded-full bg-sea-100 px-2 py-0.5 text-sm font-medium whitespace-nowrap text-sea-900">Denne enheten</span> : null}
              </p>
              <p className="text-sm text-ink">
                Logget inn {formatDateTime(s.createdAt)} · sist brukt {formatDateTime(s.lastSeenAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" className="mt-4" onClick={logoutEverywhere} aria-disabled={endAll.isPending || undefined}>
        {endAll.isPending ? 'Logger ut …' : 'Logg ut overalt'}
      </Button>
    </section>
  );
}
