import { afterEach, describe, expect, it } from 'vitest';
import { createEpaymentClient, VippsApiError, VippsNetworkError, type CreatePaymentInput } from './index';
import { startTestEpaymentSimulator, submitLandingPage, type TestEpaymentSimulator } from '../../../test/epayment';

const sims: TestEpaymentSimulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startTestEpaymentSimulator>[0] = {}) {
  const sim = await startTestEpaymentSimulator(options);
  sims.push(sim);
  return sim;
}

/** A fetch that records every URL, to count token calls. */
function recordingFetch() {
  const calls: { url: string; headers: Headers }[] = [];
  const wrapped: typeof fetch = (input, init) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  return { calls, fetch: wrapped, tokenCalls: () => calls.filter((c) => c.url.endsWith('/accesstoken/get')).length };
}

let counter = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
  counter += 1;
  const reference = `bs-test-${Date.now().toString(36)}-${counter}`;
  return {
    reference,
    amountOre: 10_000,
    description: 'Babysvømming vår 2026',
    returnUrl: `http://localhost:3000/betaling/${reference}`,
    idempotencyKey: `create-${reference}`,
    ...overrides,
  };
};

async function rejection(promise: Promise<unknown>): Promise<VippsApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VippsApiError);
  return error as VippsApiError;
}

describe('access token', () => {
  it('fetches one token for many concurrent and sequential requests', async () => {
    const sim = await start();
    const rec = recordingFetch();
    const client = sim.client({ fetch: rec.fetch });
    const created = await client.createPayment(input());
    await Promise.all(Array.from({ length: 10 }, () => client.getPayment(created.reference)));
    await client.getEvents(created.reference);
    expect(rec.tokenCalls()).toBe(1);
    expect(rec.calls).toHaveLength(13);
  });

  it('refreshes shortly before expiry', async () => {
    const sim = await start();
    const rec = recordingFetch();
    let now = Date.now();
    const client = sim.client({ fetch: rec.fetch, now: () => now });
    const { reference } = await client.createPayment(input());
    now += 54 * 60_000; // token lives 60 min; refresh margin 5 min
    await client.getPayment(reference);
    expect(rec.tokenCalls()).toBe(1);
    now += 2 * 60_000;
    await client.getPayment(reference);
    expect(rec.tokenCalls()).toBe(2);
  });

  it('gets a new token once when the API rejects the cached one', async () => {
    const tokens = new Map<string, number>();
    const sim = await start({ tokens });
    const rec = recordingFetch();
    const client = sim.client({ fetch: rec.fetch });
    const { reference } = await client.createPayment(input());
    tokens.clear(); // e.g. the simulator restarted
    expect((await client.getPayment(reference)).state).toBe('CREATED');
    expect(rec.tokenCalls()).toBe(2);
  });

  it('turns wrong credentials into a VippsApiError 401', async () => {
    const sim = await start();
    const error = await rejection(sim.client({ clientSecret: 'wrong' }).getPayment('whatever-ref'));
    expect(error.status).toBe(401);
    expect(error.title).toBe('unauthorized_client');
  });

  it('sends the merchant and system headers on every call', async () => {
    const sim = await start();
    const rec = recordingFetch();
    const client = sim.client({ fetch: rec.fetch, pluginName: 'bs-plugin', pluginVersion: '2.0' });
    const created = await client.createPayment(input({ idempotencyKey: 'key-from-caller' }));
    const call = rec.calls.find((c) => c.url.endsWith('/epayment/v1/payments'))!;
    expect(call.url).toBe(`${sim.baseUrl}/epayment/v1/payments`); // trailing slash of baseUrl stripped
    expect(Object.fromEntries(call.headers)).toMatchObject({
      authorization: expect.stringMatching(/^Bearer \S+$/),
      'ocp-apim-subscription-key': 'test-subscription-key',
      'merchant-serial-number': '223344',
      'vipps-system-name': 'babysvomming',
      'vipps-system-version': '1.0.0',
      'vipps-system-plugin-name': 'bs-plugin',
      'vipps-system-plugin-version': '2.0',
      'idempotency-key': 'key-from-caller',
    });
    const events = await client.getEvents(created.reference);
    expect(events[0]!.idempotencyKey).toBe('key-from-caller');
  });

  it('rejects system headers over 30 characters and bad idempotency keys up front', async () => {
    const sim = await start();
    expect(() => sim.client({ systemName: 'x'.repeat(31) })).toThrow(TypeError);
    await expect(sim.client().capture('abcdefgh', 100, 'k'.repeat(51))).rejects.toThrow(TypeError);
    await expect(sim.client().cancel('abcdefgh', '')).rejects.toThrow(TypeError);
  });
});

describe('create, get, events', () => {
  it('creates a payment and reads it back', async () => {
    const sim = await start();
    const client = sim.client();
    const data = input({ phoneNumber: '4791234567' });
    const created = await client.createPayment(data);
    expect(created).toEqual({ reference: data.reference, redirectUrl: `${sim.baseUrl}/epayment-landing/${data.reference}` });

    const payment = await client.getPayment(data.reference);
    expect(payment).toMatchObject({
      reference: data.reference,
      state: 'CREATED',
      amount: { currency: 'NOK', value: 10_000 },
      paymentMethod: { type: 'WALLET' },
      redirectUrl: created.redirectUrl,
      aggregate: {
        authorizedAmount: { currency: 'NOK', value: 0 },
        cancelledAmount: { currency: 'NOK', value: 0 },
        capturedAmount: { currency: 'NOK', value: 0 },
        refundedAmount: { currency: 'NOK', value: 0 },
      },
    });
    expect(payment.pspReference).toMatch(/^\d+$/);

    const events = await client.getEvents(data.reference);
    expect(events).toEqual([
      {
        reference: data.reference,
        pspReference: payment.pspReference,
        name: 'CREATED',
        amount: { currency: 'NOK', value: 10_000 },
        timestamp: expect.any(String),
        idempotencyKey: data.idempotencyKey,
        success: true,
      },
    ]);
  });

  it('answers 404 problem+json for an unknown reference', async () => {
    const sim = await start();
    const error = await rejection(sim.client().getPayment('no-such-payment'));
    expect(error).toMatchObject({ status: 404, type: 'https://httpstatuses.io/404', title: 'Payment not found' });
    expect(error.traceId).toMatch(/^00-/);
    expect(error.retryable).toBe(false);
  });

  it('surfaces validation problems with extraDetails', async () => {
    const sim = await start();
    const error = await rejection(sim.client().createPayment(input({ amountOre: 99, description: 'x' })));
    expect(error.status).toBe(400);
    expect(error.extraDetails?.map((d) => d.name).sort()).toEqual(['amount.value', 'paymentDescription']);
  });
});

describe('idempotency', () => {
  it('replays a create with the same key and body (a retry after a crash)', async () => {
    const sim = await start();
    const client = sim.client();
    const data = input();
    const first = await client.createPayment(data);
    const retried = await createEpaymentClient(sim.clientOptions).createPayment(data);
    expect(retried).toEqual(first);
    expect((await client.getEvents(data.reference)).map((e) => e.name)).toEqual(['CREATED']);
  });

  it('answers 409 for the same key with another body, and for a reused reference', async () => {
    const sim = await start();
    const client = sim.client();
    const data = input();
    await client.createPayment(data);
    const conflict = await rejection(client.createPayment({ ...data, amountOre: 20_000 }));
    expect(conflict).toMatchObject({ status: 409, title: 'Idempotency conflict' });
    const taken = await rejection(client.createPayment({ ...data, idempotencyKey: 'another-key' }));
    expect(taken).toMatchObject({ status: 409, title: 'Reference already exists' });
  });

  it('replays captures and refunds instead of doing them twice', async () => {
    const sim = await start();
    const client = sim.client();
    const { reference } = await client.createPayment(input());
    sim.control.approve(reference);
    const first = await client.capture(reference, 4000, 'capture-1');
    const again = await client.capture(reference, 4000, 'capture-1');
    expect(again).toEqual(first);
    expect((await client.getPayment(reference)).aggregate.capturedAmount.value).toBe(4000);
    expect(await rejection(client.capture(reference, 5000, 'capture-1'))).toMatchObject({ status: 409, title: 'Idempotency conflict' });

    await client.refund(reference, 1000, 'refund-1');
    await client.refund(reference, 1000, 'refund-1');
    expect((await client.getPayment(reference)).aggregate.refundedAmount.value).toBe(1000);
  });
});

describe('user decisions', () => {
  it('approves through the landing page form: AUTHORIZED and 303 to returnUrl', async () => {
    const sim = await start();
    const client = sim.client();
    const data = input();
    const { redirectUrl } = await client.createPayment(data);
    expect(await submitLandingPage(redirectUrl, 'Betal')).toBe(data.returnUrl);
    const payment = await client.getPayment(data.reference);
    expect(payment.state).toBe('AUTHORIZED');
    expect(payment.aggregate.authorizedAmount.value).toBe(10_000);
    expect((await client.getEvents(data.reference)).map((e) => [e.name, e.idempotencyKey])).toEqual([
      ['CREATED', data.idempotencyKey],
      ['AUTHORIZED', null],
    ]);
  });

  it('aborts through the landing page: ABORTED, and nothing can be captured', async () => {
    const sim = await start();
    const client = sim.client();
    const data = input();
    const { redirectUrl } = await client.createPayment(data);
    expect(await submitLandingPage(redirectUrl, 'Avbryt')).toBe(data.returnUrl);
    expect((await client.getPayment(data.reference)).state).toBe('ABORTED');
    expect((await rejection(client.capture(data.reference, 100, 'c'))).status).toBe(400);
    expect((await rejection(client.cancel(data.reference, 'x'))).status).toBe(400);
  });

  it('approves through the test API like Vipps test', async () => {
    const sim = await start();
    const client = sim.client();
    const { reference } = await client.createPayment(input());
    const res = await fetch(`${sim.baseUrl}/epayment/v1/test/payments/${reference}/approve`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await tokenFor(sim)}`,
        'Ocp-Apim-Subscription-Key': sim.clientOptions.subscriptionKey,
        'Merchant-Serial-Number': sim.clientOptions.merchantSerialNumber,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ customer: { phoneNumber: '4791234567' } }),
    });
    expect(res.status).toBe(200);
    expect((await client.getPayment(reference)).state).toBe('AUTHORIZED');
  });

  it('expires a CREATED payment after paymentTimeoutMs (injected clock, checked on read)', async () => {
    let now = Date.now();
    const sim = await start({ clock: () => now });
    const client = sim.client({ now: () => now });
    const data = input();
    const { redirectUrl } = await client.createPayment(data);
    now += 10 * 60_000;
    expect((await client.getPayment(data.reference)).state).toBe('EXPIRED');
    expect((await client.getEvents(data.reference)).map((e) => e.name)).toEqual(['CREATED', 'EXPIRED']);
    // Too late to pay: the page shows the state and the button does nothing but return.
    expect(await submitLandingPage(redirectUrl, 'Betal').catch((e: Error) => e.message)).toBe("no 'Betal' button on the landing page");
  });

  it('expires by timer without anybody reading', async () => {
    const sim = await start({ paymentTimeoutMs: 30 });
    const client = sim.client();
    const { reference } = await client.createPayment(input());
    await new Promise((r) => setTimeout(r, 80));
    const events = await client.getEvents(reference);
    expect(events.map((e) => e.name)).toEqual(['CREATED', 'EXPIRED']);
  });
});

describe('capture, refund, cancel', () => {
  it('moves the aggregate while the state stays AUTHORIZED, within the limits', async () => {
    const sim = await start();
    const client = sim.client();
    const { reference } = await client.createPayment(input({ amountOre: 10_000 }));

    const early = await rejection(client.capture(reference, 100, 'early'));
    expect(early).toMatchObject({ status: 400, title: 'Cannot capture before reservation' });
    sim.control.approve(reference);

    const captured = await client.capture(reference, 3000, 'cap-1');
    expect(captured.state).toBe('AUTHORIZED');
    expect(captured.aggregate.capturedAmount.value).toBe(3000);
    expect(captured.pspReference).not.toBe((await client.getPayment(reference)).pspReference);

    expect(await rejection(client.capture(reference, 7001, 'cap-too-much'))).toMatchObject({ status: 400, title: 'Capture amount too high' });
    expect(await rejection(client.refund(reference, 3001, 'ref-too-much'))).toMatchObject({ status: 400, title: 'Not enough refundable' });

    const refunded = await client.refund(reference, 1000, 'ref-1');
    expect(refunded.state).toBe('AUTHORIZED');
    expect(refunded.aggregate.refundedAmount.value).toBe(1000);

    const cancelled = await client.cancel(reference, 'cancel-1');
    expect(cancelled.state).toBe('AUTHORIZED');
    expect(cancelled.aggregate).toEqual({
      authorizedAmount: { currency: 'NOK', value: 10_000 },
      cancelledAmount: { currency: 'NOK', value: 7000 },
      capturedAmount: { currency: 'NOK', value: 3000 },
      refundedAmount: { currency: 'NOK', value: 1000 },
    });
    expect(await rejection(client.capture(reference, 1, 'cap-after-cancel'))).toMatchObject({ status: 400, title: 'Capture amount too high' });
    expect((await rejection(client.cancel(reference, 'cancel-2'))).status).toBe(400);
    // Refunds of what was captured remain possible after the cancel.
    expect((await client.refund(reference, 2000, 'ref-2')).aggregate.refundedAmount.value).toBe(3000);

    const events = await client.getEvents(reference);
    expect(events.map((e) => [e.name, e.amount.value, e.idempotencyKey])).toEqual([
      ['CREATED', 10_000, expect.any(String)],
      ['AUTHORIZED', 10_000, null],
      ['CAPTURED', 3000, 'cap-1'],
      ['REFUNDED', 1000, 'ref-1'],
      ['CANCELLED', 7000, 'cancel-1'],
      ['REFUNDED', 2000, 'ref-2'],
    ]);
    expect(new Set(events.map((e) => e.pspReference)).size).toBe(events.length);
  });

  it('allows partial captures up to the full amount, then no cancel', async () => {
    const sim = await start();
    const client = sim.client();
    const { reference } = await client.createPayment(input({ amountOre: 5000 }));
    sim.control.approve(reference);
    await client.capture(reference, 2500, 'a');
    await client.capture(reference, 2500, 'b');
    expect((await client.getPayment(reference)).aggregate.capturedAmount.value).toBe(5000);
    expect(await rejection(client.cancel(reference, 'c'))).toMatchObject({ status: 400, title: 'Cannot cancel' });
  });

  it('cancel before authorization terminates the payment', async () => {
    const sim = await start();
    const client = sim.client();
    const data = input();
    const { redirectUrl } = await client.createPayment(data);
    const result = await client.cancel(data.reference, 'cancel-early');
    expect(result.state).toBe('TERMINATED');
    expect((await client.getPayment(data.reference)).state).toBe('TERMINATED');
    expect((await client.getEvents(data.reference)).map((e) => e.name)).toEqual(['CREATED', 'TERMINATED']);
    expect(() => sim.control.approve(data.reference)).toThrow(/state TERMINATED/);
    const html = await (await fetch(redirectUrl)).text();
    expect(html).toContain('avbrutt av butikken');
  });
});

describe('transport', () => {
  it('times out a hanging request with a retryable VippsNetworkError', async () => {
    const sim = await start();
    const hanging: typeof fetch = (url, init) =>
      String(url).endsWith('/accesstoken/get')
        ? fetch(url, init)
        : new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const client = sim.client({ fetch: hanging, timeoutMs: 50 });
    const error = await client.getPayment('abcdefgh').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VippsNetworkError);
    expect((error as VippsNetworkError).timedOut).toBe(true);
    expect((error as VippsNetworkError).retryable).toBe(true);
  });

  it('reports a refused connection as a VippsNetworkError', async () => {
    const sim = await start();
    const url = sim.baseUrl;
    await sim.close();
    sims.splice(sims.indexOf(sim), 1);
    const client = createEpaymentClient({ ...sim.clientOptions, baseUrl: url });
    await expect(client.getPayment('abcdefgh')).rejects.toBeInstanceOf(VippsNetworkError);
  });
});

async function tokenFor(sim: TestEpaymentSimulator): Promise<string> {
  const res = await fetch(`${sim.baseUrl}/accesstoken/get`, {
    method: 'POST',
    headers: {
      client_id: sim.clientOptions.clientId,
      client_secret: sim.clientOptions.clientSecret,
      'Ocp-Apim-Subscription-Key': sim.clientOptions.subscriptionKey,
    },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('GET payment: only what ePayment v1 requires (issue 42)', () => {
  /** A fetch that answers the token call and then the given GET payment body, as Vipps would. */
  const vippsAnswering = (body: unknown): typeof fetch => async (url) =>
    String(url).endsWith('/accesstoken/get')
      ? Response.json({ access_token: 'token', expires_in: '3600' })
      : Response.json(body);
  const client = (body: unknown) =>
    createEpaymentClient({
      baseUrl: 'https://apitest.example',
      clientId: 'id',
      clientSecret: 'secret',
      subscriptionKey: 'key',
      merchantSerialNumber: '123456',
      systemName: 'babysvomming',
      systemVersion: '1.0.0',
      fetch: vippsAnswering(body),
    });
  const nok = (value: number) => ({ currency: 'NOK', value });
  const required = {
    aggregate: { authorizedAmount: nok(100), cancelledAmount: nok(0), capturedAmount: nok(0), refundedAmount: nok(0) },
    amount: nok(100),
    state: 'AUTHORIZED',
    paymentMethod: { type: 'WALLET' },
    profile: {},
    pspReference: '123',
    reference: 'bs-ref-0001',
  };

  it('reads a payment with only the required fields (no redirectUrl, metadata, cardBin or profile.sub)', async () => {
    expect(await client(required).getPayment('bs-ref-0001')).toMatchObject({ state: 'AUTHORIZED', reference: 'bs-ref-0001' });
  });

  it('does not depend on the fields the simulator used to leave out, and ignores ones it does not know', async () => {
    const { profile: _profile, paymentMethod: _method, ...withoutOptional } = required;
    expect((await client(withoutOptional).getPayment('bs-ref-0001')).state).toBe('AUTHORIZED');
    const richer = { ...required, profile: { sub: 'c06c4afe-d9e1-4c5d-939a-177d752a0944' }, paymentMethod: { type: 'CARD', cardBin: '540185' }, newField: 1 };
    expect((await client(richer).getPayment('bs-ref-0001')).profile?.sub).toBe('c06c4afe-d9e1-4c5d-939a-177d752a0944');
  });
});
