import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { hasRole, useCurrentUser } from '@/lib/current-user';
import { queryRoots } from '@/lib/query-keys';
import { endSession, getSession, isSessionExpired, onSessionEnd, sessionExpiry } from '@/lib/session';
import { useSession } from '@/lib/use-session';

// setTimeout takes at most a signed 32-bit delay.
const MAX_DELAY_MS = 2_147_483_647;

/** Spec §4 Session: ends an expired session with its toast, and keeps the query cache in step with who is logged in. */
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

  // Who was stored when the app started, and whether it took over a server-rendered page (rendered as a visitor).
  const [start] = useState(() =>
    typeof window === 'undefined'
      ? { token: undefined, servedAsVisitor: false }
      : { token: getSession()?.id_token, servedAsVisitor: !!getSession() && !!document.getElementById('ssr-data') },
  );

  // A different stored person (or nobody) now: drop their private data, refetch what the viewer changes.
  const lastToken = useRef(start.token);
  useEffect(() => {
    const token = getSession()?.id_token;
    if (lastToken.current === token) return;
    lastToken.current = token;
    queryClient.removeQueries({ queryKey: queryRoots.private });
    void queryClient.invalidateQueries();
  }, [session?.id_token, queryClient]);

  // Staff's venue and course lists hold more than a visitor's, so a server-rendered page's are asked again for them.
  const user = useCurrentUser();
  const servedAsVisitor = useRef(start.servedAsVisitor);
  useEffect(() => {
    if (!servedAsVisitor.current || !user.data) return;
    servedAsVisitor.current = false;
    if (!hasRole(user.data, 'admin') && !hasRole(user.data, 'instructor')) return;
    void queryClient.invalidateQueries({ queryKey: queryRoots.places });
    void queryClient.invalidateQueries({ queryKey: queryRoots.courses });
  }, [user.data, queryClient]);

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
