import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createInstructor, createOrder, createUser } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

/** GET /statistics/payments (spec §7, §9): only captured and refunded orders, counted per hour or per UTC day in SQL. */
let ctx: TestContext;
let tokens: { admin: string; parent: string; instructor: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const course = await createCourse(db);
  const at = async (iso: string, status: 'captured' | 'refunded' | 'aborted' | 'authorized' | 'cancelled' | 'expired' = 'captured') =>
    createOrder(db, { course, status, createdAt: new Date(iso) });
  // Three days in March 2025 (spring forward on the 30th), within 7 days: hourly.
  await at('2025-03-29T23:10:00Z');
  await at('2025-03-29T23:50:00Z', 'refunded');
  await at('2025-03-30T01:05:00Z');
  await at('2025-03-30T01:30:00Z', 'aborted');
  await at('2025-03-30T01:40:00Z', 'authorized');
  await at('2025-03-31T12:00:00Z', 'cancelled');
  // Spread over a month in autumn: daily, cut at midnight UTC (00:30 Oslo on the 2nd is still 1 Oct in UTC).
  await at('2025-10-01T22:30:00Z');
  await at('2025-10-01T05:00:00Z');
  await at('2025-10-02T00:30:00Z', 'refunded');
  await at('2025-10-20T09:00:00Z');
  await at('2025-10-20T10:00:00Z', 'expired');
  const issue = async (id: string) => (await ctx.app.sessions.issue(id)).token;
  tokens = {
    admin: await issue((await createUser(db, { roles: ['admin'] })).id),
    parent: await issue((await createUser(db)).id),
    instructor: await issue((await createInstructor(db)).id),
  };
});
afterAll(() => ctx.close());

const stats = (startDate: string, endDate: string, token = tokens.admin) =>
  ctx.app.inject({ url: '/api/statistics/payments', query: { startDate, endDate }, headers: { authorization: `Bearer ${token}` } });

describe('GET /statistics/payments', () => {
  it('counts only captured and refunded orders, per hour when they span 7 days or less', async () => {
    const res = await stats('2025-03-25T00:00:00.000Z', '2025-04-01T00:00:00.000Z');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      bucket: 'hour',
      total: 3,
      buckets: [
        { t: '2025-03-29T23:00:00Z', count: 2 },
        { t: '2025-03-30T01:00:00Z', count: 1 },
      ],
    });
  });

  it('per whole UTC day when first and last paid order are more than 7 days apart', async () => {
    const res = await stats('2025-10-01T00:00:00.000+02:00', '2025-11-01T00:00:00.000+01:00');
    expect(res.json()).toEqual({
      bucket: 'day',
      total: 4,
      buckets: [
        { t: '2025-10-01T00:00:00Z', count: 2 },
        { t: '2025-10-02T00:00:00Z', count: 1 },
        { t: '2025-10-20T00:00:00Z', count: 1 },
      ],
    });
  });

  it('start is included, end is not; no paid orders gives no buckets', async () => {
    expect((await stats('2025-10-20T09:00:00.000Z', '2025-10-20T09:00:01.000Z')).json().total).toBe(1);
    expect((await stats('2025-10-20T08:00:00.000Z', '2025-10-20T09:00:00.000Z')).json().total).toBe(0);
    expect((await stats('2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z')).json()).toEqual({ bucket: 'hour', total: 0, buckets: [] });
  });

  it('refuses a parent and an instructor (403), a visitor (401); bad ranges are 400', async () => {
    expect((await stats('2025-10-01T00:00:00Z', '2025-10-02T00:00:00Z', tokens.parent)).statusCode).toBe(403);
    expect((await stats('2025-10-01T00:00:00Z', '2025-10-02T00:00:00Z', tokens.instructor)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ url: '/api/statistics/payments?startDate=2025-10-01T00:00:00Z&endDate=2025-10-02T00:00:00Z' });
    expect(anonymous.statusCode).toBe(401);
    for (const [start, end] of [
      ['2025-10-02T00:00:00Z', '2025-10-01T00:00:00Z'],
      ['2020-01-01T00:00:00Z', '2025-01-01T00:00:00Z'],
      ['yesterday', '2025-01-01T00:00:00Z'],
    ] as const) {
      expect((await stats(start, end)).statusCode, `${start} ${end}`).toBe(400);
    }
  });
});
