import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { endSession } from '@/lib/session';
import { endCurrentSession } from '@/features/auth/api/auth';

/** Spec §9. */
const LOGOUT_DEBOUNCE_MS = 500;

/** 'Logg ut' (spec §4, §9: debounced 500 ms): ends the session on the server; the browser forgets it even offline. */
export function LogoutButton() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const logout = () => {
    window.clearTimeout(timer.current);
    setLeaving(true);
    timer.current = window.setTimeout(() => {
      // The request carries the token before it is forgotten below; its answer is not waited for.
      endCurrentSession().catch(() => undefined);
      endSession('user');
      navigate(paths.home);
    }, LOGOUT_DEBOUNCE_MS);
  };

  return (
    <Button variant="secondary" onClick={logout} aria-disabled={leaving || undefined}>
      {leaving ? 'Logger ut …' : 'Logg ut'}
    </Button>
  );
}
