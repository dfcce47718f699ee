import type { DbOrTx } from '../../db/client';
import { children } from '../../db/schema';

export async function insertChild(
  db: DbOrTx,
  values: { profileId: string; firstName: string; lastName: string; birthdate: string },
) {
  const [row] = await db.insert(children).values(values).returning();
  return row!;
}
