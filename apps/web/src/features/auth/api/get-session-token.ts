import type { SessionToken } from '@shared/api';
import { api } from '@/lib/api-client';

/**
 * GET /api/vipps/token{search}: the login return's query, passed on unchanged, exchanged for the site's session.
 * The login state is single use, so one return address is exchanged once per page load (React's strict mode runs
 * effects twice in development).
 */
const pending = new Map<string, Promise<SessionToken>>();

export function exchangeLoginReturn(search: string): Promise<SessionToken> {
  let promise = pending.get(search);
  if (!promise) {
    const query = Object.fromEntries(new URLSearchParams(search));
    promise = api<SessionToken>('/vipps/token', { query });
    pending.set(search, promise);
  }
  return promise;
}
