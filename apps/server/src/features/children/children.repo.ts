import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { children, profiles } from '../../db/schema';

export async function insertChild(
  db: DbOrTx,
  values: { profileId: string; firstName: string; lastName: string; birthdate: string },
) {
  const [row] = await db.insert(children).values(values).returning();
  return row!;
}

/** Locks the profile row (FOR UPDATE, inside the caller's transaction) and counts its children. */
export async function lockProfileAndCountChildren(tx: DbOrTx, profileId: string): Promise<number> {
  await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${profileId} for update`);
  const [row] = await tx.select({ n: count() }).from(children).where(eq(children.profileId, profileId));
  return row?.n ?? 0;
}
