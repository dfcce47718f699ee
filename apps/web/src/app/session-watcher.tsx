import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { queryRoots } from '@/lib/query-keys';
import { endSession, isSessionExpired, onSessionEnd, sessionExpiry } from '@/lib/session';
import { useSession } from '@/lib/use-session';

// setTimeout takes at most a signed 32-bit delay.
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Spec §4 Session: ends an expired session (on load and when its time comes) with the warning toast, says
 * 'Du har blitt logget ut' after the logout button, and keeps the query cache in step with who is logged in.
 */
export function SessionWatcher() {
  const session = useSession();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (reason === 'expired') toast.warning('Din session har gått ut. Vennligst logg inn igjen.');
        else toast.success('Du har blitt logget ut');
      }),
    [],
  );

  // A different person (or nobody) now: drop their private data, refetch what the viewer changes (participants).
  const lastToken = useRef(session?.id_token);
  useEffect(() => {
    if (lastToken.current === session?.id_token) return;
    lastToken.current = session?.id_token;
    queryClient.removeQueries({ queryKey: queryRoots.private });
    void queryClient.invalidateQueries();
  }, [session?.id_token, queryClient]);

  useEffect(() => {
    if (!session) return;
    if (isSessionExpired(session)) {
      endSession('expired');
      return;
    }
    const timer = window.setTimeout(() => endSession('expired'), Math.min(MAX_DELAY_MS, sessionExpiry(session) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [session]);

  return null;
}
