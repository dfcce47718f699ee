import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Season } from '@app/shared';
import { seasons } from '../../db/schema';
import { createFamily, createUser } from '../../test/builders';
import { seasonOn } from '../../domain/seasons/season-on';
import { createTestApp, type TestContext } from '../../test/app';

let ctx: TestContext;
const tokens = { admin: '', parent: '' };
const auth = (token: string) => (token ? { authorization: `Bearer ${token}` } : {});

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  tokens.admin = (await ctx.app.sessions.issue((await createUser(db, { roles: ['admin', 'parent'] })).id)).token;
  tokens.parent = (await ctx.app.sessions.issue((await createFamily(db)).guardians[0]!.id)).token;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.app.db.delete(seasons);
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = tokens.admin) =>
  ctx.app.inject({ method, url: `/api/seasons${url}`, headers: auth(token), ...(payload ? { payload } : {}) });
const list = async () => (await send('GET', '')).json() as Season[];
const autumn = { name: 'Høst 2026', startsOn: '2026-08-17', endsOn: '2026-12-20' };
const spring = { name: 'Vår 2027', startsOn: '2027-01-04', endsOn: '2027-06-20' };
const add = async (input: object) => {
  const res = await send('POST', '', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Season;
};

describe('seasons (admin)', () => {
  it('adds seasons (name trimmed) and lists them oldest first', async () => {
    const b = await add(spring);
    const a = await add({ ...autumn, name: '  Høst 2026  ' });
    expect(a).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...autumn });
    expect(await list()).toEqual([a, b]);
  });

  it('edits a season, and answers NOT_FOUND for one that does not exist', async () => {
    const a = await add(autumn);
    const res = await send('PATCH', `/${a._id}`, { ...autumn, name: 'Høsten', endsOn: '2026-12-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await list()).toEqual([{ _id: a._id, ...autumn, name: 'Høsten', endsOn: '2026-12-31' }]);
    expect((await send('PATCH', `/${'0'.repeat(24)}`, autumn)).statusCode).toBe(404);
  });

  it('deletes a season', async () => {
    const a = await add(autumn);
    expect((await send('DELETE', `/${a._id}`)).statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect((await send('DELETE', `/${a._id}`)).statusCode).toBe(404);
  });

  it('refuses a season that shares a day with another (SEASON_OVERLAP), and writes nothing', async () => {
    const a = await add(autumn);
    const b = await add(spring);
    for (const range of [
      { startsOn: '2026-12-20', endsOn: '2027-01-03' }, // the autumn's last day
      { startsOn: '2026-06-01', endsOn: '2026-08-17' }, // the autumn's first day
      { startsOn: '2026-09-01', endsOn: '2026-09-02' }, // inside
      { startsOn: '2026-01-01', endsOn: '2027-12-31' }, // around both
    ]) {
      const res = await send('POST', '', { name: 'Overlapp', ...range });
      expect(res.statusCode, JSON.stringify(range)).toBe(409);
      expect(res.json().error.code).toBe('SEASON_OVERLAP');
    }
    const moved = await send('PATCH', `/${b._id}`, { ...spring, startsOn: '2026-12-01' });
    expect(moved.json().error).toMatchObject({ code: 'SEASON_OVERLAP', params: { name: 'Høst 2026', startsOn: '2026-08-17', endsOn: '2026-12-20' } });
    expect(await list()).toEqual([a, b]);
    // A season may be edited over its own days, and the day after another season ends is free.
    expect((await send('PATCH', `/${a._id}`, { ...autumn, startsOn: '2026-08-01' })).statusCode).toBe(200);
    expect((await send('POST', '', { name: 'Jul', startsOn: '2026-12-21', endsOn: '2027-01-03' })).statusCode).toBe(201);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const a = await add(autumn);
    const bad: object[] = [
      { ...autumn, name: '   ' },
      { ...autumn, name: 'x'.repeat(81) },
      { ...autumn, startsOn: '2026-02-30' },
      { ...autumn, endsOn: '17.08.2026' },
      { ...autumn, startsOn: '2026-12-21', endsOn: '2026-12-20' },
      { name: 'Uten datoer' },
    ];
    for (const payload of bad) {
      expect((await send('POST', '', payload)).statusCode, JSON.stringify(payload)).toBe(400);
      expect((await send('PATCH', `/${a._id}`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const backwards = await send('POST', '', { ...autumn, startsOn: '2026-12-21', endsOn: '2026-12-20' });
    expect(backwards.json().error.details).toEqual([{ path: 'body.endsOn', message: 'Sluttdatoen kan ikke være før startdatoen' }]);
    expect(await list()).toEqual([a]);
  });

  it('refuses a parent (403) and a visitor (401), and writes nothing', async () => {
    const a = await add(autumn);
    for (const [token, status] of [[tokens.parent, 403], ['', 401]] as const) {
      expect((await send('GET', '', undefined, token)).statusCode).toBe(status);
      expect((await send('POST', '', spring, token)).statusCode).toBe(status);
      expect((await send('PATCH', `/${a._id}`, { ...autumn, name: 'Min' }, token)).statusCode).toBe(status);
      expect((await send('DELETE', `/${a._id}`, undefined, token)).statusCode).toBe(status);
    }
    expect(await list()).toEqual([a]);
  });
});

describe('seasonOn', () => {
  it('finds the season that contains a day, both ends included, or null', async () => {
    const a = await add(autumn);
    const b = await add(spring);
    const db = ctx.app.db;
    expect(await seasonOn(db, '2026-08-17')).toEqual(a);
    expect(await seasonOn(db, '2026-12-20')).toEqual(a);
    expect(await seasonOn(db, '2027-03-01')).toEqual(b);
    expect(await seasonOn(db, '2026-12-24')).toBeNull();
    expect(await seasonOn(db, '2026-08-16')).toBeNull();
  });

  it('counts a moment by its day in Oslo', async () => {
    const b = await add(spring);
    const db = ctx.app.db;
    // 23:30 UTC on 3 January is 00:30 on 4 January in Oslo: the spring's first day.
    expect(await seasonOn(db, new Date('2027-01-03T23:30:00Z'))).toEqual(b);
    expect(await seasonOn(db, '2027-01-03T23:30:00Z')).toEqual(b);
    expect(await seasonOn(db, new Date('2027-01-03T22:30:00Z'))).toBeNull();
  });

  it('the database itself refuses overlapping rows (the exclusion constraint)', async () => {
    await add(autumn);
    await expect(ctx.app.db.insert(seasons).values({ name: 'Rå', startsOn: '2026-12-20', endsOn: '2026-12-24' })).rejects.toThrow();
  });
});
