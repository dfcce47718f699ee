import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX } from '@app/shared';
import { faqs } from '../../db/schema';
import { createFaq } from '../../test/builders';
import { auth, createTestApp, roleTokens, type RoleTokens, type TestContext } from '../../test/app';

let ctx: TestContext;
let tokens: RoleTokens;

beforeAll(async () => {
  ctx = await createTestApp();
  tokens = await roleTokens(ctx);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.app.db.delete(faqs);
});

const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/faqs' })).json() as { _id: string; question: string; answer: string }[];
const faqCount = async () => Number((await ctx.app.db.select({ n: count() }).from(faqs))[0]!.n);
const post = (payload: unknown, token = tokens.admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/faqs', headers: auth(token), payload: payload as object });

describe('GET /faqs', () => {
  it('answers an empty list with no FAQs', async () => {
    expect(await list()).toEqual([]);
  });

  it('orders by position, then by creation time', async () => {
    const db = ctx.app.db;
    const t = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min));
    const c = await createFaq(db, { question: 'C?', answer: 'c', position: 2, createdAt: t(0) });
    const b2 = await createFaq(db, { question: 'B2?', answer: 'b2', position: 1, createdAt: t(5) });
    const b1 = await createFaq(db, { question: 'B1?', answer: 'b1', position: 1, createdAt: t(1) });
    const a = await createFaq(db, { question: 'A?', answer: 'a', position: 0, createdAt: t(9) });
    expect(await list()).toEqual([
      { _id: a.id, question: 'A?', answer: 'a' },
      { _id: b1.id, question: 'B1?', answer: 'b1' },
      { _id: b2.id, question: 'B2?', answer: 'b2' },
      { _id: c.id, question: 'C?', answer: 'c' },
    ]);
  });
});

describe('POST /faqs', () => {
  it('adds an FAQ last, with the answer as sanitised rich text', async () => {
    await createFaq(ctx.app.db, { question: 'Først?', position: 7 });
    const res = await post({ question: '  Hva tar vi med?  ', answer: 'Badetøy\nog håndkle.\n\nSe https://example.no' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), question: 'Hva tar vi med?', answer: '<p>Badetøy<br />og håndkle.</p><p>Se https://example.no</p>' });
    expect((await list()).map((f) => f.question)).toEqual(['Først?', 'Hva tar vi med?']);
  });

  it('strips scripts, event handlers and unsafe links from the answer', async () => {
    const res = await post({
      question: 'XSS?',
      answer: '<p onclick="alert(1)">Hei<script>alert(2)</script></p><img src=x onerror=alert(3)><a href="javascript:alert(4)">lenke</a><ul><li><a href="https://trygg.example">trygg</a></li></ul>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().answer).toBe('<p>Hei</p><a>lenke</a><ul><li><a href="https://trygg.example">trygg</a></li></ul>');
  });

  it.each([
    ['non-admins', 'parent'],
    ['instructors', 'instructor'],
  ] as const)('refuses %s with 403 and writes nothing', async (_name, role) => {
    const res = await post({ question: 'Q?', answer: 'A' }, tokens[role]);
    expect(res.statusCode).toBe(403);
    expect(await faqCount()).toBe(0);
  });

  it('refuses visitors with 401 and writes nothing', async () => {
    const res = await post({ question: 'Q?', answer: 'A' }, '');
    expect(res.statusCode).toBe(401);
    expect(await faqCount()).toBe(0);
  });

  it.each([
    ['an empty question', { question: '', answer: 'A' }],
    ['a blank question', { question: '   ', answer: 'A' }],
    ['a missing answer', { question: 'Q?' }],
    ['an answer that is empty once cleaned', { question: 'Q?', answer: '<script>alert(1)</script>' }],
    ['a huge answer', { question: 'Q?', answer: 'x'.repeat(RICH_TEXT_MAX + 1) }],
    ['a huge question', { question: 'Q'.repeat(501), answer: 'A' }],
    ['a number as question', { question: 42, answer: 'A' }],
  ])('answers %s with 400 and writes nothing', async (_name, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(await faqCount()).toBe(0);
  });
});

describe('PATCH and DELETE /faqs/:id', () => {
  it('updates question and answer, and 404s an unknown id', async () => {
    const faq = await createFaq(ctx.app.db, { question: 'Gammel?', answer: 'gammelt' });
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/faqs/${faq.id}`, headers: auth(tokens.admin), payload: { question: 'Ny?', answer: '<p>nytt <em>svar</em></p>' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: faq.id, question: 'Ny?', answer: '<p>nytt <em>svar</em></p>' });
    expect(await list()).toEqual([res.json()]);

    const only = await ctx.app.inject({ method: 'PATCH', url: `/api/faqs/${faq.id}`, headers: auth(tokens.admin), payload: { answer: 'bare svar' } });
    expect(only.json()).toEqual({ _id: faq.id, question: 'Ny?', answer: '<p>bare svar</p>' });

    const missing = await ctx.app.inject({ method: 'PATCH', url: '/api/faqs/ffffffffffffffffffffffff', headers: auth(tokens.admin), payload: { question: 'X?' } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses non-admins and bad input without changing anything', async () => {
    const faq = await createFaq(ctx.app.db, { question: 'Uendret?', answer: 'uendret' });
    const before = await list();
    const attempts = [
      { token: tokens.parent, payload: { question: 'Hacket?' }, status: 403 },
      { token: '', payload: { question: 'Hacket?' }, status: 401 },
      { token: tokens.admin, payload: { question: '' }, status: 400 },
      { token: tokens.admin, payload: {}, status: 400 },
      { token: tokens.admin, payload: { answer: 'x'.repeat(RICH_TEXT_MAX + 1) }, status: 400 },
    ];
    for (const { token, payload, status } of attempts) {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/api/faqs/${faq.id}`, headers: auth(token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const badId = await ctx.app.inject({ method: 'PATCH', url: '/api/faqs/not-an-id', headers: auth(tokens.admin), payload: { question: 'X?' } });
    expect(badId.statusCode).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('deletes for admins only', async () => {
    const faq = await createFaq(ctx.app.db);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/faqs/${faq.id}`, headers: auth(tokens.parent) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/faqs/${faq.id}` })).statusCode).toBe(401);
    expect(await faqCount()).toBe(1);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/faqs/${faq.id}`, headers: auth(tokens.admin) })).statusCode).toBe(204);
    expect(await faqCount()).toBe(0);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/faqs/${faq.id}`, headers: auth(tokens.admin) })).statusCode).toBe(404);
  });
});

describe('PUT /faqs/order', () => {
  const put = (ids: unknown, token = tokens.admin) =>
    ctx.app.inject({ method: 'PUT', url: '/api/faqs/order', headers: auth(token), payload: { ids } });

  it('keeps the order an admin gives, also for FAQs added later', async () => {
    const [a, b, c] = [await createFaq(ctx.app.db, { question: 'A?', position: 0 }), await createFaq(ctx.app.db, { question: 'B?', position: 1 }), await createFaq(ctx.app.db, { question: 'C?', position: 2 })];
    const res = await put([c!.id, a!.id, b!.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { question: string }) => f.question)).toEqual(['C?', 'A?', 'B?']);
    expect((await list()).map((f) => f.question)).toEqual(['C?', 'A?', 'B?']);
    await post({ question: 'D?', answer: 'd' });
    expect((await list()).map((f) => f.question)).toEqual(['C?', 'A?', 'B?', 'D?']);
  });

  it('keeps an FAQ the list did not know of (added meanwhile) after the ones it names', async () => {
    const a = await createFaq(ctx.app.db, { question: 'A?', position: 0 });
    const b = await createFaq(ctx.app.db, { question: 'B?', position: 1 });
    await createFaq(ctx.app.db, { question: 'Ny?', position: 2 });
    const res = await put([b.id, a.id]);
    expect(res.statusCode).toBe(200);
    expect((await list()).map((f) => f.question)).toEqual(['B?', 'A?', 'Ny?']);
  });

  it('refuses a list naming a deleted FAQ (409), duplicates and bad ids (400), and non-admins, changing nothing', async () => {
    const a = await createFaq(ctx.app.db, { question: 'A?', position: 0 });
    const b = await createFaq(ctx.app.db, { question: 'B?', position: 1 });
    const before = await list();
    expect((await put([b.id, a.id, 'ffffffffffffffffffffffff'])).statusCode).toBe(409);
    expect((await put([b.id, b.id])).statusCode).toBe(400);
    expect((await put([b.id, 'nope'])).statusCode).toBe(400);
    expect((await put([])).statusCode).toBe(400);
    expect((await put([b.id, a.id], tokens.parent)).statusCode).toBe(403);
    expect((await put([b.id, a.id], '')).statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });
});
