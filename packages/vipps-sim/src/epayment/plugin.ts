import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LANDING_PAGE_HEADERS, landingPageHtml, notFoundHtml } from './landing-page';
import {
  parseCreateBody,
  parseModificationBody,
  PaymentStore,
  type KnownPayment,
  type ModificationView,
  type Payment,
  type PaymentView,
} from './payments';
import { badRequest, PROBLEM_CONTENT_TYPE, ProblemError, problemBody } from './problem';
import { WebhookDispatcher, type WebhookDeliveryOptions } from './webhooks';
import { FaultSwitch, parseFaultInput, type FaultInput, type FaultStatus } from './faults';

export interface EpaymentSimulatorOptions {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** The one sales unit this simulator serves (^[0-9]{4,6}$). */
  merchantSerialNumber: string;
  /** The simulator's base URL as a browser reaches it, for redirectUrl; unset: from the create request's Host. */
  publicBaseUrl?: string;
  /** CREATED → EXPIRED after this long. Default 10 minutes (Vipps' total timeout). */
  paymentTimeoutMs?: number;
  /** Access-token lifetime; default 3600 s, as in Vipps' test environment. */
  tokenTtlSeconds?: number;
  /** Milliseconds since the epoch; inject a fake for expiry tests (default Date.now). */
  clock?: () => number;
  webhooks?: WebhookDeliveryOptions;
  /** Access tokens handed out by /accesstoken/get, token → expiry in ms (default: a private store; tests clear it). */
  tokens?: Map<string, number>;
  /** Serve /epayment/v1/test/payments/{reference}/approve|abort (default true). */
  testApi?: boolean;
  /** Accept http:// returnUrls on any host, not only localhost (default false; Vipps requires https). */
  allowInsecureReturnUrls?: boolean;
  /** Receives a handle for tests, the demo and the simulator's own UI. */
  onControl?: (control: EpaymentSimulatorControl) => void;
}

/** Programmatic access to the simulator's state, beside the HTTP API. */
export interface EpaymentSimulatorControl {
  /** As if the user pressed "Betal". Throws a ProblemError when the payment is unknown or not CREATED. */
  approve(reference: string): void;
  /** As if the user pressed "Avbryt". */
  abort(reference: string): void;
  /** The GET /payments/{reference} body, or undefined. Runs the lazy expiry check. */
  payment(reference: string): PaymentView | undefined;
  /** Resolves when no webhook delivery is queued or in flight. */
  webhooksIdle(): Promise<void>;
  /** Vipps slow, failing or down for a while (faults.ts); the same as POST /simulator/faults. */
  setFault(input: FaultInput): FaultStatus;
  clearFault(): FaultStatus;
  faultStatus(): FaultStatus;
  /** Payments the shop already has (test mode's start: the demo data, or orders from before a restart). */
  learn(payments: KnownPayment[]): number;
}


const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
const MSN_PATTERN = /^[0-9]{4,6}$/;
const MAX_TIMER_MS = 2 ** 31 - 1;

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

type RefParams = { Params: { reference: string } };

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Key order must not make "the same body" different. */
function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return JSON.stringify(sort(value ?? null));
}

function sendProblem(reply: FastifyReply, error: ProblemError, instance: string) {
  return reply.status(error.status).type(PROBLEM_CONTENT_TYPE).send(problemBody(error, instance));
}

/** The ePayment side as an encapsulated Fastify plugin: /accesstoken/get, /epayment/v1, /webhooks/v1, the landing page. */
export const epaymentSimulator: FastifyPluginAsync<EpaymentSimulatorOptions> = async (app, options) => {
  const clock = options.clock ?? Date.now;
  const fixedBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
  const msn = options.merchantSerialNumber;
  const tokenTtl = options.tokenTtlSeconds ?? 3600;
  const tokens = options.tokens ?? new Map<string, number>();
  const idempotency = new Map<string, StoredResponse>();
  const expiryTimers = new Set<NodeJS.Timeout>();

  const dispatcher = new WebhookDispatcher(options.webhooks ?? {}, clock, app.log);
  // Wall-clock time on purpose: a fault lasts real seconds even when a test drives the payments' clock.
  const faults = new FaultSwitch();
  const store = new PaymentStore({
    msn,
    clock,
    paymentTimeoutMs: options.paymentTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    onEvent: (event, payment) => {
      if (faults.letWebhookThrough()) dispatcher.publish(event, payment);
    },
    onCreated: (payment) => armExpiry(payment, payment.expiresAt - clock()),
  });

  // Lazy checks on read cover a fake clock; the timer makes EXPIRED (and its webhook) happen without a read.
  function armExpiry(payment: Payment, ms: number) {
    const timer = setTimeout(
      () => {
        expiryTimers.delete(timer);
        const left = store.expireIfDue(payment);
        if (left !== null) armExpiry(payment, left);
      },
      Math.min(Math.max(ms, 0), MAX_TIMER_MS),
    );
    timer.unref();
    expiryTimers.add(timer);
  }

  app.addHook('onClose', async () => {
    for (const timer of expiryTimers) clearTimeout(timer);
    expiryTimers.clear();
    dispatcher.close();
  });

  // Vipps accepts an empty body with a JSON content type (accesstoken/get, cancel); Fastify's default parser does not.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest([{ name: 'body', reason: 'The request body is not valid JSON.' }]), undefined);
    }
  });
  // The landing page's forms post application/x-www-form-urlencoded with no fields.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    });
  }

  app.setErrorHandler((error, request, reply) => {
    const instance = request.url.split('?')[0] ?? request.url;
    if (error instanceof ProblemError) return sendProblem(reply, error, instance);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, new ProblemError(status, status === 415 ? 'Unsupported Media Type' : 'Bad Request', (error as Error).message), instance);
    }
    request.log.error({ err: error }, 'vipps simulator error');
    return sendProblem(reply, new ProblemError(500, 'Internal Server Error', 'Unexpected error in the simulator.'), instance);
  });

  options.onControl?.(control());

  // ---- fault injection (the simulator's own control route; not Vipps' API) --------------------------------------
  app.get('/simulator/faults', async () => faults.status());
  app.post('/simulator/faults', async (request) => faults.set(parseFaultInput(request.body)));
  app.delete('/simulator/faults', async () => faults.clear());
  const faultHook = faults.hook();

  // ---- access token (A1) -----------------------------------------------------------------------------------------
  app.post('/accesstoken/get', { onRequest: faultHook }, async (request, reply) => {
    if (header(request, 'ocp-apim-subscription-key') !== options.subscriptionKey) {
      return reply.status(401).send({
        statusCode: 401,
        message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
      });
    }
    if (header(request, 'client_id') !== options.clientId || header(request, 'client_secret') !== options.clientSecret) {
      return reply.status(401).send({ error: 'unauthorized_client', error_description: 'Invalid client_id or client_secret.' });
    }
    const now = clock();
    for (const [token, expiresAt] of tokens) if (expiresAt <= now) tokens.delete(token);
    const accessToken = randomBytes(48).toString('base64url');
    tokens.set(accessToken, now + tokenTtl * 1000);
    const nowSeconds = Math.floor(now / 1000);
    return reply.send({
      token_type: 'Bearer',
      expires_in: String(tokenTtl),
      ext_expires_in: String(tokenTtl),
      expires_on: String(nowSeconds + tokenTtl),
      not_before: String(nowSeconds),
      resource: '00000002-0000-0000-c000-000000000000',
      access_token: accessToken,
    });
  });

  // ---- merchant APIs: ePayment and Webhooks ----------------------------------------------------------------------
  const authenticate = async (request: FastifyRequest) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    if (!bearer) throw new ProblemError(401, 'Unauthorized', 'Missing Authorization header with a Bearer access token.');
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= clock()) {
      throw new ProblemError(401, 'Unauthorized', 'The access token is invalid or has expired.');
    }
    if (header(request, 'ocp-apim-subscription-key') !== options.subscriptionKey) {
      throw new ProblemError(401, 'Unauthorized', 'Access denied due to missing or invalid subscription key.');
    }
    const requestMsn = header(request, 'merchant-serial-number');
    if (!requestMsn || !MSN_PATTERN.test(requestMsn)) {
      throw badRequest([{ name: 'Merchant-Serial-Number', reason: `The header must match '${MSN_PATTERN.source}'.` }]);
    }
    if (requestMsn !== msn) {
      throw new ProblemError(403, 'Forbidden', `These keys are not valid for Merchant-Serial-Number ${requestMsn}.`);
    }
  };

  /** Same key + same body replays the first successful answer; same key + another body is a 409. */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, run: () => { status: number; body: unknown }) => {
    const key = header(request, 'idempotency-key');
    if (!key || key.length > 50) {
      throw badRequest([{ name: 'Idempotency-Key', reason: 'The Idempotency-Key header is required and at most 50 characters.' }]);
    }
    const scope = `${request.method} ${request.url.split('?')[0]}\n${key}`;
    const fingerprint = canonicalJson(request.body);
    const previous = idempotency.get(scope);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new ProblemError(409, 'Idempotency conflict', `Idempotency-Key '${key}' was already used with a different request body.`);
      }
      return reply.status(previous.status).header('idempotent-replayed', 'true').send(previous.body);
    }
    const result = run();
    idempotency.set(scope, { fingerprint, ...result });
    return reply.status(result.status).send(result.body);
  };
  const keyOf = (request: FastifyRequest) => header(request, 'idempotency-key')!;

  await app.register(async (api) => {
    api.addHook('onRequest', faultHook);
    api.addHook('onRequest', authenticate);

    api.post('/epayment/v1/payments', async (request, reply) =>
      idempotent(request, reply, () => {
        const input = parseCreateBody(request.body, { allowInsecureReturnUrls: options.allowInsecureReturnUrls ?? false });
        const base = fixedBaseUrl ?? `${request.protocol}://${request.host}`;
        const redirectUrl = `${base}/epayment-landing/${encodeURIComponent(input.reference)}`;
        const payment = store.create(input, keyOf(request), redirectUrl);
        return { status: 201, body: { redirectUrl: payment.redirectUrl, reference: payment.reference } };
      }),
    );

    api.get<RefParams>('/epayment/v1/payments/:reference', async (request) => store.view(store.get(request.params.reference)));

    api.get<RefParams>('/epayment/v1/payments/:reference/events', async (request) => store.get(request.params.reference).events);

    const modifications: Record<string, (reference: string, body: unknown, key: string) => ModificationView> = {
      capture: (reference, body, key) => store.capture(reference, parseModificationBody(body), key),
      refund: (reference, body, key) => store.refund(reference, parseModificationBody(body), key),
      cancel: (reference, _body, key) => store.cancel(reference, key),
    };
    for (const [name, operate] of Object.entries(modifications)) {
      api.post<RefParams>(`/epayment/v1/payments/:reference/${name}`, async (request, reply) =>
        idempotent(request, reply, () => ({ status: 200, body: operate(request.params.reference, request.body, keyOf(request)) })),
      );
    }

    if (options.testApi !== false) {
      // Like Vipps' test environment (body {customer, token} accepted and ignored); abort exists only here.
      for (const action of ['approve', 'abort'] as const) {
        api.post<RefParams>(`/epayment/v1/test/payments/:reference/${action}`, async (request, reply) => {
          store[action](request.params.reference);
          return reply.status(200).send();
        });
      }
    }

    api.post('/webhooks/v1/webhooks', async (request, reply) => reply.status(201).send(dispatcher.register(msn, request.body)));
    api.get('/webhooks/v1/webhooks', async () => dispatcher.list(msn));
    api.delete<{ Params: { id: string } }>('/webhooks/v1/webhooks/:id', async (request, reply) => {
      dispatcher.delete(msn, request.params.id);
      return reply.status(204).send();
    });
  });

  // ---- landing page (the redirectUrl) ----------------------------------------------------------------------------
  const landingNotFound = (reply: FastifyReply) => reply.status(404).headers(LANDING_PAGE_HEADERS).send(notFoundHtml());

  app.get<RefParams>('/epayment-landing/:reference', async (request, reply) => {
    const payment = store.find(request.params.reference);
    if (!payment) return landingNotFound(reply);
    return reply.headers(LANDING_PAGE_HEADERS).send(landingPageHtml(payment));
  });

  // A second click (or a click after expiry) changes nothing and still goes back to the shop, which asks the API.
  const decide = (action: 'approve' | 'abort') => async (request: FastifyRequest<RefParams>, reply: FastifyReply) => {
    const payment = store.find(request.params.reference);
    if (!payment) return landingNotFound(reply);
    if (payment.state === 'CREATED') store[action](payment.reference);
    return reply.redirect(payment.returnUrl, 303);
  };
  app.post<RefParams>('/epayment-landing/:reference/approve', decide('approve'));
  app.post<RefParams>('/epayment-landing/:reference/abort', decide('abort'));

  function control(): EpaymentSimulatorControl {
    return {
      approve: (reference) => void store.approve(reference),
      abort: (reference) => void store.abort(reference),
      payment: (reference) => {
        const payment = store.find(reference);
        return payment ? store.view(payment) : undefined;
      },
      webhooksIdle: () => dispatcher.idle(),
      setFault: (input) => faults.set(parseFaultInput(input)),
      clearFault: () => faults.clear(),
      faultStatus: () => faults.status(),
      learn: (payments) => payments.filter((payment) => store.learn(payment)).length,
    };
  }
};
