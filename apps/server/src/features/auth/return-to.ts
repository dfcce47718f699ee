const BASE = 'http://return-to.invalid';
/** Pages a login must not return to: the login page itself and the login return page. */
const LOOPS = ['/login', '/vipps/login-redirect'];

/**
 * Where to go after login: a relative path on this site, or '/'. Rejects absolute and protocol-relative URLs
 * (`//evil.example`, `/\evil.example`), control characters and login loops, so the value can never send the
 * browser elsewhere (open redirect).
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  if (LOOPS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
