import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { childCare, healthNoteReads, participants } from '../db/schema';

/** A child's care details (`child_care`) and who read a health note (`health_note_reads`); only this repo queries them. */

export type ChildCareRow = typeof childCare.$inferSelect;
export type HealthNoteReadRow = typeof healthNoteReads.$inferSelect;

/** The row's emergency contact, when both name and phone are kept (the one reading of the two columns). */
export const emergencyContactOf = (row: ChildCareRow | undefined): { name: string; phone: string } | null =>
  row?.emergencyName && row.emergencyPhone ? { name: row.emergencyName, phone: row.emergencyPhone } : null;

export async function findCare(db: DbOrTx, childId: string): Promise<ChildCareRow | undefined> {
  const [row] = await db.select().from(childCare).where(eq(childCare.childId, childId));
  return row;
}

/** The care rows of the given children (a course list), by child id. */
export async function findCareOf(db: DbOrTx, childIds: readonly string[]): Promise<Map<string, ChildCareRow>> {
  if (childIds.length === 0) return new Map();
  const rows = await db.select().from(childCare).where(inArray(childCare.childId, [...childIds]));
  return new Map(rows.map((r) => [r.childId, r]));
}

export interface CareValues {
  emergencyName: string | null;
  emergencyPhone: string | null;
  healthNote: string | null;
  healthConsentAt: Date | null;
  photoConsent: boolean;
}

/** Saves the child's care row (one per child); a changed note is warned about again before it goes. */
export async function upsertCare(tx: DbOrTx, childId: string, values: CareValues): Promise<ChildCareRow> {
  const [row] = await tx
    .insert(childCare)
    .values({ childId, ...values })
    .onConflictDoUpdate({ target: childCare.childId, set: { ...values, noteWarnedAt: null } })
    .returning();
  return row!;
}

/** The notes of the course's participants (only those who have one). */
export async function notesOnCourse(db: DbOrTx, courseId: string): Promise<{ childId: string; healthNote: string }[]> {
  const rows = await db
    .select({ childId: childCare.childId, healthNote: childCare.healthNote })
    .from(childCare)
    .innerJoin(participants, and(eq(participants.childId, childCare.childId), eq(participants.courseId, courseId)))
    .where(isNotNull(childCare.healthNote));
  return rows.flatMap((r) => (r.healthNote ? [{ childId: r.childId, healthNote: r.healthNote }] : []));
}

export async function insertReads(db: DbOrTx, reads: (typeof healthNoteReads.$inferInsert)[]): Promise<void> {
  if (reads.length === 0) return;
  await db.insert(healthNoteReads).values(reads);
}

/** Who read the child's note, newest first. */
export async function readsOf(db: DbOrTx, childIds: readonly string[]): Promise<HealthNoteReadRow[]> {
  if (childIds.length === 0) return [];
  return db.select().from(healthNoteReads).where(inArray(healthNoteReads.childId, [...childIds])).orderBy(desc(healthNoteReads.readAt));
}
