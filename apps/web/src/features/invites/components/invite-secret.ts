import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

const KEY = 'invitasjonslenke';
const SECRET = /^[A-Za-z0-9_-]{43}$/;

function stored(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value && SECRET.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the link once it is answered (or turned out not to work). */
export function clearInviteSecret(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage off: nothing was kept.
  }
}

/**
 * The secret of the e-mailed invite link (`/invitasjon#<secret>`). The fragment never reaches a server; it is kept in
 * this tab's sessionStorage so it survives the Vipps login, and taken out of the address bar (and so out of the
 * history and of anything shared from it).
 */
export function useInviteSecret(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = location.hash.slice(1);
  const [secret] = useState<string | null>(() => {
    if (SECRET.test(fromHash)) {
      try {
        sessionStorage.setItem(KEY, fromHash);
      } catch {
        // Storage off: the link works until the page is left.
      }
      return fromHash;
    }
    return stored();
  });
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return secret;
}
