import { and, asc, between, count, desc, eq, gt, inArray, like, lte, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
import { containsPattern } from '../db/like';
import { param, prepared } from '../db/prepared';
import { children, invites, profileParents, profiles, users } from '../db/schema';

/**
 * Families: `profiles`, guardians (`profile_parents`, position 0 the owner), `children`, `invites`; only this repo
 * queries them. A user's profiles come in ONE order everywhere: own profile first (by position), then by age.
 */

export type ChildRow = typeof children.$inferSelect;

/** A new family with the user as its first guardian (position 0, the owner). */
export async function createOwnProfile(db: DbOrTx, userId: string): Promise<string> {
  const [profile] = await db.insert(profiles).values({}).returning({ id: profiles.id });
  await db.insert(profileParents).values({ profileId: profile!.id, userId, position: 0 });
  return profile!.id;
}

/** The user's profiles: owned ones first, then by age. */
export async function listProfileIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: profileParents.profileId })
    .from(profileParents)
    .innerJoin(profiles, eq(profiles.id, profileParents.profileId))
    .where(eq(profileParents.userId, userId))
    .orderBy(asc(profileParents.position), asc(profiles.createdAt), asc(profiles.id));
  return rows.map((r) => r.id);
}

export async function profileExists(db: DbOrTx, profileId: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return !!row;
}

/** The user's place among the profile's guardians (0: the owner), or undefined when not a guardian. */
export async function guardianPosition(db: DbOrTx, userId: string, profileId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ position: profileParents.position })
    .from(profileParents)
    .where(and(eq(profileParents.profileId, profileId), eq(profileParents.userId, userId)))
    .limit(1);
  return row?.position;
}

export async function isGuardianOfProfile(db: DbOrTx, userId: string, profileId: string): Promise<boolean> {
  return (await guardianPosition(db, userId, profileId)) !== undefined;
}

/** Guardians of the given profiles (user ids), ordered by position. */
export async function listGuardians(db: DbOrTx, profileIds: readonly string[]): Promise<{ profileId: string; userId: string; position: number }[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: profileParents.profileId, userId: profileParents.userId, position: profileParents.position })
    .from(profileParents)
    .where(inArray(profileParents.profileId, [...profileIds]))
    .orderBy(asc(profileParents.position));
}

// ---- children ---------------------------------------------------------------------------------------------------

export async function insertChild(
  db: DbOrTx,
  values: { profileId: string; firstName: string; lastName: string; birthdate: string },
): Promise<ChildRow> {
  const [row] = await db.insert(children).values(values).returning();
  return row!;
}

/** Locks the profile row (FOR UPDATE, inside the caller's transaction) and counts its children. */
export async function lockProfileAndCountChildren(tx: DbOrTx, profileId: string): Promise<number> {
  await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${profileId} for update`);
  const [row] = await tx.select({ n: count() }).from(children).where(eq(children.profileId, profileId));
  return row?.n ?? 0;
}

/** What findChild and childQuery answer: one list, so the two cannot drift apart. */
const childSummary = {
  id: children.id,
  firstName: children.firstName,
  lastName: children.lastName,
  birthdate: children.birthdate,
  profileId: children.profileId,
};

export async function findChild(db: DbOrTx, childId: string) {
  const [row] = await db.select(childSummary).from(children).where(eq(children.id, childId));
  return row;
}

/** findChild's row as one value (null: no child), for a statement about something else (a payment start asks it with the course). */
export const childQuery = (childId: string) =>
  sql<ChildSummary | null>`(select json_build_object(${sql.join(
    Object.entries(childSummary).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )}) from ${children} where ${children.id} = ${childId})`;
export type ChildSummary = NonNullable<Awaited<ReturnType<typeof findChild>>>;

/** The children of the given profiles, youngest-born last (by birth date, then first name). */
export async function listChildren(db: DbOrTx, profileIds: readonly string[]): Promise<ChildRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select()
    .from(children)
    .where(inArray(children.profileId, [...profileIds]))
    .orderBy(asc(children.birthdate), asc(children.firstName));
}

/** Whether the user is a guardian of the child's profile (one query: no hint whether the child exists). */
export async function isGuardianOfChild(db: Db, userId: string, childId: string): Promise<boolean> {
  // The access check of every booking and child change: built once (db/prepared.ts).
  const statement = prepared(db, 'is_guardian_of_child', (name) =>
    db
      .select({ id: children.id })
      .from(children)
      .innerJoin(profileParents, and(eq(profileParents.profileId, children.profileId), eq(profileParents.userId, param('userId'))))
      .where(eq(children.id, param('childId')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ userId, childId });
  return !!row;
}

/** The ids of the children in every family the user is a guardian of (only those among `childIds`, when given). */
export async function childIdsOfGuardian(db: DbOrTx, userId: string, childIds?: readonly string[]): Promise<string[]> {
  if (childIds?.length === 0) return [];
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .innerJoin(profileParents, and(eq(profileParents.profileId, children.profileId), eq(profileParents.userId, userId)))
    .where(childIds ? inArray(children.id, [...childIds]) : undefined);
  return rows.map((r) => r.id);
}

/** A child as the admin's lists show it (search, registrations). */
const childListFields = { ...childSummary, registrationDate: children.registrationDate };

/**
 * Children whose folded name contains `term` (already folded; null: everyone), sorted by name, at most `limit`, with
 * the count of all hits (trigram index children_search_trgm_idx).
 */
export async function searchChildren(db: DbOrTx, term: string | null, limit: number) {
  const rows = await db
    .select({ ...childListFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(children)
    .where(term === null ? undefined : like(children.searchText, containsPattern(term)))
    .orderBy(asc(sql`lower(${children.lastName})`), asc(sql`lower(${children.firstName})`), asc(children.id))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, rows };
}

/** Children registered in [start, end], newest first (the user-registrations page). */
export function listChildrenRegisteredBetween(db: DbOrTx, start: Date, end: Date, limit: number) {
  return db
    .select(childListFields)
    .from(children)
    .where(between(children.registrationDate, start, end))
    .orderBy(desc(children.registrationDate), asc(children.id))
    .limit(limit);
}

export async function countChildrenRegisteredBetween(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(children).where(between(children.registrationDate, start, end));
  return Number(row?.n ?? 0);
}

// ---- guardians, children and invites of the family profile ------------------------------------------------------

/** Guardian user ids of a profile, owner first. */
export async function guardianIds(db: DbOrTx, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: profileParents.userId })
    .from(profileParents)
    .where(eq(profileParents.profileId, profileId))
    .orderBy(asc(profileParents.position));
  return rows.map((r) => r.userId);
}

/**
 * Sets the profile's guardians to `userIds` in that order (positions 0..n-1). Positions are unique per profile, so the
 * rows are first moved out of the way (negative), then numbered.
 */
export async function setGuardians(tx: DbOrTx, profileId: string, userIds: readonly string[]): Promise<void> {
  await tx
    .delete(profileParents)
    .where(and(eq(profileParents.profileId, profileId), userIds.length ? notInArray(profileParents.userId, [...userIds]) : sql`true`));
  await tx
    .update(profileParents)
    .set({ position: sql`-1 - ${profileParents.position}` })
    .where(eq(profileParents.profileId, profileId));
  for (const [position, userId] of userIds.entries()) {
    await tx
      .update(profileParents)
      .set({ position })
      .where(and(eq(profileParents.profileId, profileId), eq(profileParents.userId, userId)));
  }
}

/** Adds a guardian at the end (accepting an invite); nothing when already a guardian. */
export async function appendGuardian(tx: DbOrTx, profileId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${profileParents} (profile_id, user_id, position)
    select ${profileId}, ${userId}, coalesce(max(${profileParents.position}) + 1, 0)
    from ${profileParents} where ${profileParents.profileId} = ${profileId}
    on conflict do nothing`);
}

/** Locks the profile row, so concurrent guardian changes on one profile run one at a time. */
export async function lockProfile(tx: DbOrTx, profileId: string): Promise<boolean> {
  const rows = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('update');
  return rows.length > 0;
}

export async function deleteProfile(tx: DbOrTx, profileId: string): Promise<void> {
  await tx.delete(profiles).where(eq(profiles.id, profileId));
}

// ---- children -------------------------------------------------------------------------------------------------

export async function updateChild(
  db: DbOrTx,
  childId: string,
  values: { firstName?: string; lastName?: string; birthdate?: string },
) {
  const [row] = await db.update(children).set(values).where(eq(children.id, childId)).returning();
  return row;
}

export async function childIdsOfProfile(db: DbOrTx, profileId: string): Promise<string[]> {
  const rows = await db.select({ id: children.id }).from(children).where(eq(children.profileId, profileId));
  return rows.map((r) => r.id);
}

export async function deleteChildren(tx: DbOrTx, childIds: readonly string[]): Promise<void> {
  if (childIds.length === 0) return;
  await tx.delete(children).where(inArray(children.id, [...childIds]));
}

export async function findChildren(db: DbOrTx, childIds: readonly string[]) {
  if (childIds.length === 0) return [];
  return db.select().from(children).where(inArray(children.id, [...childIds]));
}

// ---- invites --------------------------------------------------------------------------------------------------

export type InviteRow = typeof invites.$inferSelect;

export async function findInvite(db: DbOrTx, inviteId: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, inviteId)).limit(1);
  return row;
}

/** Inserts a pending invite; undefined when one for the same profile and address is already pending (unique index). */
export async function insertInvite(
  tx: DbOrTx,
  values: { profileId: string; email: string; inviterId: string; secretHash: string; expiresAt: Date },
): Promise<InviteRow | undefined> {
  const [row] = await tx.insert(invites).values(values).onConflictDoNothing().returning();
  return row;
}

/** The invite whose link secret hashes to `secretHash`. */
export async function findInviteBySecretHash(db: DbOrTx, secretHash: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.secretHash, secretHash)).limit(1);
  return row;
}

/** An expired pending invite no longer blocks a new one to the same address (the pending unique index). */
export async function deleteExpiredPendingInvite(tx: DbOrTx, profileId: string, email: string, now: Date): Promise<void> {
  await tx
    .delete(invites)
    .where(
      and(
        eq(invites.profileId, profileId),
        eq(sql`lower(${invites.email})`, email.toLowerCase()),
        eq(invites.status, 'pending'),
        lte(invites.expiresAt, now),
      ),
    );
}

const pendingAndLive = (inviteId: string, now: Date) =>
  and(eq(invites.id, inviteId), eq(invites.status, 'pending'), gt(invites.expiresAt, now));

/** Accepted by `userId` (who joins the family); undefined when it was no longer pending or has expired. */
export async function acceptInvite(tx: DbOrTx, inviteId: string, userId: string, now: Date) {
  const [row] = await tx
    .update(invites)
    .set({ status: 'accepted', acceptedById: userId, answeredAt: now })
    .where(pendingAndLive(inviteId, now))
    .returning();
  return row;
}

export async function rejectInvite(tx: DbOrTx, inviteId: string, now: Date) {
  const [row] = await tx.update(invites).set({ status: 'rejected', answeredAt: now }).where(pendingAndLive(inviteId, now)).returning();
  return row;
}

/** `userId` opened the link and wants to join: the invite waits for the owner's confirmation. */
export async function claimInvite(tx: DbOrTx, inviteId: string, userId: string, now: Date) {
  const [row] = await tx
    .update(invites)
    .set({ claimedById: userId, claimedAt: now })
    .where(pendingAndLive(inviteId, now))
    .returning();
  return row;
}

/** The owner undid an accepted invite. */
export async function revokeInvite(tx: DbOrTx, inviteId: string, now: Date) {
  const [row] = await tx
    .update(invites)
    .set({ status: 'revoked', answeredAt: now })
    .where(and(eq(invites.id, inviteId), eq(invites.status, 'accepted')))
    .returning();
  return row;
}

export async function deletePendingInvite(db: DbOrTx, inviteId: string): Promise<boolean> {
  const rows = await db
    .delete(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.status, 'pending')))
    .returning({ id: invites.id });
  return rows.length > 0;
}

const claimant = alias(users, 'claimant');
const joiner = alias(users, 'joiner');

/**
 * Invites with the profile's children, the inviter's name, and who claimed or accepted it, newest first.
 * `email` with `live`: pending invites to that address that have not expired at `live`.
 */
export async function listInvites(db: DbOrTx, where: { profileId?: string; email?: string; status?: 'pending'; live?: Date }) {
  const conditions = [
    where.profileId ? eq(invites.profileId, where.profileId) : undefined,
    where.email ? eq(sql`lower(${invites.email})`, where.email.toLowerCase()) : undefined,
    where.status ? eq(invites.status, where.status) : undefined,
    where.live ? gt(invites.expiresAt, where.live) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({
      invite: invites,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      claimant: { firstName: claimant.firstName, lastName: claimant.lastName, phone: claimant.phone },
      joiner: { firstName: joiner.firstName, lastName: joiner.lastName },
    })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.inviterId))
    .leftJoin(claimant, eq(claimant.id, invites.claimedById))
    .leftJoin(joiner, eq(joiner.id, invites.acceptedById))
    .where(and(...conditions))
    .orderBy(desc(invites.createdAt), asc(invites.id));
  const profileIds = [...new Set(rows.map((r) => r.invite.profileId))];
  const kids = profileIds.length
    ? await db
        .select({ id: children.id, profileId: children.profileId, firstName: children.firstName, lastName: children.lastName })
        .from(children)
        .where(inArray(children.profileId, profileIds))
        .orderBy(asc(children.birthdate), asc(children.firstName))
    : [];
  return rows.map((r) => ({
    ...r.invite,
    inviter: r.inviterFirstName === null ? null : { firstName: r.inviterFirstName, lastName: r.inviterLastName ?? '' },
    claimedBy: r.invite.claimedById && r.claimant ? r.claimant : null,
    acceptedBy: r.invite.acceptedById && r.joiner ? r.joiner : null,
    children: kids.filter((k) => k.profileId === r.invite.profileId),
  }));
}

/** Invites a user sent (own data export). */
export async function invitesSentBy(db: DbOrTx, userId: string) {
  return db.select().from(invites).where(eq(invites.inviterId, userId)).orderBy(asc(invites.createdAt));
}
