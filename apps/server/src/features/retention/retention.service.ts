import { fullName, type KeepAccountLink, type RetentionPlan, type RetentionRuns } from '@app/shared';
import { withTx, type ServiceContext } from '../../context';
import { deleteAccount } from '../../domain/membership/events';
import { retentionSettings } from '../../env';
import { enqueueEmail } from '../../integrations/email';
import { AppError } from '../../lib/app-error';
import { hashSecret, newLinkSecret } from '../../lib/secret-link';
import * as coursesRepo from '../../repos/courses.repo';
import * as ordersRepo from '../../repos/orders.repo';
import * as profilesRepo from '../../repos/profiles.repo';
import * as ledger from '../../repos/ledger.repo';
import * as retention from '../../repos/retention.repo';
import { advisoryXactLock } from '../../repos/system.repo';
import * as usersRepo from '../../repos/users.repo';
import { healthNoteWarningEmail, keepAccountEmail } from './retention-emails';

// Why: docs/decisions/038. One planner decides; the dry run shows its answer and the run carries out exactly that.
const DAY_MS = 86_400_000;
/** The guardian's warning before a health note goes: this many days before (and never deleted before it was sent). */
export const HEALTH_NOTE_WARNING_DAYS = 7;
/** One run a day; the job looks every RETENTION_JOB_MS whether a day has passed since the last logged run. */
const RUN_EVERY_MS = DAY_MS;
/** pg advisory lock key: several instances never run the job at once. */
const RETENTION_LOCK_KEY = 39_039;

/** `months` calendar months before `at` (the same day of the month, clamped by Date). */
function monthsBefore(at: Date, months: number): Date {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}
const monthsAfter = (at: Date, months: number) => monthsBefore(at, -months);

interface Planned {
  id: string;
  name: string;
}
interface GuardianPlan extends Planned {
  email: string | null;
  dueAt: Date;
}
export interface Plan {
  at: Date;
  children: Planned[];
  healthNotes: Planned[];
  emergencyContacts: Planned[];
  guardians: Planned[];
  guardianWarnings: GuardianPlan[];
  healthNoteWarnings: (Planned & { profileId: string; dueAt: Date })[];
}

/** What a run at `ctx.clock.now()` does. A family with live credit stays, but its health notes still go (L9). */
export async function plan(ctx: ServiceContext): Promise<Plan> {
  const now = ctx.clock.now();
  const { RETENTION_MONTHS: months, HEALTH_NOTE_RETENTION_DAYS: noteDays, RETENTION_WARNING_DAYS: warningDays } = ctx.env;
  const [facts, guardians] = await Promise.all([retention.childFacts(ctx.db, now), retention.guardianFacts(ctx.db)]);
  // A family with unexpired credit is never deleted: its children count as booked.
  const credited = await ledger.profilesWithLiveCredit(ctx.db, [...new Set(facts.map((k) => k.profileId))], now);
  const kids = facts.map((k) => (credited.has(k.profileId) ? { ...k, hasFuture: true } : k));
  const cutoff = monthsBefore(now, months);

  const children = kids.filter((k) => !k.hasFuture && k.base <= cutoff);
  const goingIds = new Set(children.map((k) => k.id));
  const named = (k: { id: string; firstName: string; lastName: string }): Planned => ({ id: k.id, name: fullName(k) });

  // A note is warned about HEALTH_NOTE_WARNING_DAYS before its day, and goes on its day only once warned that long ago.
  const noteDue = (base: Date) => new Date(base.getTime() + noteDays * DAY_MS);
  // From the child's own facts (its courses, holds and waitlist places), not the family's credit.
  const noteKids = facts.filter((k) => k.hasNote && !k.hasFuture && !goingIds.has(k.id) && k.noteBase);
  const healthNotes = noteKids.filter(
    (k) => noteDue(k.noteBase!) <= now && k.noteWarnedAt !== null && k.noteWarnedAt.getTime() <= now.getTime() - HEALTH_NOTE_WARNING_DAYS * DAY_MS,
  );
  const healthNoteWarnings = noteKids
    .filter((k) => k.noteWarnedAt === null && noteDue(k.noteBase!).getTime() - HEALTH_NOTE_WARNING_DAYS * DAY_MS <= now.getTime())
    .map((k) => ({ ...named(k), profileId: k.profileId, dueAt: new Date(Math.max(noteDue(k.noteBase!).getTime(), now.getTime() + HEALTH_NOTE_WARNING_DAYS * DAY_MS)) }));

  // A guardian's day: the later of their own (last activity + months) and that of each child in their families.
  const childDue = new Map(kids.map((k) => [k.id, k.hasFuture ? null : monthsAfter(k.base, months)] as const));
  const guardianDue = (g: retention.GuardianFacts): Date | null => {
    let due = monthsAfter(g.lastActive, months);
    for (const id of g.childIds) {
      const d = childDue.get(id);
      if (d === undefined) continue;
      if (d === null) return null;
      if (d > due) due = d;
    }
    return due;
  };
  const warnMs = warningDays * DAY_MS;
  const goingGuardians: Planned[] = [];
  const guardianWarnings: GuardianPlan[] = [];
  for (const g of guardians) {
    const due = guardianDue(g);
    if (!due) continue;
    const nothingLeft = g.childIds.every((id) => goingIds.has(id));
    // Deleted on the day, once warned `warningDays` before (a guardian without an address cannot be warned).
    const warnedInTime = !g.email || (g.warnedAt !== null && g.warnedAt.getTime() <= now.getTime() - warnMs);
    if (due <= now && nothingLeft && warnedInTime) goingGuardians.push(named(g));
    else if (g.email && g.warnedAt === null && due.getTime() - warnMs <= now.getTime()) {
      guardianWarnings.push({ ...named(g), email: g.email, dueAt: new Date(Math.max(due.getTime(), now.getTime() + warnMs)) });
    }
  }
  return {
    at: now,
    children: children.map(named),
    healthNotes: healthNotes.map(named),
    emergencyContacts: children.filter((k) => k.hasEmergency).map(named),
    guardians: goingGuardians,
    guardianWarnings,
    healthNoteWarnings,
  };
}

/** Carries out (and returns) the plan in one transaction, under the job's lock: deletes, warns, logs the counts. */
export async function run(ctx: ServiceContext): Promise<Plan> {
  return withTx(ctx, async (ctx) => {
    await advisoryXactLock(ctx.db, RETENTION_LOCK_KEY);
    const p = await plan(ctx);
    const tx = ctx.db;
    const childIds = p.children.map((c) => c.id);
    await retention.deleteNotes(tx, p.healthNotes.map((n) => n.id));
    // As the account deletion does: orders keep their amounts, the names in them are replaced.
    await ordersRepo.anonymiseOrdersOfChildren(tx, childIds, false);
    await coursesRepo.deleteParticipationsOf(tx, childIds);
    await profilesRepo.deleteChildren(tx, childIds);
    for (const g of p.guardians) await deleteAccount(ctx, g.id);

    const { site, PUBLIC_URL } = ctx.env;
    for (const w of p.guardianWarnings) {
      const secret = newLinkSecret();
      await retention.insertKeepLink(tx, { userId: w.id, secretHash: hashSecret(secret), expiresAt: w.dueAt, createdAt: p.at });
      await enqueueEmail(tx, keepAccountEmail({ to: w.email!, firstName: w.name.split(' ')[0]!, secret, deleteOn: w.dueAt, companyName: site.companyName, publicUrl: PUBLIC_URL }));
    }
    for (const w of p.healthNoteWarnings) {
      const guardianIds = await profilesRepo.guardianIds(tx, w.profileId);
      for (const g of await usersRepo.findUsers(tx, guardianIds)) {
        if (g.email) await enqueueEmail(tx, healthNoteWarningEmail({ to: g.email, childFirstName: w.name.split(' ')[0]!, deleteOn: w.dueAt, companyName: site.companyName, publicUrl: PUBLIC_URL }));
      }
    }
    await retention.markNotesWarned(tx, p.healthNoteWarnings.map((w) => w.id), p.at);
    await retention.insertRun(tx, {
      ranAt: p.at,
      children: p.children.length,
      healthNotes: p.healthNotes.length,
      emergencyContacts: p.emergencyContacts.length,
      guardians: p.guardians.length,
      warningsSent: p.guardianWarnings.length + p.healthNoteWarnings.length,
    });
    return p;
  });
}

/** The background job's tick: runs when no run is logged in the last day (so a restart neither skips nor repeats). */
export async function runIfDue(ctx: ServiceContext): Promise<Plan | null> {
  const last = await retention.lastRun(ctx.db);
  if (last && ctx.clock.now().getTime() - last.ranAt.getTime() < RUN_EVERY_MS) return null;
  return run(ctx);
}

const toPlanned = (p: Planned) => ({ _id: p.id, name: p.name });

/** GET /admin/retention/plan: the dry run. */
export async function dryRun(ctx: ServiceContext): Promise<RetentionPlan> {
  const p = await plan(ctx);
  return {
    at: p.at.toISOString(),
    children: p.children.map(toPlanned),
    healthNotes: p.healthNotes.map(toPlanned),
    emergencyContacts: p.emergencyContacts.map(toPlanned),
    guardians: p.guardians.map(toPlanned),
    guardianWarnings: p.guardianWarnings.map(toPlanned),
    healthNoteWarnings: p.healthNoteWarnings.map(toPlanned),
  };
}

/** GET /admin/retention/runs: the log, newest first (counts, not names). */
export async function listRuns(ctx: ServiceContext): Promise<RetentionRuns> {
  const rows = await retention.listRuns(ctx.db, 60);
  return {
    settings: retentionSettings(ctx.env),
    runs: rows.map((r) => ({
      _id: r.id,
      ranAt: r.ranAt.toISOString(),
      children: r.children,
      healthNotes: r.healthNotes,
      emergencyContacts: r.emergencyContacts,
      guardians: r.guardians,
      warningsSent: r.warningsSent,
    })),
  };
}

/** POST /retention/keep/open {secret}: whose account the link keeps, before the one tap (nothing changes). */
export async function openKeepLink(ctx: ServiceContext, secret: string): Promise<KeepAccountLink> {
  const link = await retention.findLiveKeepLink(ctx.db, hashSecret(secret), ctx.clock.now());
  if (!link) throw new AppError('NOT_FOUND', 'No such keep link');
  return { firstName: link.firstName, expiresAt: link.expiresAt.toISOString() };
}

/** POST /retention/keep {secret}: the one tap. The account counts as active from now; the link is used up. */
export async function keepAccount(ctx: ServiceContext, secret: string): Promise<{ ok: true }> {
  const now = ctx.clock.now();
  const link = await retention.findLiveKeepLink(ctx.db, hashSecret(secret), now);
  if (!link) throw new AppError('NOT_FOUND', 'No such keep link');
  const used = await withTx(ctx, (ctx) => retention.useKeepLink(ctx.db, link.id, link.userId, now));
  if (!used) throw new AppError('NOT_FOUND', 'No such keep link');
  return { ok: true };
}
