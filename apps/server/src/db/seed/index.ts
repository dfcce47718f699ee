import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client';
import { attendance, children, courseInstructors, courses, discountCodes, faqs, levels, orderEvents, orders, participants, places, profileParents, profiles, progressNotes, seasons, skillMarks, skills, terms, users } from '../schema';
import { snapshotTerms } from '../../repos/content.repo';
import { buildDemoData, type DemoData } from './demo-data';

/** Any constant: instances starting at once seed one at a time, and only the first finds the database empty. */
const SEED_LOCK = 7_253_002;
/** PostgreSQL allows 65,535 bind parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;

/** Loads the demo data in one transaction when there are no places yet; false (nothing changed) otherwise. */
export async function seedDemoDataIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK}::bigint)`);
    const existing = await tx.select({ id: places.id }).from(places).limit(1);
    if (existing.length > 0) return false;
    await insertDemoData(tx, buildDemoData(now));
    return true;
  });
}

async function insertDemoData(tx: Tx, data: DemoData): Promise<void> {
  // Parents before children (foreign keys).
  await insertMany(tx, places, data.places);
  await insertMany(tx, users, data.users);
  await insertMany(tx, profiles, data.profiles);
  await insertMany(tx, profileParents, data.profileParents);
  await insertMany(tx, children, data.children);
  await insertMany(tx, levels, data.levels);
  await insertMany(tx, skills, data.skills);
  await insertMany(tx, courses, data.courses);
  await insertMany(tx, courseInstructors, data.courseInstructors);
  await insertMany(tx, orders, data.orders);
  await insertMany(tx, orderEvents, data.orderEvents);
  await insertMany(tx, participants, data.participants);
  await insertMany(tx, faqs, data.faqs);
  await insertMany(tx, terms, data.terms);
  await insertMany(tx, seasons, data.seasons);
  await insertMany(tx, discountCodes, data.discountCodes);
  await insertMany(tx, attendance, data.attendance);
  await insertMany(tx, skillMarks, data.skillMarks);
  await insertMany(tx, progressNotes, data.progressNotes);
  // The demo's terms are version 1: orders made from now on record it.
  if (data.terms.length > 0) await snapshotTerms(tx, 'initial');
}

async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(getTableColumns(table)).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size));
  }
}
