/**
 * Client-side session helpers. For now only the return address: login stores where the visitor was, so that after
 * the Vipps round trip the login-return page can send them back there (spec §2 login modal).
 */
const RETURN_KEY = 'plask:returnTo';

export function storeReturnAddress(path: string): void {
  // Only same-site paths: never an absolute URL (open redirect).
  if (!path.startsWith('/') || path.startsWith('//')) return;
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // storage may be unavailable (private mode): returning to '/' is fine
  }
}

export function takeReturnAddress(): string {
  try {
    const value = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
  } catch {
    return '/';
  }
}
