import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, outbox, rateLimits } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';

const COMPANY = 'kontakt@test.example.no';
const valid = { name: 'Kari Nordmann', email: 'kari@example.no', message: 'Har dere ledige plasser på lørdager?' };

describe('POST /contact', () => {
  let ctx: TestContext;
  let ip = 0;
  /** Each test posts from its own address, so the rate limit of one test does not spill into another. */
  let remoteAddress: string;
  beforeEach(() => {
    ip += 1;
    remoteAddress = `10.0.0.${ip}`;
  });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const counts = async () => {
    const db = ctx.app.db;
    const [m] = await db.select({ n: count() }).from(contactMessages);
    const [o] = await db.select({ n: count() }).from(outbox);
    const [r] = await db.select({ n: count() }).from(rateLimits);
    return { messages: Number(m!.n), outbox: Number(o!.n), rateLimits: Number(r!.n) };
  };

  beforeAll(async () => {
    ctx = await createTestApp({ SITE_CONTACT_EMAIL: COMPANY, CONTACT_RATE_LIMIT: '3' });
  });
  afterAll(() => ctx.close());

  it('stores the message and queues an e-mail to the company in one go', async () => {
    const before = await counts();
    const res = await post({ ...valid, name: '  Kari Nordmann  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = await counts();
    expect(after.messages).toBe(before.messages + 1);
    expect(after.outbox).toBe(before.outbox + 1);

    const [stored] = await ctx.app.db.select().from(contactMessages);
    expect(stored).toMatchObject({ name: 'Kari Nordmann', email: 'kari@example.no', message: valid.message });
    const [mail] = await ctx.app.db.select().from(outbox);
    expect(mail).toMatchObject({ to: COMPANY, status: 'pending' });
    expect(mail!.subject).toContain('Kari Nordmann');
    expect(mail!.text).toContain('kari@example.no');
    expect(mail!.text).toContain(valid.message);
  });

  const badBodies: [string, unknown][] = [
    ['missing name', { email: valid.email, message: valid.message }],
    ['missing email', { name: valid.name, message: valid.message }],
    ['missing message', { name: valid.name, email: valid.email }],
    ['empty name', { ...valid, name: '' }],
    ['blank message', { ...valid, message: '   \n ' }],
    ['invalid email', { ...valid, email: 'not-an-address' }],
    ['oversized name', { ...valid, name: 'x'.repeat(201) }],
    ['oversized email', { ...valid, email: `${'x'.repeat(250)}@e.no` }],
    ['oversized message', { ...valid, message: 'x'.repeat(5001) }],
    ['name of wrong type', { ...valid, name: 42 }],
    ['array body', [valid]],
    ['null body', null],
  ];
  it.each(badBodies)('rejects %s with 400 and writes nothing', async (_label, body) => {
    const before = await counts();
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.message).toMatch(/Invalid input/);
    expect(await counts()).toEqual(before);
  });

  it('rejects invalid JSON with 400 and writes nothing', async () => {
    const before = await counts();
    const res = await post('{"name": "Kari", ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(await counts()).toEqual(before);
  });

  it('rejects an empty body with 400 and writes nothing', async () => {
    const before = await counts();
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('rejects a wrong content type with a 4xx error body and writes nothing', async () => {
    const before = await counts();
    const form = await post('name=Kari&email=kari%40example.no&message=Hei', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('BAD_REQUEST');
    const text = await post(JSON.stringify(valid), { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('VALIDATION');
    expect(await counts()).toEqual(before);
  });

  it('rejects a body over the size limit', async () => {
    const before = await counts();
    const res = await post({ ...valid, message: 'x'.repeat(300 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBeDefined();
    expect(await counts()).toEqual(before);
  });

  it('limits messages per IP address with 429, counting only accepted requests', async () => {
    expect((await post({ ...valid, name: '' })).statusCode).toBe(400); // not counted
    for (let i = 1; i <= 3; i++) {
      const ok = await post(valid);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(3 - i));
    }
    const before = await counts();
    const limited = await post(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'CONTACT_RATE_LIMITED', message: expect.any(String) } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    const after = await counts();
    expect(after.messages).toBe(before.messages);
    expect(after.outbox).toBe(before.outbox);

    // Another address is not affected.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '192.0.2.77',
      payload: valid,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('stores no plain IP address in the rate-limit table', async () => {
    const rows = await ctx.app.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
  });
});
