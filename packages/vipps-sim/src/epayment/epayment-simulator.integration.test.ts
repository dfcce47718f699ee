import { createHash, createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { epaymentSimulator, signWebhookRequest, type EpaymentSimulatorControl, type EpaymentSimulatorOptions, type PaymentView } from './index';

const CREDS = {
  clientId: 'sim-client',
  clientSecret: 'sim-secret',
  subscriptionKey: 'sim-sub-key',
  merchantSerialNumber: '123456',
};

const running: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

async function start(options: Partial<EpaymentSimulatorOptions> = {}) {
  const app = Fastify();
  let control!: EpaymentSimulatorControl;
  await app.register(epaymentSimulator, { ...CREDS, ...options, onControl: (c) => (control = c) });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  running.push(app);

  const tokenResponse = await fetch(`${base}/accesstoken/get`, {
    method: 'POST',
    headers: { client_id: CREDS.clientId, client_secret: CREDS.clientSecret, 'Ocp-Apim-Subscription-Key': CREDS.subscriptionKey },
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const headers = (extra: Record<string, string> = {}) => ({
    Authorization: `Bearer ${token}`,
    'Ocp-Apim-Subscription-Key': CREDS.subscriptionKey,
    'Merchant-Serial-Number': CREDS.merchantSerialNumber,
    ...extra,
  });
  const call = (method: string, path: string, init: { body?: unknown; key?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        ...headers(init.key ? { 'Idempotency-Key': init.key } : {}),
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      redirect: 'manual',
    });
  return { app, base, call, headers, control: () => control };
}

const createBody = (reference: string, overrides: Record<string, unknown> = {}) => ({
  amount: { currency: 'NOK', value: 123_450 },
  paymentMethod: { type: 'WALLET' },
  reference,
  userFlow: 'WEB_REDIRECT',
  returnUrl: `http://localhost:3000/betaling/${reference}`,
  paymentDescription: 'Babysvømming <nybegynner> & "venner"',
  ...overrides,
});

describe('POST /accesstoken/get', () => {
  it('returns a Vipps-shaped token with numbers as strings', async () => {
    const sim = await start({ tokenTtlSeconds: 3600 });
    const res = await fetch(`${sim.base}/accesstoken/get`, {
      method: 'POST',
      headers: {
        client_id: CREDS.clientId,
        client_secret: CREDS.clientSecret,
        'Ocp-Apim-Subscription-Key': CREDS.subscriptionKey,
        'Content-Type': 'application/json',
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: '3600', ext_expires_in: '3600' });
    for (const field of ['expires_on', 'not_before', 'resource', 'access_token']) expect(typeof body[field]).toBe('string');
    expect(Number(body.expires_on) - Number(body.not_before)).toBe(3600);
  });

  it('rejects wrong credentials with 401', async () => {
    const sim = await start();
    const wrongSecret = await fetch(`${sim.base}/accesstoken/get`, {
      method: 'POST',
      headers: { client_id: CREDS.clientId, client_secret: 'nope', 'Ocp-Apim-Subscription-Key': CREDS.subscriptionKey },
    });
    expect(wrongSecret.status).toBe(401);
    const wrongKey = await fetch(`${sim.base}/accesstoken/get`, {
      method: 'POST',
      headers: { client_id: CREDS.clientId, client_secret: CREDS.clientSecret, 'Ocp-Apim-Subscription-Key': 'nope' },
    });
    expect(wrongKey.status).toBe(401);
  });

  it('expires tokens by the injected clock', async () => {
    let now = Date.now();
    const sim = await start({ clock: () => now, tokenTtlSeconds: 60 });
    expect((await sim.call('GET', '/webhooks/v1/webhooks')).status).toBe(200);
    now += 61_000;
    expect((await sim.call('GET', '/webhooks/v1/webhooks')).status).toBe(401);
  });
});

describe('merchant headers', () => {
  it('answers problem+json for a missing or bad token, subscription key and MSN', async () => {
    const sim = await start();
    const noToken = await fetch(`${sim.base}/epayment/v1/payments/abcdefgh`, {
      headers: { 'Ocp-Apim-Subscription-Key': CREDS.subscriptionKey, 'Merchant-Serial-Number': '123456' },
    });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await noToken.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ type: 'https://httpstatuses.io/401', status: 401, title: 'Unauthorized' });
    expect(problem.traceId).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

    expect((await sim.call('GET', '/epayment/v1/payments/abcdefgh', { headers: { Authorization: 'Bearer forged' } })).status).toBe(401);
    expect((await sim.call('GET', '/epayment/v1/payments/abcdefgh', { headers: { 'Ocp-Apim-Subscription-Key': 'x' } })).status).toBe(401);
    expect((await sim.call('GET', '/epayment/v1/payments/abcdefgh', { headers: { 'Merchant-Serial-Number': '12' } })).status).toBe(400);
    expect((await sim.call('GET', '/epayment/v1/payments/abcdefgh', { headers: { 'Merchant-Serial-Number': '654321' } })).status).toBe(403);
    expect((await sim.call('GET', '/epayment/v1/payments/abcdefgh')).status).toBe(404);
  });

  it('requires an Idempotency-Key of at most 50 characters on create, capture, refund and cancel', async () => {
    const sim = await start();
    const missing = await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00001') });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { extraDetails: { name: string }[] }).extraDetails[0]!.name).toBe('Idempotency-Key');
    expect((await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00001'), key: 'k'.repeat(51) })).status).toBe(400);
    expect((await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00001'), key: 'k'.repeat(50) })).status).toBe(201);
    for (const op of ['capture', 'refund', 'cancel']) {
      expect((await sim.call('POST', `/epayment/v1/payments/order-00001/${op}`)).status).toBe(400);
    }
  });
});

describe('create validation', () => {
  it.each([
    ['reference too short', { reference: 'short' }, 'reference'],
    ['reference with bad characters', { reference: 'order_0001' }, 'reference'],
    ['amount below 100 øre', { amount: { currency: 'NOK', value: 99 } }, 'amount.value'],
    ['amount above the maximum', { amount: { currency: 'NOK', value: 65_000_001 } }, 'amount.value'],
    ['decimal amount', { amount: { currency: 'NOK', value: 100.5 } }, 'amount.value'],
    ['other currency', { amount: { currency: 'SEK', value: 1000 } }, 'amount.currency'],
    ['card', { paymentMethod: { type: 'CARD' } }, 'paymentMethod.type'],
    ['unknown flow', { userFlow: 'TELEPATHY' }, 'userFlow'],
    ['no returnUrl', { returnUrl: undefined }, 'returnUrl'],
    ['http returnUrl off localhost', { returnUrl: 'http://example.com/x' }, 'returnUrl'],
    ['javascript returnUrl', { returnUrl: 'javascript:alert(1)' }, 'returnUrl'],
    ['description too short', { paymentDescription: 'ab' }, 'paymentDescription'],
    ['description too long', { paymentDescription: 'x'.repeat(101) }, 'paymentDescription'],
    ['bad phone number', { customer: { phoneNumber: '+4791234567' } }, 'customer.phoneNumber'],
  ])('rejects %s with 400 and extraDetails', async (_name, overrides, field) => {
    const sim = await start();
    const res = await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00002', overrides), key: 'create-1' });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { title: string; extraDetails: { name: string }[] };
    expect(problem.title).toBe('Bad Request');
    expect(problem.extraDetails.map((d) => d.name)).toContain(field);
  });

  it('accepts the bounds and an app-scheme returnUrl', async () => {
    const sim = await start();
    const ok = [
      createBody('order-min-amount', { amount: { currency: 'NOK', value: 100 } }),
      createBody('order-max-amount', { amount: { currency: 'NOK', value: 65_000_000 } }),
      createBody('order-app-scheme', { returnUrl: 'babysvomming://betaling', paymentDescription: 'abc' }),
      createBody('order-https-return', { returnUrl: 'https://babysvomming.no/betaling', customer: { phoneNumber: '4791234567' } }),
      createBody(`order-${'x'.repeat(44)}`),
    ];
    for (const [i, body] of ok.entries()) {
      const res = await sim.call('POST', '/epayment/v1/payments', { body, key: `k-${i}` });
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
  });

  it('rejects a body that is not JSON', async () => {
    const sim = await start();
    const res = await sim.call('POST', '/epayment/v1/payments', {
      key: 'k',
      headers: { 'Content-Type': 'application/json' },
    });
    // an empty JSON body is allowed at the parser level, then fails validation
    expect(res.status).toBe(400);
    const broken = await fetch(`${sim.base}/epayment/v1/payments`, {
      method: 'POST',
      headers: { ...sim.headers({ 'Idempotency-Key': 'k2' }), 'Content-Type': 'application/json' },
      body: '{"amount":',
    });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('payments over raw HTTP', () => {
  it('derives redirectUrl from the request when publicBaseUrl is unset, and uses publicBaseUrl when set', async () => {
    const derived = await start();
    const res = await derived.call('POST', '/epayment/v1/payments', { body: createBody('order-00003'), key: 'k' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ reference: 'order-00003', redirectUrl: `${derived.base}/epayment-landing/order-00003` });

    const fixed = await start({ publicBaseUrl: 'https://vipps-sim.example/' });
    const res2 = await fixed.call('POST', '/epayment/v1/payments', { body: createBody('order-00003'), key: 'k' });
    expect(((await res2.json()) as { redirectUrl: string }).redirectUrl).toBe('https://vipps-sim.example/epayment-landing/order-00003');
  });

  it('replays on the same key and body, regardless of key order', async () => {
    const sim = await start();
    const body = createBody('order-00004');
    const first = await sim.call('POST', '/epayment/v1/payments', { body, key: 'same' });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await sim.call('POST', '/epayment/v1/payments', { body: reordered, key: 'same' });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    const conflict = await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00004', { paymentDescription: 'other' }), key: 'same' });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { title: string }).title).toBe('Idempotency conflict');
  });

  it('accepts cancel with an empty JSON body', async () => {
    const sim = await start();
    await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00005'), key: 'k' });
    const res = await sim.call('POST', '/epayment/v1/payments/order-00005/cancel', { key: 'c', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { state: string }).state).toBe('TERMINATED');
  });

  it('test API approves and aborts only CREATED payments', async () => {
    const sim = await start();
    await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00006'), key: 'k' });
    const approve = await sim.call('POST', '/epayment/v1/test/payments/order-00006/approve', {
      body: { customer: { phoneNumber: '4791234567' }, token: 'ignored' },
    });
    expect(approve.status).toBe(200);
    expect(sim.control().payment('order-00006')?.state).toBe('AUTHORIZED');
    expect((await sim.call('POST', '/epayment/v1/test/payments/order-00006/abort')).status).toBe(400);
    expect((await sim.call('POST', '/epayment/v1/test/payments/nope-nope-nope/approve')).status).toBe(404);
  });

  it('hides the test API when testApi is false', async () => {
    const sim = await start({ testApi: false });
    expect((await sim.call('POST', '/epayment/v1/test/payments/order-00006/approve')).status).toBe(404);
  });

  it('expires CREATED payments lazily by the clock', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const sim = await start({ clock: () => now, paymentTimeoutMs: 10 * 60_000, tokenTtlSeconds: 86_400 });
    await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00007'), key: 'k' });
    now += 10 * 60_000 - 1;
    expect(((await (await sim.call('GET', '/epayment/v1/payments/order-00007')).json()) as { state: string }).state).toBe('CREATED');
    now += 1;
    expect(((await (await sim.call('GET', '/epayment/v1/payments/order-00007')).json()) as { state: string }).state).toBe('EXPIRED');
    const events = (await (await sim.call('GET', '/epayment/v1/payments/order-00007/events')).json()) as { name: string; timestamp: string }[];
    expect(events.map((e) => e.name)).toEqual(['CREATED', 'EXPIRED']);
    expect(events[1]!.timestamp).toBe('2026-03-01T10:10:00.000Z');
  });
});

describe('landing page', () => {
  it('is an accessible Norwegian page without scripts, with a strict CSP', async () => {
    const sim = await start();
    const created = await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00008'), key: 'k' });
    const { redirectUrl } = (await created.json()) as { redirectUrl: string };
    const res = await fetch(redirectUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('Vipps (testmodus)');
    expect(html).toMatch(/1\s234,50\skr/);
    expect(html).toContain('Babysvømming &lt;nybegynner&gt; &amp; &quot;venner&quot;');
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    expect(html).toContain('<form method="post" action="order-00008/approve"><button type="submit" class="primary">Betal</button></form>');
    expect(html).toContain('<form method="post" action="order-00008/abort"><button type="submit">Avbryt</button></form>');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('approves via the form and redirects 303 to returnUrl; a second click changes nothing', async () => {
    const sim = await start();
    await sim.call('POST', '/epayment/v1/payments', { body: createBody('order-00009'), key: 'k' });
    const action = new URL('order-00009/approve', `${sim.base}/epayment-landing/order-00009`);
    const post = () =>
      fetch(action, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    const res = await post();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/betaling/order-00009');
    expect(sim.control().payment('order-00009')?.state).toBe('AUTHORIZED');
    expect((await post()).status).toBe(303);
    const again = await (await fetch(`${sim.base}/epayment-landing/order-00009`)).text();
    expect(again).toContain('Denne betalingen er godkjent.');
    expect(again).not.toContain('<form');
  });

  it('answers 404 HTML for an unknown reference', async () => {
    const sim = await start();
    const res = await fetch(`${sim.base}/epayment-landing/unknown-ref`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Fant ikke betalingen');
  });
});

describe('webhook registration', () => {
  it('registers, lists and deletes', async () => {
    const sim = await start();
    const created = await sim.call('POST', '/webhooks/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', events: ['epayments.payment.captured.v1'] },
    });
    expect(created.status).toBe(201);
    const { id, secret } = (await created.json()) as { id: string; secret: string };
    expect(secret.length).toBeGreaterThanOrEqual(20);
    const list = (await (await sim.call('GET', '/webhooks/v1/webhooks')).json()) as unknown;
    expect(list).toEqual({ webhooks: [{ id, url: 'http://127.0.0.1:9/hook', events: ['epayments.payment.captured.v1'] }] });
    expect((await sim.call('DELETE', `/webhooks/v1/webhooks/${id}`)).status).toBe(204);
    expect((await sim.call('DELETE', `/webhooks/v1/webhooks/${id}`)).status).toBe(404);
    expect((await sim.call('POST', '/webhooks/v1/webhooks', { body: { url: 'ftp://x', events: [] } })).status).toBe(400);
  });

  it('limits webhooks per event', async () => {
    const sim = await start({ webhooks: { maxWebhooksPerEvent: 2 } });
    const body = { url: 'http://127.0.0.1:9/hook', events: ['epayments.payment.created.v1'] };
    expect((await sim.call('POST', '/webhooks/v1/webhooks', { body })).status).toBe(201);
    expect((await sim.call('POST', '/webhooks/v1/webhooks', { body })).status).toBe(201);
    expect((await sim.call('POST', '/webhooks/v1/webhooks', { body })).status).toBe(400);
  });
});

describe('signWebhookRequest', () => {
  it('signs exactly as the brief §3 describes', () => {
    const body = '{"reference":"order-1"}';
    const date = 'Tue, 03 Mar 2026 10:00:00 GMT';
    const headers = signWebhookRequest({ secret: 'sekret', url: 'https://shop.example:8443/hooks/vipps?a=1', body, date });
    const hash = createHash('sha256').update(body).digest('base64');
    const sig = createHmac('sha256', 'sekret')
      .update(`POST\n/hooks/vipps?a=1\n${date};shop.example:8443;${hash}`)
      .digest('base64');
    expect(headers).toEqual({
      'x-ms-date': date,
      'x-ms-content-sha256': hash,
      authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${sig}`,
    });
  });
});

describe('fault injection (/simulator/faults)', () => {
  const setFault = (base: string, body: unknown) =>
    fetch(`${base}/simulator/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('GET /payments/{reference} includes profile, as E0 marks it required', async () => {
    const { call } = await start();
    await call('POST', '/epayment/v1/payments', { body: createBody('profile-ref-1'), key: 'k-profile' });
    const body = (await (await call('GET', '/epayment/v1/payments/profile-ref-1')).json()) as Record<string, unknown>;
    expect(body.profile).toEqual({});
    for (const field of ['aggregate', 'amount', 'state', 'paymentMethod', 'profile', 'pspReference', 'reference']) expect(body).toHaveProperty(field);
  });

  it('error: 5xx problem+json for the set time, then normal again; webhooks meanwhile are lost', async () => {
    const { base, call, control } = await start();
    const res = await setFault(base, { mode: 'error', durationMs: 300 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { fault: { mode: string } }).fault.mode).toBe('error');
    const failing = await call('GET', '/epayment/v1/payments/unknown-ref-1');
    expect(failing.status).toBe(503);
    expect(failing.headers.get('content-type')).toContain('application/problem+json');
    await new Promise((r) => setTimeout(r, 350));
    expect((await call('GET', '/epayment/v1/payments/unknown-ref-1')).status).toBe(404);
    expect(control().faultStatus().fault).toBeNull();
  });

  it('down: the connection is dropped without an answer; DELETE ends it early', async () => {
    const { base, call } = await start();
    await setFault(base, { mode: 'down', durationMs: 60_000 });
    await expect(call('GET', '/epayment/v1/payments/unknown-ref-1')).rejects.toThrow();
    // The control route itself keeps answering.
    expect(((await (await fetch(`${base}/simulator/faults`)).json()) as { fault: { mode: string } }).fault.mode).toBe('down');
    await fetch(`${base}/simulator/faults`, { method: 'DELETE' });
    expect((await call('GET', '/epayment/v1/payments/unknown-ref-1')).status).toBe(404);
  });

  it('slow: answers after the set delay', async () => {
    const { base, call } = await start();
    await setFault(base, { mode: 'slow', durationMs: 5_000, minDelayMs: 400, maxDelayMs: 400 });
    const started = Date.now();
    expect((await call('GET', '/epayment/v1/payments/unknown-ref-1')).status).toBe(404);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('refuses a bad control body with 400 naming the fields', async () => {
    const { base } = await start();
    for (const body of [{}, { mode: 'broken', durationMs: 10 }, { mode: 'slow', durationMs: -1 }, { mode: 'error', durationMs: 10, status: 404 }, { mode: 'slow', durationMs: 10, minDelayMs: 5, maxDelayMs: 1 }, [1, 2]]) {
      const res = await setFault(base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(((await (await fetch(`${base}/simulator/faults`)).json()) as { fault: unknown }).fault).toBeNull();
  });
});

describe('payments the shop already has (test mode after a restart, and the demo data)', () => {
  const known = {
    reference: 'order-known-1',
    events: [
      { name: 'CREATED' as const, amount: 260_000, pspReference: '1001', timestamp: '2026-12-01T10:00:00.000Z' },
      { name: 'AUTHORIZED' as const, amount: 260_000, pspReference: '1002', timestamp: '2026-12-01T10:01:00.000Z' },
      { name: 'CAPTURED' as const, amount: 260_000, pspReference: '1003', timestamp: '2026-12-01T10:01:05.000Z' },
      { name: 'REFUNDED' as const, amount: 26_000, pspReference: '1004', timestamp: '2026-12-02T09:00:00.000Z' },
    ],
  };

  it('are learned with their events, answer GET and events as Vipps would, and can be refunded further', async () => {
    const sim = await start();
    expect(sim.control().learn([known, { reference: 'order-known-1', events: [] }])).toBe(1);
    const payment = (await (await sim.call('GET', '/epayment/v1/payments/order-known-1')).json()) as PaymentView;
    expect(payment.state).toBe('AUTHORIZED');
    expect(payment.aggregate).toMatchObject({ authorizedAmount: { value: 260_000 }, capturedAmount: { value: 260_000 }, refundedAmount: { value: 26_000 } });
    const events = (await (await sim.call('GET', '/epayment/v1/payments/order-known-1/events')).json()) as { name: string; pspReference: string }[];
    expect(events.map((e) => [e.name, e.pspReference])).toEqual(known.events.map((e) => [e.name, e.pspReference]));
    const refund = await sim.call('POST', '/epayment/v1/payments/order-known-1/refund', { key: 'refund-2', body: { modificationAmount: { currency: 'NOK', value: 234_000 } } });
    expect(refund.status).toBe(200);
    const tooMuch = await sim.call('POST', '/epayment/v1/payments/order-known-1/refund', { key: 'refund-3', body: { modificationAmount: { currency: 'NOK', value: 1 } } });
    expect(tooMuch.status).toBe(400);
  });
});
