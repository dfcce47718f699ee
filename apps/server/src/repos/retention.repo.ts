import { toDate } from '@app/shared';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { childCare, retentionKeepLinks, retentionRuns, users } from '../db/schema';

/** The retention job's facts per child and guardian, its warnings' keep links and its runs' log (only here: `retention_*`). */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const orNull = (value: Date | string | null): Date | null => (value === null ? null : toDate(value));

export interface ChildFacts {
  id: string;
  profileId: string;
  firstName: string;
  lastName: string;
  /** The end of the child's last course, or (never booked) the child's registration. */
  base: Date;
  /** Booked, held or offered a place on a course that has not ended (or has no dates yet): never deleted. */
  hasFuture: boolean;
  hasNote: boolean;
  hasEmergency: boolean;
  /** The note's base: the last course's end, or (never booked) when the note was last saved. */
  noteBase: Date | null;
  noteWarnedAt: Date | null;
}

/** Every child, with the facts retention decides on (one query). */
export async function childFacts(db: DbOrTx, now: Date): Promise<ChildFacts[]> {
  const result = await db.execute(sql`
    with last_course as (
      select p.child_id, max(co.last_date) as last_end
      from participants p join courses co on co.id = p.course_id
      group by p.child_id
    )
    select c.id, c.profile_id, c.first_name, c.last_name, c.created_at, lc.last_end,
      (
        exists (select 1 from participants p join courses co on co.id = p.course_id
                where p.child_id = c.id and (co.last_date is null or co.last_date >= ${now}))
        or exists (select 1 from waitlist_entries w join courses co on co.id = w.course_id
                   where w.child_id = c.id and w.status in ('waiting', 'offered') and (co.last_date is null or co.last_date >= ${now}))
        or exists (select 1 from orders o join courses co on co.id = o.course_id
                   where o.child_id = c.id and o.hold_expires_at > ${now} and (co.last_date is null or co.last_date >= ${now}))
      ) as has_future,
      cc.health_note is not null as has_note,
      cc.emergency_name is not null as has_emergency,
      cc.updated_at as care_updated_at,
      cc.note_warned_at
    from children c
    left join last_course lc on lc.child_id = c.id
    left join child_care cc on cc.child_id = c.id
  `);
  type Raw = {
    id: string;
    profile_id: string;
    first_name: string;
    last_name: string;
    created_at: Date | string;
    last_end: Date | string | null;
    has_future: boolean;
    has_note: boolean | null;
    has_emergency: boolean | null;
    care_updated_at: Date | string | null;
    note_warned_at: Date | string | null;
  };
  return rowsOf<Raw>(result).map((r) => ({
    id: r.id,
    profileId: r.profile_id,
    firstName: r.first_name,
    lastName: r.last_name,
    base: toDate(r.last_end ?? r.created_at),
    hasFuture: !!r.has_future,
    hasNote: !!r.has_note,
    hasEmergency: !!r.has_emergency,
    noteBase: orNull(r.last_end ?? r.care_updated_at),
    noteWarnedAt: orNull(r.note_warned_at),
  }));
}

export interface GuardianFacts {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The last login, the registration, or the last 'Behold kontoen', whichever is latest. */
  lastActive: Date;
  /** The children in every family the guardian belongs to. */
  childIds: string[];
  /** The newest warning sent after the last activity (its keep link's creation), if any. */
  warnedAt: Date | null;
}

/** Guardians only: users whose roles are just 'parent' (the job never deletes instructors, admins or developers). */
export async function guardianFacts(db: DbOrTx): Promise<GuardianFacts[]> {
  const result = await db.execute(sql`
    select u.id, u.first_name, u.last_name, u.email,
      greatest(u.created_at, coalesce(u.last_login, u.created_at), coalesce(u.kept_at, u.created_at)) as last_active,
      coalesce((select array_agg(c.id) from profile_parents pp join children c on c.profile_id = pp.profile_id where pp.user_id = u.id), '{}') as child_ids,
      (select max(k.created_at) from retention_keep_links k
        where k.user_id = u.id and k.created_at > greatest(u.created_at, coalesce(u.last_login, u.created_at), coalesce(u.kept_at, u.created_at))) as warned_at
    from users u
    where u.roles <@ array['parent']::text[]
  `);
  type Raw = { id: string; first_name: string; last_name: string; email: string | null; last_active: Date | string; child_ids: string[] | string; warned_at: Date | string | null };
  return rowsOf<Raw>(result).map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    lastActive: toDate(r.last_active),
    childIds: Array.isArray(r.child_ids) ? r.child_ids : parsePgArray(r.child_ids),
    warnedAt: orNull(r.warned_at),
  }));
}

/** '{a,b}' → ['a','b'] (a driver that hands arrays back as text). Ids have no commas or quotes. */
const parsePgArray = (text: string): string[] => text.replace(/^\{|\}$/g, '').split(',').filter(Boolean);

export async function deleteNotes(tx: DbOrTx, childIds: readonly string[]): Promise<void> {
  if (childIds.length === 0) return;
  await tx.update(childCare).set({ healthNote: null, healthConsentAt: null, noteWarnedAt: null }).where(inArray(childCare.childId, [...childIds]));
}

export async function markNotesWarned(tx: DbOrTx, childIds: readonly string[], at: Date): Promise<void> {
  if (childIds.length === 0) return;
  await tx.update(childCare).set({ noteWarnedAt: at }).where(inArray(childCare.childId, [...childIds]));
}

export async function insertKeepLink(tx: DbOrTx, values: { userId: string; secretHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
  await tx.insert(retentionKeepLinks).values(values);
}

/** The unused, unexpired keep link with that hash, if any. */
export async function findLiveKeepLink(db: DbOrTx, secretHash: string, now: Date) {
  const [row] = await db
    .select({ id: retentionKeepLinks.id, userId: retentionKeepLinks.userId, expiresAt: retentionKeepLinks.expiresAt, firstName: users.firstName })
    .from(retentionKeepLinks)
    .innerJoin(users, eq(users.id, retentionKeepLinks.userId))
    .where(and(eq(retentionKeepLinks.secretHash, secretHash), isNull(retentionKeepLinks.usedAt), gt(retentionKeepLinks.expiresAt, now)));
  return row;
}

/** Uses the link (once) and counts it as the guardian's activity. */
export async function useKeepLink(tx: DbOrTx, linkId: string, userId: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(retentionKeepLinks)
    .set({ usedAt: now })
    .where(and(eq(retentionKeepLinks.id, linkId), isNull(retentionKeepLinks.usedAt)))
    .returning({ id: retentionKeepLinks.id });
  if (used.length === 0) return false;
  await tx.update(users).set({ keptAt: now }).where(eq(users.id, userId));
  return true;
}

export type RetentionRunRow = typeof retentionRuns.$inferSelect;

export async function insertRun(tx: DbOrTx, values: typeof retentionRuns.$inferInsert): Promise<void> {
  await tx.insert(retentionRuns).values(values);
}

export async function lastRun(db: DbOrTx): Promise<RetentionRunRow | undefined> {
  const [row] = await db.select().from(retentionRuns).orderBy(desc(retentionRuns.ranAt)).limit(1);
  return row;
}

export function listRuns(db: DbOrTx, limit: number): Promise<RetentionRunRow[]> {
  return db.select().from(retentionRuns).orderBy(desc(retentionRuns.ranAt)).limit(limit);
}
