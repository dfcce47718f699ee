import { asc, between, count, desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { children, profileParents, users } from '../../db/schema';

export function listInstructors(db: DbOrTx): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`'instructor' = any(${users.roles})`)
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
}

/** Users registered in [start, end], newest first, with their own (first) profile. */
export function listUsersRegisteredBetween(db: DbOrTx, start: Date, end: Date, limit: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
      registrationDate: users.registrationDate,
      profileId: sql<string | null>`(select ${profileParents.profileId} from ${profileParents}
        where ${profileParents.userId} = ${users.id}
        order by ${profileParents.position}, ${profileParents.profileId} limit 1)`,
    })
    .from(users)
    .where(between(users.registrationDate, start, end))
    .orderBy(desc(users.registrationDate), asc(users.id))
    .limit(limit);
}

export async function countUsersRegisteredBetween(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(between(users.registrationDate, start, end));
  return Number(row?.n ?? 0);
}

export function listChildrenRegisteredBetween(db: DbOrTx, start: Date, end: Date, limit: number) {
  return db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthdate: children.birthdate,
      registrationDate: children.registrationDate,
      profileId: children.profileId,
    })
    .from(children)
    .where(between(children.registrationDate, start, end))
    .orderBy(desc(children.registrationDate), asc(children.id))
    .limit(limit);
}

export async function countChildrenRegisteredBetween(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(children).where(between(children.registrationDate, start, end));
  return Number(row?.n ?? 0);
}
