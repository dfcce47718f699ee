import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaq } from '../../db/seed/builders';
import { createTestApp, type TestContext } from '../../test/app';

describe('GET /faqs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers an empty list with no FAQs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('orders by position, then by creation time', async () => {
    const db = ctx.app.db;
    const t = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min));
    const c = await createFaq(db, { question: 'C?', answer: 'c', position: 2, createdAt: t(0) });
    const b2 = await createFaq(db, { question: 'B2?', answer: 'b2', position: 1, createdAt: t(5) });
    const b1 = await createFaq(db, { question: 'B1?', answer: 'b1', position: 1, createdAt: t(1) });
    const a = await createFaq(db, { question: 'A?', answer: 'a', position: 0, createdAt: t(9) });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: a.id, question: 'A?', answer: 'a' },
      { _id: b1.id, question: 'B1?', answer: 'b1' },
      { _id: b2.id, question: 'B2?', answer: 'b2' },
      { _id: c.id, question: 'C?', answer: 'c' },
    ]);
  });
});
