import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** A link's secret: 32 random bytes, base64url (open-issues decisions, 'Links that carry a secret'). */
export const LINK_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The secret after '#' in an e-mailed link: read once, then taken out of the address and history; `remember`/`recall` keep it. */
export function useLinkSecret({ remember, recall }: { remember?: (secret: string) => void; recall?: () => string | null } = {}): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [secret] = useState<string | null>(() => {
    const fromHash = location.hash.slice(1);
    if (!LINK_SECRET.test(fromHash)) return recall?.() ?? null;
    remember?.(fromHash);
    return fromHash;
  });
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return secret;
}
