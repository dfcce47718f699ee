import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookAttempt } from '../../../../../../packages/vipps-sim/src/epayment/index';
import { EPAYMENT_WEBHOOK_EVENTS, verifyWebhook, webhookEventSchema, type EpaymentClient } from './index';
import { startTestEpaymentSimulator, submitLandingPage } from '../../../test/epayment';

interface Received {
  url: string;
  host: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  event: { reference: string; pspReference: string; name: string };
  status: number;
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A small product-like receiver on loopback that keeps the raw body, as a real handler must. */
async function startReceiver(statusFor: (n: number, event: Received['event']) => number = () => 200) {
  const app: FastifyInstance = Fastify();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const received: Received[] = [];
  app.post('/hooks/vipps', async (request, reply) => {
    const raw = request.body as Buffer;
    const event = JSON.parse(raw.toString('utf8')) as Received['event'];
    const status = statusFor(received.length + 1, event);
    received.push({ url: request.url, host: request.headers.host ?? '', headers: request.headers, raw, event, status });
    return reply.status(status).send();
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => app.close());
  return { url: `${base}/hooks/vipps?tenant=bs`, received, accepted: () => received.filter((r) => r.status < 300) };
}

async function start(options: Parameters<typeof startTestEpaymentSimulator>[0] = {}) {
  const sim = await startTestEpaymentSimulator(options);
  closers.push(() => sim.close());
  return sim;
}

let counter = 0;
async function createPayment(client: EpaymentClient, amountOre = 10_000) {
  counter += 1;
  const reference = `bs-hook-${Date.now().toString(36)}-${counter}`;
  return client.createPayment({
    reference,
    amountOre,
    description: 'Babysvømming',
    returnUrl: `http://localhost:3000/betaling/${reference}`,
    idempotencyKey: `create-${reference}`,
  });
}

const verify = (secret: string, r: Received, overrides: Partial<Parameters<typeof verifyWebhook>[0]> = {}) =>
  verifyWebhook({ secret, method: 'POST', pathAndQuery: r.url, host: r.host, headers: r.headers, rawBody: r.raw, ...overrides });

describe('verifyWebhook', () => {
  it('accepts a simulator delivery and rejects every kind of tampering', async () => {
    const sim = await start();
    const client = sim.client();
    const receiver = await startReceiver();
    const { secret } = await client.registerWebhook({ url: receiver.url, events: EPAYMENT_WEBHOOK_EVENTS });
    const { reference } = await createPayment(client);
    await sim.control.webhooksIdle();

    const delivery = receiver.received[0]!;
    expect(delivery.url).toBe('/hooks/vipps?tenant=bs');
    expect(delivery.headers.authorization).toMatch(/^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=[A-Za-z0-9+/]+=*$/);
    expect(verify(secret, delivery)).toBe(true);
    expect(verify(secret, delivery, { rawBody: delivery.raw.toString('utf8') })).toBe(true);
    expect(verify(secret, delivery, { headers: new Headers(delivery.headers as Record<string, string>) })).toBe(true);

    const tampered = Buffer.from(delivery.raw.toString('utf8').replace('"value":10000', '"value":1'));
    expect(verify(secret, delivery, { rawBody: tampered })).toBe(false);
    // Body changed and its hash header recomputed: the signature still covers the old hash.
    const tamperedHash = createHash('sha256').update(tampered).digest('base64');
    expect(verify(secret, delivery, { rawBody: tampered, headers: { ...delivery.headers, 'x-ms-content-sha256': tamperedHash } })).toBe(false);
    expect(verify('wrong-secret', delivery)).toBe(false);
    expect(verify(secret, delivery, { pathAndQuery: '/hooks/vipps' })).toBe(false);
    expect(verify(secret, delivery, { pathAndQuery: '/other?tenant=bs' })).toBe(false);
    expect(verify(secret, delivery, { host: 'evil.example' })).toBe(false);
    expect(verify(secret, delivery, { method: 'PUT' })).toBe(false);
    expect(verify(secret, delivery, { headers: { ...delivery.headers, 'x-ms-date': 'Mon, 01 Jan 2024 00:00:00 GMT' } })).toBe(false);
    expect(verify(secret, delivery, { headers: { ...delivery.headers, authorization: undefined } })).toBe(false);
    expect(verify('', delivery)).toBe(false);

    const event = webhookEventSchema.parse(JSON.parse(delivery.raw.toString('utf8')));
    expect(event).toMatchObject({ msn: '223344', reference, name: 'CREATED', amount: { currency: 'NOK', value: 10_000 }, success: true });
  });

  it('matches an independently computed signature', () => {
    const secret = 'a-secret-with-ÆØÅ';
    const rawBody = '{"msn":"223344","reference":"order-123456"}';
    const date = 'Wed, 04 Mar 2026 08:15:00 GMT';
    const hash = createHash('sha256').update(rawBody, 'utf8').digest('base64');
    const signature = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(`POST\n/api/vipps/webhooks?v=1\n${date};babysvomming.no;${hash}`)
      .digest('base64');
    const headers = {
      'x-ms-date': date,
      'x-ms-content-sha256': hash,
      authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
    };
    const input = { secret, method: 'post', pathAndQuery: '/api/vipps/webhooks?v=1', host: 'babysvomming.no', headers, rawBody };
    expect(verifyWebhook(input)).toBe(true);
    expect(verifyWebhook({ ...input, headers: { ...headers, Authorization: headers.authorization, authorization: undefined } })).toBe(true);
    expect(verifyWebhook({ ...input, headers: { ...headers, authorization: `${headers.authorization}x` } })).toBe(false);
  });
});

describe('webhook delivery', () => {
  it('delivers every event type to subscribers only, and stops after delete', async () => {
    // Long enough for the other payments to be approved or cancelled first, even on a busy machine.
    const sim = await start({ paymentTimeoutMs: 2000 });
    const client = sim.client();
    const all = await startReceiver();
    const capturesOnly = await startReceiver();
    const allHook = await client.registerWebhook({ url: all.url, events: EPAYMENT_WEBHOOK_EVENTS });
    await client.registerWebhook({ url: capturesOnly.url, events: ['epayments.payment.captured.v1'] });
    expect((await client.listWebhooks()).map((w) => w.url).sort()).toEqual([all.url, capturesOnly.url].sort());

    const paid = await createPayment(client);
    await submitLandingPage(paid.redirectUrl, 'Betal');
    await client.capture(paid.reference, 4000, 'cap');
    await client.refund(paid.reference, 1000, 'ref');
    await client.cancel(paid.reference, 'can');
    const aborted = await createPayment(client);
    await submitLandingPage(aborted.redirectUrl, 'Avbryt');
    const terminated = await createPayment(client);
    await client.cancel(terminated.reference, 'term');
    const expired = await createPayment(client);
    const names = (ref: string) => all.received.filter((r) => r.event.reference === ref).map((r) => r.event.name);
    // The expiry timer fires on its own (nobody reads the payment): wait for its webhook.
    await vi.waitFor(() => expect(names(expired.reference)).toContain('EXPIRED'), { timeout: 10_000, interval: 50 });
    await sim.control.webhooksIdle();
    expect(names(paid.reference)).toEqual(['CREATED', 'AUTHORIZED', 'CAPTURED', 'REFUNDED', 'CANCELLED']);
    expect(names(aborted.reference)).toEqual(['CREATED', 'ABORTED']);
    expect(names(terminated.reference)).toEqual(['CREATED', 'TERMINATED']);
    expect(names(expired.reference)).toEqual(['CREATED', 'EXPIRED']);
    expect(capturesOnly.received.map((r) => [r.event.reference, r.event.name])).toEqual([[paid.reference, 'CAPTURED']]);

    const log = await client.getEvents(paid.reference);
    const delivered = all.received.filter((r) => r.event.reference === paid.reference).map((r) => webhookEventSchema.parse(JSON.parse(r.raw.toString())));
    expect(delivered).toEqual(log.map((e) => ({ msn: '223344', ...e })));

    await client.deleteWebhook(allHook.id);
    const before = all.received.length;
    await createPayment(client);
    await sim.control.webhooksIdle();
    expect(all.received.length).toBe(before);
  });

  it('retries non-2xx answers with backoff until one is accepted, re-signing each attempt', async () => {
    const attempts: WebhookAttempt[] = [];
    const sim = await start({ webhooks: { retryBaseDelayMs: 5, onAttempt: (a) => attempts.push(a) } });
    const client = sim.client();
    const receiver = await startReceiver((n) => (n <= 3 ? [500, 404, 503][n - 1]! : 200));
    const { secret } = await client.registerWebhook({ url: receiver.url, events: EPAYMENT_WEBHOOK_EVENTS });
    const { reference } = await createPayment(client);
    await sim.control.webhooksIdle();

    expect(receiver.received.map((r) => r.status)).toEqual([500, 404, 503, 200]);
    expect(receiver.received.every((r) => r.event.reference === reference && verify(secret, r))).toBe(true);
    expect(attempts.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, 500, false],
      [2, 404, false],
      [3, 503, false],
      [4, 200, true],
    ]);
  });

  it('retries when the receiver is down, and gives up after maxAttempts', async () => {
    const attempts: WebhookAttempt[] = [];
    const sim = await start({ webhooks: { retryBaseDelayMs: 1, maxAttempts: 3, onAttempt: (a) => attempts.push(a) } });
    const client = sim.client();
    await client.registerWebhook({ url: 'http://127.0.0.1:1/nobody-listens', events: EPAYMENT_WEBHOOK_EVENTS });
    await createPayment(client);
    await sim.control.webhooksIdle();
    expect(attempts.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, null, false],
      [2, null, false],
      [3, null, false],
    ]);
  });

  it('keeps order per payment while failures hold later events back', async () => {
    const sim = await start();
    const client = sim.client();
    // Deterministic flakiness: about half of all requests fail, across payments.
    const receiver = await startReceiver((n) => (n % 2 === 0 || n % 5 === 0 ? 503 : 200));
    await client.registerWebhook({ url: receiver.url, events: EPAYMENT_WEBHOOK_EVENTS });

    const payments = await Promise.all([createPayment(client), createPayment(client), createPayment(client)]);
    await Promise.all(
      payments.map(async ({ reference }, i) => {
        sim.control.approve(reference);
        await client.capture(reference, 2000 + i, `cap-a-${i}`);
        await client.capture(reference, 1000, `cap-b-${i}`);
        await client.refund(reference, 500, `ref-${i}`);
      }),
    );
    await sim.control.webhooksIdle();

    expect(receiver.received.some((r) => r.status === 503)).toBe(true);
    for (const { reference } of payments) {
      const log = await client.getEvents(reference);
      const accepted = receiver.accepted().filter((r) => r.event.reference === reference);
      expect(accepted.map((r) => r.event.pspReference)).toEqual(log.map((e) => e.pspReference));
      // No attempt for event i+1 before event i was accepted.
      const index = (r: Received) => log.findIndex((e) => e.pspReference === r.event.pspReference);
      let highestAccepted = -1;
      for (const r of receiver.received.filter((x) => x.event.reference === reference)) {
        expect(index(r)).toBe(highestAccepted + 1);
        if (r.status < 300) highestAccepted = index(r);
      }
    }
  });

  it("delivers duplicates with duplicateDeliveries: 'always', which an idempotent handler absorbs", async () => {
    const sim = await start({ webhooks: { duplicateDeliveries: 'always' } });
    const client = sim.client();
    const receiver = await startReceiver();
    await client.registerWebhook({ url: receiver.url, events: EPAYMENT_WEBHOOK_EVENTS });
    const { reference } = await createPayment(client);
    sim.control.approve(reference);
    await client.capture(reference, 10_000, 'cap');
    await sim.control.webhooksIdle();

    expect(receiver.received.map((r) => r.event.name)).toEqual(['CREATED', 'CREATED', 'AUTHORIZED', 'AUTHORIZED', 'CAPTURED', 'CAPTURED']);
    const processed = new Set(receiver.received.map((r) => `${r.event.reference}|${r.event.pspReference}|${r.event.name}`));
    expect(processed.size).toBe(3);
  });

  it('duplicates by probability', async () => {
    let flip = 0;
    const sim = await start({ webhooks: { duplicateDeliveries: 0.5, random: () => (flip++ % 2 === 0 ? 0.1 : 0.9) } });
    const client = sim.client();
    const receiver = await startReceiver();
    await client.registerWebhook({ url: receiver.url, events: EPAYMENT_WEBHOOK_EVENTS });
    const { reference } = await createPayment(client);
    sim.control.approve(reference);
    await client.capture(reference, 100, 'cap');
    await client.capture(reference, 100, 'cap-2');
    await sim.control.webhooksIdle();
    expect(receiver.received.map((r) => r.event.name)).toEqual(['CREATED', 'CREATED', 'AUTHORIZED', 'CAPTURED', 'CAPTURED', 'CAPTURED']);
  });

  it('treats a redirect as a failed delivery', async () => {
    const attempts: WebhookAttempt[] = [];
    const sim = await start({ webhooks: { maxAttempts: 2, retryBaseDelayMs: 1, onAttempt: (a) => attempts.push(a) } });
    const client = sim.client();
    const receiver = await startReceiver(() => 301);
    await client.registerWebhook({ url: receiver.url, events: ['epayments.payment.created.v1'] });
    await createPayment(client);
    await sim.control.webhooksIdle();
    expect(attempts.map((a) => [a.status, a.ok])).toEqual([
      [301, false],
      [301, false],
    ]);
  });
});
