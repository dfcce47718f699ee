import type { z } from 'zod';
import type { CircuitBreaker } from './breaker';
import { VippsApiError, VippsNetworkError, VippsProtocolError } from './errors';
import {
  accessTokenResponseSchema,
  createPaymentResponseSchema,
  modificationResponseSchema,
  paymentEventsSchema,
  paymentSchema,
  registerWebhookResponseSchema,
  webhookListSchema,
  type CreatePaymentResponse,
  type ModificationResponse,
  type Payment,
  type PaymentEvent,
  type RegisteredWebhook,
} from './schemas';

export interface EpaymentClientOptions {
  /** `https://api.vipps.no`, `https://apitest.vipps.no` or the simulator; a trailing slash is ignored. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
  /** Vipps-System-Name / -Version (≤30 characters each). */
  systemName: string;
  systemVersion: string;
  /** Vipps-System-Plugin-Name / -Version (≤30 characters each). */
  pluginName?: string;
  pluginVersion?: string;
  fetch?: typeof fetch;
  /** Per request, the token call included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Milliseconds since the epoch, for token-expiry tests. */
  now?: () => number;
  /** Stops calling a failing Vipps for a while (breaker.ts); every request, the token call included, goes through it. */
  breaker?: CircuitBreaker;
}

export interface CreatePaymentInput {
  /** ^[a-zA-Z0-9-]{8,50}$, unique per MSN. */
  reference: string;
  /** Integer øre, 100 … 65 000 000. */
  amountOre: number;
  /** paymentDescription, 3–100 characters; shown in the app and on settlements. */
  description: string;
  /** https (or http://localhost against the simulator); put the reference in it. */
  returnUrl: string;
  /** Chosen by the caller and stored before the call, so a retry after a crash reuses it (≤50 characters). */
  idempotencyKey: string;
  /** MSISDN without '+', e.g. 4791234567. Send only when already known. */
  phoneNumber?: string;
}

export interface EpaymentClient {
  /** The merchant (MSN) this client acts for: a webhook naming another one is not ours. */
  readonly merchantSerialNumber: string;
  /** Set when the client has a circuit breaker (the product's does): its state, for the operator. */
  readonly breaker?: CircuitBreaker;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResponse>;
  getPayment(reference: string): Promise<Payment>;
  getEvents(reference: string): Promise<PaymentEvent[]>;
  capture(reference: string, amountOre: number, idempotencyKey: string): Promise<ModificationResponse>;
  refund(reference: string, amountOre: number, idempotencyKey: string): Promise<ModificationResponse>;
  cancel(reference: string, idempotencyKey: string): Promise<ModificationResponse>;
  registerWebhook(input: { url: string; events: string[] }): Promise<{ id: string; secret: string }>;
  listWebhooks(): Promise<RegisteredWebhook[]>;
  deleteWebhook(id: string): Promise<void>;
}

const HEADER_MAX = 30;
const IDEMPOTENCY_KEY_MAX = 50;
/** Refresh this long before expiry (capped at half the token's life for short-lived test tokens). */
const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;

type CachedToken = { value: string; refreshAt: number };

interface RequestSpec<S extends z.ZodType | undefined> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  schema: S;
}

/**
 * A small typed client for Vipps ePayment v1 (and the Webhooks API), talking plain HTTP to one base URL, so the same
 * code runs against Vipps and the simulator. The caller owns Idempotency-Keys; the client never invents one.
 */
export function createEpaymentClient(options: EpaymentClientOptions): EpaymentClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;

  const systemHeaders: Record<string, string> = {
    'Vipps-System-Name': options.systemName,
    'Vipps-System-Version': options.systemVersion,
    'Vipps-System-Plugin-Name': options.pluginName ?? 'babysvomming-epayment',
    'Vipps-System-Plugin-Version': options.pluginVersion ?? '1.0.0',
  };
  for (const [name, value] of Object.entries(systemHeaders)) {
    if (!value || value.length > HEADER_MAX) throw new TypeError(`${name} must be 1–${HEADER_MAX} characters`);
  }
  const merchantHeaders = {
    'Ocp-Apim-Subscription-Key': options.subscriptionKey,
    'Merchant-Serial-Number': options.merchantSerialNumber,
    ...systemHeaders,
  };

  let token: CachedToken | null = null;
  let tokenRequest: Promise<CachedToken> | null = null;

  const breaker = options.breaker;

  async function send(url: string, init: RequestInit): Promise<Response> {
    breaker?.before();
    let response: Response;
    try {
      response = await doFetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const what = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
      const message = timedOut ? `${what} timed out after ${timeoutMs} ms` : `${what} failed: ${(error as Error).message}`;
      const failure = new VippsNetworkError(message, timedOut, { cause: error });
      breaker?.failure(failure);
      throw failure;
    }
    if (response.status === 429 || response.status >= 500) breaker?.failure(new Error(`${init.method ?? 'GET'} ${new URL(url).pathname}: HTTP ${response.status}`));
    else breaker?.success();
    return response;
  }

  async function fetchToken(): Promise<CachedToken> {
    const response = await send(`${baseUrl}/accesstoken/get`, {
      method: 'POST',
      headers: { client_id: options.clientId, client_secret: options.clientSecret, ...merchantHeaders },
    });
    if (!response.ok) throw await apiError(response);
    const parsed = accessTokenResponseSchema.safeParse(await readJson(response));
    if (!parsed.success) throw new VippsProtocolError('Unexpected /accesstoken/get response');
    const lifetimeMs = parsed.data.expires_in * 1000;
    return { value: parsed.data.access_token, refreshAt: now() + lifetimeMs - Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2) };
  }

  /** One token for all calls; at most one refresh in flight, shared by every caller that needs it. */
  async function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return token.value;
    tokenRequest ??= fetchToken()
      .then((fresh) => {
        token = fresh;
        return fresh;
      })
      .finally(() => {
        tokenRequest = null;
      });
    return (await tokenRequest).value;
  }

  async function request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.infer<S>>;
  async function request(spec: RequestSpec<undefined>): Promise<undefined>;
  async function request(spec: RequestSpec<z.ZodType | undefined>): Promise<unknown> {
    if (spec.idempotencyKey !== undefined) checkIdempotencyKey(spec.idempotencyKey);
    for (let attempt = 1; ; attempt++) {
      const bearer = await accessToken();
      const headers: Record<string, string> = { Authorization: `Bearer ${bearer}`, ...merchantHeaders, Accept: 'application/json' };
      if (spec.idempotencyKey !== undefined) headers['Idempotency-Key'] = spec.idempotencyKey;
      if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await send(`${baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
      });
      // A rejected token (revoked, simulator restarted) is refused before any work: fetch a new one and try once more.
      if (response.status === 401 && attempt === 1) {
        if (token?.value === bearer) token = null;
        await response.arrayBuffer().catch(() => undefined);
        continue;
      }
      if (!response.ok) throw await apiError(response);
      if (!spec.schema) {
        await response.arrayBuffer().catch(() => undefined);
        return undefined;
      }
      const parsed = spec.schema.safeParse(await readJson(response));
      if (!parsed.success) throw new VippsProtocolError(`Unexpected response from ${spec.method} ${spec.path}: ${parsed.error.message}`);
      return parsed.data;
    }
  }

  const paymentPath = (reference: string) => `/epayment/v1/payments/${encodeURIComponent(reference)}`;
  const nok = (value: number) => ({ currency: 'NOK' as const, value });
  const modify = (action: 'capture' | 'refund') => (reference: string, amountOre: number, idempotencyKey: string) =>
    request({
      method: 'POST',
      path: `${paymentPath(reference)}/${action}`,
      idempotencyKey,
      body: { modificationAmount: nok(amountOre) },
      schema: modificationResponseSchema,
    });

  return {
    merchantSerialNumber: options.merchantSerialNumber,
    ...(breaker ? { breaker } : {}),
    createPayment(input) {
      return request({
        method: 'POST',
        path: '/epayment/v1/payments',
        idempotencyKey: input.idempotencyKey,
        body: {
          amount: nok(input.amountOre),
          paymentMethod: { type: 'WALLET' },
          reference: input.reference,
          userFlow: 'WEB_REDIRECT',
          returnUrl: input.returnUrl,
          paymentDescription: input.description,
          ...(input.phoneNumber ? { customer: { phoneNumber: input.phoneNumber } } : {}),
        },
        schema: createPaymentResponseSchema,
      });
    },
    getPayment(reference) {
      return request({ method: 'GET', path: paymentPath(reference), schema: paymentSchema });
    },
    getEvents(reference) {
      return request({ method: 'GET', path: `${paymentPath(reference)}/events`, schema: paymentEventsSchema });
    },
    capture: modify('capture'),
    refund: modify('refund'),
    cancel(reference, idempotencyKey) {
      return request({ method: 'POST', path: `${paymentPath(reference)}/cancel`, idempotencyKey, schema: modificationResponseSchema });
    },
    registerWebhook(input) {
      return request({ method: 'POST', path: '/webhooks/v1/webhooks', body: input, schema: registerWebhookResponseSchema });
    },
    async listWebhooks() {
      return (await request({ method: 'GET', path: '/webhooks/v1/webhooks', schema: webhookListSchema })).webhooks;
    },
    async deleteWebhook(id) {
      await request({ method: 'DELETE', path: `/webhooks/v1/webhooks/${encodeURIComponent(id)}`, schema: undefined });
    },
  };
}

function checkIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw new TypeError(`Idempotency-Key must be 1–${IDEMPOTENCY_KEY_MAX} characters`);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new VippsProtocolError(`Vipps answered ${response.status} with a body that is not JSON`);
  }
}

/** problem+json (ePayment), `{error, error_description}` (access token) or `{statusCode, message}` (API gateway). */
async function apiError(response: Response): Promise<VippsApiError> {
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: keep the status and a short excerpt
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const extraDetails = Array.isArray(body.extraDetails)
    ? body.extraDetails
        .filter((d): d is { name: string; reason: string } => !!d && typeof d.name === 'string' && typeof d.reason === 'string')
        .map(({ name, reason }) => ({ name, reason }))
    : undefined;
  return new VippsApiError(
    response.status,
    str(body.type) ?? `https://httpstatuses.io/${response.status}`,
    str(body.title) ?? str(body.error) ?? (response.statusText || `HTTP ${response.status}`),
    str(body.detail) ?? str(body.error_description) ?? str(body.message) ?? text.slice(0, 200),
    str(body.traceId),
    extraDetails,
  );
}
