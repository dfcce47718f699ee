import type { ErrorParams } from '@shared/errors';
import { isServerErrorCode, type ApiErrorCode } from './error-messages';
import { authorizationHeader, endSession, getSession, isSessionExpired } from './session';

/**
 * The one way the web talks to the API: JSON over fetch under /api; failures become an `ApiError` (status and code).
 * A stored session is sent as `Authorization`; an expired or refused one ends here (the session watcher warns).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Values for the code's Norwegian text (error.params), e.g. a child's age and the course's range. */
    readonly params: ErrorParams = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Query = Record<string, string | number | boolean | null | undefined>;

/** A GET of the API: `api` in the browser, an in-process read in the server renderer (app/page-data.ts). */
export type Read = <T>(path: string, options?: { query?: Query; signal?: AbortSignal }) => Promise<T>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  /** JSON, or a Blob (a File) sent as its own bytes with its own type (a photo upload). */
  body?: unknown;
  signal?: AbortSignal;
  /** 'text' for non-JSON answers (the calendar file). Default 'json'. */
  responseType?: 'json' | 'text' | 'blob';
  /** A poll the app makes on its own: not the person's activity, so it does not keep an idle session alive. */
  background?: boolean;
}

const SESSION_ENDING_CODES: ReadonlySet<ApiErrorCode> = new Set(['SESSION_EXPIRED', 'UNAUTHENTICATED']);

/** The session to send, or none; an expired one is ended first (the request then goes out anonymous). */
function usableSession() {
  const session = getSession();
  if (session && isSessionExpired(session)) {
    endSession('expired');
    return null;
  }
  return session;
}

function apiUrl(path: string, query?: Query): string {
  const set = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
  const qs = new URLSearchParams(set.map(([key, value]) => [key, String(value)])).toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, responseType = 'json', background = false } = options;
  const session = usableSession();
  const url = apiUrl(path, query);
  const init: RequestInit = {
    method,
    signal,
    credentials: 'same-origin',
    headers: {
      Accept: responseType === 'text' ? '*/*' : 'application/json',
      ...(session ? { Authorization: authorizationHeader(session) } : {}),
      ...(body === undefined ? {} : { 'Content-Type': body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json' }),
      ...(background ? { 'X-Background-Request': '1' } : {}),
    },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
  };
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (response.ok && responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (response.ok && responseType === 'text') return text as T;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // Not JSON (an empty answer, a proxy's page): no data.
  }
  if (!response.ok) {
    const err = (data as { error?: { code?: unknown; message?: unknown; params?: unknown } } | undefined)?.error;
    // A code this build does not know (a proxy's page, a newer server) is UNKNOWN; `status` still tells the class.
    const code: ApiErrorCode = isServerErrorCode(err?.code) ? err.code : 'UNKNOWN';
    // Only the session this request carried: a newer login in the meantime stays.
    if (response.status === 401 && session && SESSION_ENDING_CODES.has(code) && getSession()?.id_token === session.id_token) {
      endSession('expired');
    }
    const params = err?.params && typeof err.params === 'object' ? (err.params as ErrorParams) : {};
    throw new ApiError(response.status, code, typeof err?.message === 'string' ? err.message : response.statusText || 'Request failed', params);
  }
  return data as T;
}
