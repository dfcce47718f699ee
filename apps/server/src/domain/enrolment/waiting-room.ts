import { toDate } from '@app/shared';
import type { ServiceContext } from '../../context';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import * as queue from '../../repos/queue.repo';
import type { QueueOpeningRow, QueueTicketRow } from '../../repos/queue.repo';

/**
 * Enrolment night's waiting room (issue 37, decision 041): what booking and the queue feature both need — which
 * opening governs a course, the per-instance snapshot of an opening, and the gate in front of a payment start.
 */

export const MINUTE = 60_000;

export type CourseTimes = { opensAt: Date | string | null; openToAllAt: Date | string | null; priorityCourseIds: string[] };

/** The priority window's line comes first when the course has one that starts after opens_at. */
export function split(course: CourseTimes): { first: Date; general: Date } | null {
  if (!course.opensAt) return null;
  const first = toDate(course.opensAt);
  const all = course.openToAllAt ? toDate(course.openToAllAt) : null;
  return { first, general: course.priorityCourseIds.length > 0 && all && all > first ? all : first };
}

/**
 * The opening whose line governs this course for this family now: the priority window's (its first moment) while it
 * lasts for returning families, else the general one. null: the course has no opening time.
 */
export function governingOpening(course: CourseTimes, returning: boolean, now: Date): Date | null {
  const s = split(course);
  if (!s) return null;
  return returning && now < s.general ? s.first : s.general;
}

/** Whether the line of `opensAt` still governs booking at `now` (it may also have ended, see the opening row). */
export const lineRuns = (env: Env, opensAt: Date, now: Date) => now.getTime() < opensAt.getTime() + env.QUEUE_GATE_MINUTES * MINUTE;

/** A seedable shuffle (mulberry32 + Fisher–Yates): the same seed gives the same order. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Arrival after the opening: the arrival instant in microseconds (far above the shuffled group's 0…n-1). */
export const arrivalKey = (at: Date) => at.getTime() * 1000;

// ---- per-instance snapshot of an opening (positions are read from it; refreshed at most once a second) ---------

export interface Snapshot {
  at: number;
  opening: QueueOpeningRow | undefined;
  /** The waiting tickets' places, in line order. */
  keys: { id: string; sortKey: number }[];
  /** Every ticket of the opening by family: a polling family's own ticket needs no read of its own. */
  tickets: Map<string, QueueTicketRow>;
}
/**
 * Per opening: the last snapshot made, the one being made (one read at a time per instance), and whether the line
 * moved since (`due`: read again at the next use).
 */
const snapshots = new Map<string, { last?: Snapshot; loading?: Promise<Snapshot>; due?: boolean }>();
/** A snapshot this old is not answered while the next one is read: the poll waits for it (the database is in trouble). */
const STALE_LIMIT_MS = 10_000;
// Tests read their own writes at once (NODE_ENV=test); elsewhere every poll within a second reads one snapshot.
const snapshotMs = (ctx: ServiceContext) => (ctx.env.NODE_ENV === 'test' ? 0 : 1_000);

async function loadSnapshot(ctx: ServiceContext, opensAt: Date): Promise<Snapshot> {
  const [opening, rows] = await Promise.all([queue.findOpening(ctx.db, opensAt), queue.ticketsOf(ctx.db, opensAt)]);
  const keys = rows.filter((t) => !t.admittedAt && !t.leftAt && t.sortKey !== null).map((t) => ({ id: t.id, sortKey: Number(t.sortKey) }));
  return { at: Date.now(), opening, keys, tickets: new Map(rows.map((t) => [t.profileId, t])) };
}

/**
 * The opening's snapshot. One older than a second (or made before the line moved) is still answered while the next one
 * is read, so a waiting family's poll does not queue for a database connection on a busy night; the first read of an
 * opening, and one after STALE_LIMIT_MS, is waited for.
 */
export async function snapshotOf(ctx: ServiceContext, opensAt: Date): Promise<Snapshot> {
  if (snapshotMs(ctx) === 0) return loadSnapshot(ctx, opensAt);
  const key = opensAt.toISOString();
  let entry = snapshots.get(key);
  if (!entry) {
    entry = {};
    snapshots.set(key, entry);
    if (snapshots.size > 50) snapshots.delete(snapshots.keys().next().value!);
  }
  const { last } = entry;
  const age = last ? Date.now() - last.at : Infinity;
  if (last && !entry.due && age < snapshotMs(ctx)) return last;
  if (!entry.loading) {
    const kept = entry;
    kept.due = false;
    const loading = loadSnapshot(ctx, opensAt);
    kept.loading = loading;
    loading.then(
      (s) => {
        kept.last = s;
        if (kept.loading === loading) kept.loading = undefined;
      },
      () => {
        if (kept.loading === loading) kept.loading = undefined;
      },
    );
  }
  return last && age < STALE_LIMIT_MS ? last : entry.loading!;
}

/** The line moved (an admission, a new rate): every kept snapshot is read again at its next use. */
export function refreshSnapshots(): void {
  for (const entry of snapshots.values()) entry.due = true;
}

/** 1-based place among the waiting, from the snapshot (binary search). */
export function placeIn(keys: Snapshot['keys'], ticket: QueueTicketRow): number {
  const k = Number(ticket.sortKey);
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const e = keys[mid]!;
    if (e.sortKey < k || (e.sortKey === k && e.id < ticket.id)) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/**
 * The gate in front of a payment start (booking.service reserveOrder), for parents (admins pass). Before the opening:
 * BOOKING_NOT_OPEN. While the line runs and has not ended: QUEUE_REQUIRED unless the family's ticket is admitted and
 * inside its window. Returns the opening to mark the ticket done after the hold is made.
 */
export async function gate(
  ctx: ServiceContext,
  course: CourseTimes,
  profileId: string,
  returning: () => Promise<boolean>,
): Promise<Date | null> {
  const s = split(course);
  if (!s) return null;
  const now = ctx.clock.now();
  if (now < s.first) throw new AppError('BOOKING_NOT_OPEN', 'Booking has not opened', { opensAt: s.first.toISOString() });
  const opensAt = governingOpening(course, s.first < s.general && now < s.general ? await returning() : false, now);
  if (!opensAt) return null;
  if (now < opensAt) throw new AppError('BOOKING_NOT_OPEN', 'Booking has not opened', { opensAt: opensAt.toISOString() });
  if (!lineRuns(ctx.env, opensAt, now)) return null;
  const snap = await snapshotOf(ctx, opensAt);
  if (snap.opening?.endedAt) return null;
  const ticket = await queue.findTicket(ctx.db, opensAt, profileId);
  if (!ticket || ticket.leftAt || !ticket.admittedAt || !ticket.admitUntil || ticket.admitUntil <= now) {
    throw new AppError('QUEUE_REQUIRED', 'Join the queue first', { opensAt: opensAt.toISOString() });
  }
  return opensAt;
}

export async function markDone(ctx: ServiceContext, opensAt: Date, profileId: string): Promise<void> {
  await queue.markDone(ctx.db, opensAt, profileId, ctx.clock.now());
}

