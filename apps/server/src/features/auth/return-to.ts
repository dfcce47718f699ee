const BASE = 'http://return-to.invalid';
/** Pages a login must not return to: the login page itself and the login return page. */
const LOOPS = ['/login', '/vipps/login-redirect'];

/** A site-relative path that a browser cannot read as another host: `/x`, never `//host`, `/\host` or a scheme. */
const isPlainPath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

/** Where to go after login: a relative path here, or '/'; checked again after normalising (`/.//evil.example`). */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 2000 || !isPlainPath(value)) return '/';
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
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(normalised) ? normalised : '/';
}
