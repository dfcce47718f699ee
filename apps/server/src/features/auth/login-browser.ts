import { createHash, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/safe-equal';

/** Login CSRF: an attempt is bound to its browser by this cookie's hash; a present value is reused (two tabs). */
export const LOGIN_BROWSER_COOKIE = 'login_browser';
const VALUE = /^[A-Za-z0-9_-]{43}$/;

export function loginBrowserValue(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LOGIN_BROWSER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (VALUE.test(value)) return value;
  }
  return undefined;
}

export const newLoginBrowserValue = (): string => randomBytes(32).toString('base64url');

export const loginBrowserHash = (value: string): string => createHash('sha256').update(value).digest('base64url');

export function loginBrowserCookie(value: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${LOGIN_BROWSER_COOKIE}=${value}`,
    'Path=/api/vipps',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Constant-time: does the cookie's value belong to the attempt's stored hash? */
export function sameBrowser(storedHash: string, cookieValue: string | undefined): boolean {
  if (!storedHash || !cookieValue) return false;
  return safeEqual(storedHash, loginBrowserHash(cookieValue));
}
