import { LINK_SECRET, useLinkSecret } from '@/lib/use-link-secret';

const KEY = 'invitasjonslenke';

function stored(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value && LINK_SECRET.test(value) ? value : null;
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

/** The invite link's secret, kept in this tab's sessionStorage so it survives the Vipps login. */
export function useInviteSecret(): string | null {
  return useLinkSecret({ remember, recall: stored });
}

function remember(secret: string): void {
  try {
    sessionStorage.setItem(KEY, secret);
  } catch {
    // Storage off: the link works until the page is left.
  }
}
