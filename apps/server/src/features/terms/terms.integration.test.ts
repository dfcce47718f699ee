import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX } from '@app/shared';
import { terms, termVersions } from '../../db/schema';
import { createTerm } from '../../test/builders';
import { auth, createTestApp, roleTokens, type RoleTokens, type TestContext } from '../../test/app';

let ctx: TestContext;
let tokens: RoleTokens;
const adminName = 'Ada Admin';

beforeAll(async () => {
  ctx = await createTestApp();
  tokens = await roleTokens(ctx, { firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => ctx.close());

const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/terms-and-conditions' })).json() as { _id: string; category: string; text: string; priority: number }[];
const counts = async () => ({
  terms: Number((await ctx.app.db.select({ n: count() }).from(terms))[0]!.n),
  versions: Number((await ctx.app.db.select({ n: count() }).from(termVersions))[0]!.n),
});
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = tokens.admin) =>
  ctx.app.inject({ method, url: `/api/terms-and-conditions${url}`, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const versions = async () => (await ctx.app.inject({ method: 'GET', url: '/api/terms-and-conditions/versions', headers: auth(tokens.admin) })).json() as { version: number; change: string; termId: string | null; changedBy: string | null }[];

describe('terms: create, update, delete, each a new version', () => {
  it('keeps the terms as they were before the first change, then one version per change', async () => {
    const old = await createTerm(ctx.app.db, { category: 'Avbestilling', text: 'Gammel regel.', priority: 5 });
    expect(await counts()).toEqual({ terms: 1, versions: 0 });

    const created = await send('POST', '', { category: '  Påmelding  ', text: 'Betal med <strong>Vipps</strong>.<script>alert(1)</script>' });
    expect(created.statusCode).toBe(201);
    const term = created.json();
    expect(term).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), category: 'Påmelding', text: 'Betal med <strong>Vipps</strong>.', priority: 0 });

    const updated = await send('PATCH', `/${term._id}`, { priority: 9, text: 'Ny tekst med <a href="https://vipps.no" onclick="x()">lenke</a>' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...term, priority: 9, text: 'Ny tekst med <a href="https://vipps.no">lenke</a>' });
    expect((await list()).map((t) => t._id)).toEqual([term._id, old.id]);

    expect((await send('DELETE', `/${old.id}`)).statusCode).toBe(204);
    expect((await list()).map((t) => t._id)).toEqual([term._id]);

    expect(await versions()).toEqual([
      { version: 4, createdAt: expect.any(String), change: 'deleted', termId: old.id, changedBy: adminName },
      { version: 3, createdAt: expect.any(String), change: 'updated', termId: term._id, changedBy: adminName },
      { version: 2, createdAt: expect.any(String), change: 'created', termId: term._id, changedBy: adminName },
      { version: 1, createdAt: expect.any(String), change: 'initial', termId: null, changedBy: null },
    ]);
    const v1 = (await ctx.app.inject({ url: '/api/terms-and-conditions/versions/1', headers: auth(tokens.admin) })).json();
    expect(v1.terms).toEqual([{ _id: old.id, category: 'Avbestilling', text: 'Gammel regel.', priority: 5 }]);
    const v3 = (await ctx.app.inject({ url: '/api/terms-and-conditions/versions/3', headers: auth(tokens.admin) })).json();
    expect(v3.terms.map((t: { _id: string; priority: number }) => [t._id, t.priority])).toEqual([[term._id, 9], [old.id, 5]]);
    expect((await ctx.app.inject({ url: '/api/terms-and-conditions/versions/99', headers: auth(tokens.admin) })).statusCode).toBe(404);

    await ctx.app.db.delete(terms).where(eq(terms.id, term._id));
  });

  it('refuses non-admins everywhere and writes nothing', async () => {
    const term = await createTerm(ctx.app.db, { text: 'Uendret.' });
    const before = { list: await list(), counts: await counts() };
    for (const token of [tokens.parent, tokens.instructor, '']) {
      const expected = token ? 403 : 401;
      expect((await send('POST', '', { category: 'X', text: 'Y' }, token)).statusCode).toBe(expected);
      expect((await send('PATCH', `/${term.id}`, { text: 'Hacket' }, token)).statusCode).toBe(expected);
      expect((await send('DELETE', `/${term.id}`, undefined, token)).statusCode).toBe(expected);
      expect((await ctx.app.inject({ url: '/api/terms-and-conditions/versions', headers: auth(token) })).statusCode).toBe(expected);
      expect((await ctx.app.inject({ url: '/api/terms-and-conditions/versions/1', headers: auth(token) })).statusCode).toBe(expected);
    }
    expect({ list: await list(), counts: await counts() }).toEqual(before);
  });

  it.each([
    ['an empty category', 'POST', '', { category: '', text: 'T' }],
    ['an empty text', 'POST', '', { category: 'K', text: '  ' }],
    ['a text that is empty once cleaned', 'POST', '', { category: 'K', text: '<img src=x onerror=alert(1)>' }],
    ['a huge text', 'POST', '', { category: 'K', text: 'x'.repeat(RICH_TEXT_MAX + 1) }],
    ['a fractional priority', 'POST', '', { category: 'K', text: 'T', priority: 1.5 }],
    ['a huge priority', 'POST', '', { category: 'K', text: 'T', priority: 1e12 }],
    ['an empty patch', 'PATCH', '/ID', {}],
    ['a patch with an empty text', 'PATCH', '/ID', { text: '' }],
    ['a bad id', 'PATCH', '/not-an-id', { text: 'T' }],
    ['a bad id to delete', 'DELETE', '/not-an-id', undefined],
  ] as const)('answers %s with 400 and writes nothing', async (_name, method, url, payload) => {
    const term = await createTerm(ctx.app.db, { text: 'Før.' });
    const before = { list: await list(), counts: await counts() };
    const res = await send(method, url.replace('ID', term.id), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect({ list: await list(), counts: await counts() }).toEqual(before);
  });

  it('answers 404 for a term that does not exist, without making a version', async () => {
    const before = await counts();
    expect((await send('PATCH', '/ffffffffffffffffffffffff', { text: 'T' })).statusCode).toBe(404);
    expect((await send('DELETE', '/ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});
