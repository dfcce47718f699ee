import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTerm } from '../../db/seed/builders';
import { createTestApp, type TestContext } from '../../test/app';

describe('GET /terms-and-conditions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers an empty list with no terms', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/terms-and-conditions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('sorts by priority descending, then category', async () => {
    const db = ctx.app.db;
    const low = await createTerm(db, { category: 'Sikkerhet', text: 'lav', priority: -5 });
    const highB = await createTerm(db, { category: 'B-kategori', text: 'høy b', priority: 10 });
    const highA = await createTerm(db, { category: 'A-kategori', text: 'høy a', priority: 10 });
    const mid = await createTerm(db, { category: 'Avbestilling', text: 'midt', priority: 0 });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/terms-and-conditions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: highA.id, category: 'A-kategori', text: 'høy a', priority: 10 },
      { _id: highB.id, category: 'B-kategori', text: 'høy b', priority: 10 },
      { _id: mid.id, category: 'Avbestilling', text: 'midt', priority: 0 },
      { _id: low.id, category: 'Sikkerhet', text: 'lav', priority: -5 },
    ]);
  });
});
