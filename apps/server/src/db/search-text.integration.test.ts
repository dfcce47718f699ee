import { eq } from 'drizzle-orm';
import { children, users } from './schema';
import { foldSearchText } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createUser } from './seed/builders';
import { createTestDatabase } from '../test/db';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('search_text (generated, folded like foldSearchText)', () => {
  it('folds names, e-mail and phone the same way in SQL and in TypeScript', async () => {
    const names = ['Øyvind', 'Østby-Ærlig', 'ÅSE Müller', 'Zoë Ñúñez', 'Þór Straße', 'Čapek Łukasz'];
    for (const [i, firstName] of names.entries()) {
      const user = await createUser(database.db, { firstName, lastName: 'Dahl', email: `X${i}@Example.NO`, phone: `479000000${i}` });
      const [row] = await database.db.select({ searchText: users.searchText }).from(users).where(eq(users.id, user.id));
      expect(row!.searchText).toBe(foldSearchText(`${firstName} Dahl X${i}@Example.NO 479000000${i}`));
    }
    const family = await createFamily(database.db, { children: [{ firstName: 'Åsmund', lastName: 'Bø' }] });
    const [child] = await database.db.select({ searchText: children.searchText }).from(children).where(eq(children.id, family.children[0]!.id));
    expect(child!.searchText).toBe(foldSearchText(`${family.children[0]!.firstName} ${family.children[0]!.lastName}`));
  });
});
