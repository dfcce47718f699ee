import {
  courseDisplayName,
  dateSharesOre,
  formatDate,
  moneyBackText,
  ore,
  osloDateKey,
  osloDayStart,
  type CancelDateInput,
  type Ore,
  type ClosureSettings,
  type ClosureOverviewItem,
  type ChooseInput,
  type CourseChanges,
  type DateChoice,
  type FamilyCredit,
  type MakeupOption,
  type PlaceClosureInput,
} from '@app/shared';
import { requireAccess, requireAllowed } from '../../access/access';
import { courseLabel } from '../../domain/enrolment/course-label';
import { expiryFrom, fittingDates, spendToken } from '../../domain/absences/tokens';
import { signedIn, withTx, type ServiceContext } from '../../context';
import { enqueueEmail } from '../../integrations/email';
import { hashSecret, newLinkSecret } from '../../lib/secret-link';
import { AppError } from '../../lib/app-error';
import * as absences from '../../repos/absences.repo';
import * as cancellations from '../../repos/cancellations.repo';
import * as changes from '../../repos/changes.repo';
import * as ledger from '../../repos/ledger.repo';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import { refundDateShare } from '../../domain/family-ledger/date-share-refund';
import { addMonths, creditBackExpiry, familyCreditBalance, refundParts } from '../../domain/family-ledger/entries';
import { creditMonths, currentSettings, settingsOfVersion } from '../../domain/settings/settings';
import { queueRefundReceipt, receiptAttachment, receiptOfCredit, refundReceiptAttachment } from '../../domain/family-ledger/emails';
import { dateCancelledEmail } from './change-emails';

// A cancelled date: each child a choice worth the date's share (make-up, refund or credit), past the deadline the default.
const DAY_MS = 86_400_000;

/** The share of `date` in what the order paid: the order's amount split over the dates it covers. */
export function shareOfDate(order: Pick<orders.OrderRow, 'amountOre' | 'coveredDates'> & { creditOre?: Ore } | undefined, courseDates: readonly Date[], date: Date): Ore {
  if (!order) return ore(0);
  const paid = order.amountOre + (order.creditOre ?? 0);
  const covered = (order.coveredDates ?? courseDates).map((d) => new Date(d).getTime()).sort((a, b) => a - b);
  const index = covered.indexOf(date.getTime());
  if (index < 0) return ore(0);
  return dateSharesOre(paid, covered.length)[index]!;
}

const MINUTE_MS = 60_000;

/** The children on the course with the order that paid, except those whose order does not cover the date. */
async function childrenToTell(ctx: ServiceContext, courseId: string, date: Date) {
  const onCourse = await changes.participantsWithOrders(ctx.db, courseId);
  const result = [];
  for (const p of onCourse) {
    const order = p.orderId ? await orders.findOrderById(ctx.db, p.orderId) : undefined;
    if (order?.coveredDates && !order.coveredDates.some((d) => new Date(d).getTime() === date.getTime())) continue;
    result.push({ ...p, order });
  }
  return result;
}

/** One date of one course: checked, then written (a preview only counts). The families hear at `announceAt`. */
async function cancelOne(
  ctx: ServiceContext,
  input: { courseId: string; date: Date; reason: string; placeClosure: boolean; preview: boolean } & ClosureStart,
): Promise<{ row: ReturnType<typeof toCancelled>; familyIds: Set<string> }> {
  const { courseId, date } = input;
  const course = await courses.findCourseDetails(ctx.db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  if (!course.dates.some((d) => new Date(d).getTime() === date.getTime())) throw new AppError('NOT_A_COURSE_DATE', 'The course has no such date');
  const familyIds = new Set((await childrenToTell(ctx, courseId, date)).map((p) => p.profileId));
  const courseName = courseLabel(course);
  if (input.preview) {
    if ((await changes.cancelledDatesOf(ctx.db, [courseId])).some((c) => c.date.getTime() === date.getTime())) throw new AppError('CONFLICT', 'The date is cancelled already');
    return { row: { _id: '', courseId, courseName, date: date.toISOString(), reason: input.reason, placeClosure: input.placeClosure }, familyIds };
  }
  const row = await changes.insertCancelledDate(ctx.db, { courseId, date, reason: input.reason, placeClosure: input.placeClosure, cancelledBy: ctx.viewer?.id ?? null, announceAt: input.announceAt, settingsVersion: input.settingsVersion });
  if (!row) throw new AppError('CONFLICT', 'The date is cancelled already');
  ctx.log.info({ courseId, date: date.toISOString(), announceAt: input.announceAt.toISOString() }, 'course date cancelled');
  return { row: toCancelled(row, courseName), familyIds };
}

/** The families are told: one choice row per child, an e-mail to every guardian (the job, or 'Send e-post nå'). */
async function announce(ctx: ServiceContext, cancelled: changes.CancelledDateRow): Promise<number> {
  const { env } = ctx;
  const now = ctx.clock.now();
  const course = await courses.findCourseDetails(ctx.db, cancelled.courseId);
  if (!course) return 0;
  const dates = course.dates.map((d) => new Date(d));
  const { date, reason } = cancelled;
  const settings = await closureSettingsOf(ctx, cancelled);
  const deadline = new Date(now.getTime() + settings.choiceDays * DAY_MS);
  const families = new Set<string>();
  for (const p of await childrenToTell(ctx, course.id, date)) {
    const secret = newLinkSecret();
    const choice = await changes.insertChoice(ctx.db, {
      cancelledDateId: cancelled.id,
      childId: p.childId,
      profileId: p.profileId,
      orderId: p.order?.id ?? null,
      shareOre: shareOfDate(p.order, dates, date),
      secretHash: hashSecret(secret),
      deadlineAt: deadline,
    });
    if (!choice) continue;
    families.add(p.profileId);
    // The e-mail promises a make-up only when there is one to pick right now.
    const withContext = await changes.findChoice(ctx.db, choice.id);
    const hasMakeup = !!withContext && (await makeupOptions(ctx, withContext)).length > 0;
    const guardians = await users.findUsers(ctx.db, (await profiles.listGuardians(ctx.db, [p.profileId])).map((g) => g.userId));
    for (const g of guardians) {
      if (!g.email) continue;
      await enqueueEmail(
        ctx.db,
        dateCancelledEmail({
          to: g.email,
          firstName: g.firstName,
          childName: p.firstName,
          courseName: courseDisplayName(course),
          placeName: course.placeName,
          date,
          reason,
          shareOre: choice.shareOre,
          hasMakeup,
          deadline,
          defaultChoice: settings.defaultChoice,
          secret,
          companyName: env.site.companyName,
          publicUrl: env.PUBLIC_URL,
        }),
      );
    }
  }
  await changes.markAnnounced(ctx.db, cancelled.id, now);
  ctx.log.info({ courseId: course.id, date: date.toISOString(), families: families.size }, 'cancelled date announced');
  return families.size;
}

/** The job: dates past their undo time are announced once, each in its own transaction (claimed SKIP LOCKED). */
export async function announceDueClosures(ctx: ServiceContext, limit = 50): Promise<number> {
  let announced = 0;
  for (let i = 0; i < limit; i++) {
    const done = await withTx(ctx, async (ctx) => {
      const [row] = await changes.claimDueAnnouncements(ctx.db, ctx.clock.now(), 1);
      if (!row) return false;
      await announce(ctx, row);
      return true;
    });
    if (!done) break;
    announced++;
  }
  return announced;
}

const toCancelledDate = (r: changes.CancelledDateRow) => ({ _id: r.id, courseId: r.courseId, date: r.date.toISOString(), reason: r.reason, placeClosure: r.placeClosure });
const toCancelled = (r: changes.CancelledDateRow, courseName: string) => ({ ...toCancelledDate(r), courseName });

type ClosureStart = { announceAt: Date; settingsVersion: number };

/** A closure confirmed now: the settings slice 'closures' in force (the date keeps its version) and when families hear. */
async function closureStart(ctx: ServiceContext): Promise<ClosureStart> {
  const { version, value } = await currentSettings(ctx, 'closures');
  return { announceAt: new Date(ctx.clock.now().getTime() + value.undoMinutes * MINUTE_MS), settingsVersion: version };
}

/** The closure settings a cancelled date was confirmed under (dates from before the store: version 1, the defaults). */
const closureSettingsOf = async (ctx: ServiceContext, cancelled: { settingsVersion: number | null }): Promise<ClosureSettings> =>
  ((await settingsOfVersion(ctx, 'closures', cancelled.settingsVersion ?? 1)) ?? (await currentSettings(ctx, 'closures'))).value;

/** POST /courses/:id/cancelled-dates: one date of one course (`preview`: what would happen, nothing written). */
export async function cancelCourseDate(ctx: ServiceContext, courseId: string, input: CancelDateInput) {
  await requireAccess(ctx, 'course.write', courseId);
  const start = await closureStart(ctx);
  const { announceAt } = start;
  const preview = input.preview === true;
  const done = await withTx(ctx, (ctx) => cancelOne(ctx, { courseId, date: new Date(input.date), reason: input.reason, placeClosure: false, preview, ...start }));
  return { cancelled: [done.row], families: done.familyIds.size, announceAt: announceAt.toISOString(), preview };
}

/** POST /places/:id/closures: every course at the venue with a date on that Oslo day ('Bassenget er stengt'). */
export async function closePlace(ctx: ServiceContext, placeId: string, input: PlaceClosureInput) {
  await requireAccess(ctx, 'place.close', placeId);
  const start = await closureStart(ctx);
  const { announceAt } = start;
  const preview = input.preview === true;
  return withTx(ctx, async (ctx) => {
    const hits = await changes.coursesAtPlaceBetween(ctx.db, placeId, osloDayStart(input.day), osloDayStart(input.day, 1));
    const taken = new Set((await changes.cancelledDatesOf(ctx.db, hits.map((h) => h.courseId))).map((c) => `${c.courseId}/${c.date.getTime()}`));
    const cancelled = [];
    const families = new Set<string>();
    for (const hit of hits) {
      if (taken.has(`${hit.courseId}/${hit.date.getTime()}`)) continue;
      const done = await cancelOne(ctx, { courseId: hit.courseId, date: hit.date, reason: input.reason, placeClosure: true, preview, ...start });
      cancelled.push(done.row);
      // A family with children on two of the day's courses is one family.
      for (const id of done.familyIds) families.add(id);
    }
    return { cancelled, families: families.size, announceAt: announceAt.toISOString(), preview };
  });
}

/** GET /cancelled-dates: the admin's overview of coming cancelled dates and the families' choices. */
export async function closureOverview(ctx: ServiceContext): Promise<ClosureOverviewItem[]> {
  requireAllowed(ctx, 'closures.overview');
  const rows = await changes.closureOverview(ctx.db, osloDayStart(osloDateKey(ctx.clock.now())));
  return rows.map((r) => ({
    ...toCancelledDate(r.cancelled),
    courseName: courseLabel({ name: r.courseName, experienceLevel: r.experienceLevel, participantsAge: r.participantsAge, dates: r.dates, timeFrom: r.timeFrom }),
    placeName: r.placeName,
    announceAt: r.cancelled.announceAt.toISOString(),
    announcedAt: r.cancelled.announcedAt?.toISOString() ?? null,
    choices: { makeup: r.makeup, refund: r.refund, credit: r.credit, open: r.open },
  }));
}

/** DELETE /cancelled-dates/:id: 'Angre' before the families are told; the date is held again and nobody hears of it. */
export async function undoClosure(ctx: ServiceContext, id: string): Promise<ClosureOverviewItem[]> {
  await requireAccess(ctx, 'cancelled-date.write', id);
  // The delete waits for an announcement under way and then finds the row announced: CLOSURE_ANNOUNCED.
  const deleted = await withTx(ctx, (ctx) => changes.deleteUnannouncedCancelledDate(ctx.db, id));
  if (!deleted) throw new AppError('CLOSURE_ANNOUNCED', 'The families were told already');
  ctx.log.info({ courseId: deleted.courseId, date: deleted.date.toISOString() }, 'cancelled date undone');
  return closureOverview(ctx);
}

/** POST /cancelled-dates/:id/announce: 'Send e-post nå' (no more undo). Already told (or being told): nothing more. */
export async function announceNow(ctx: ServiceContext, id: string): Promise<ClosureOverviewItem[]> {
  await requireAccess(ctx, 'cancelled-date.write', id);
  await withTx(ctx, async (ctx) => {
    const [row] = await changes.claimDueAnnouncements(ctx.db, ctx.clock.now(), 1, id);
    if (row) await announce(ctx, row);
  });
  return closureOverview(ctx);
}

// ---- the families' choices ----------------------------------------------------------------------------------------

/**
 * The make-up dates a closure's token would have (domain/absences/tokens.fittingDates, decision 061): same level, a
 * venue in the same town, the child's age, a free place, before the token's expiry.
 */
async function makeupOptions(ctx: ServiceContext, row: changes.ChoiceWithContext): Promise<MakeupOption[]> {
  return fittingDates(ctx, { childId: row.child.id, courseId: row.course.id, expiresAt: await expiryFrom(ctx, row.cancelled.date) });
}

/** A closure's make-up: the token it gave, and the date that token is spent on (an old choice keeps its own columns). */
async function makeupOfChoice(ctx: ServiceContext, c: changes.ChoiceWithContext['choice']) {
  if (c.makeupCourseId && c.makeupDate) return { tokenId: null, makeup: { courseId: c.makeupCourseId, date: c.makeupDate.toISOString() } };
  const token = c.choice === 'makeup' ? await absences.liveTokenOfSource(ctx.db, 'closure', c.id) : undefined;
  const spent = token ? await absences.liveMakeupOfToken(ctx.db, token.id) : undefined;
  return { tokenId: token?.id ?? null, makeup: spent ? { courseId: spent.courseId, date: spent.date.toISOString() } : null };
}

async function toChoice(ctx: ServiceContext, row: changes.ChoiceWithContext, withOptions: boolean): Promise<DateChoice> {
  const c = row.choice;
  return {
    _id: c.id,
    child: { _id: row.child.id, firstName: row.child.firstName, lastName: row.child.lastName },
    course: { _id: row.course.id, name: row.course.name, displayName: courseLabel(row.course) },
    date: row.cancelled.date.toISOString(),
    reason: row.cancelled.reason,
    shareAmount: c.shareOre,
    deadline: c.deadlineAt.toISOString(),
    defaultChoice: (await closureSettingsOf(ctx, row.cancelled)).defaultChoice,
    choice: (c.choice as DateChoice['choice']) ?? null,
    chosenBy: (c.chosenBy as DateChoice['chosenBy']) ?? null,
    ...(({ tokenId, makeup }) => ({ makeup, makeupTokenId: tokenId }))(await makeupOfChoice(ctx, c)),
    options: withOptions && !c.choice ? await makeupOptions(ctx, row) : [],
  };
}

/** GET /changes/mine: the open and settled choices of the viewer's children (the notice on /profil). */
export async function myChoices(ctx: ServiceContext): Promise<DateChoice[]> {
  const viewer = signedIn(ctx);
  const rows = await changes.choicesOfChildren(ctx.db, await profiles.childIdsOfGuardian(ctx.db, viewer.id));
  return Promise.all(rows.map((r) => toChoice(ctx, r, true)));
}

/** The open choice behind an e-mail's link (L7). Unknown, renewed, chosen or expired: the same NOT_FOUND, telling nothing. */
async function choiceOfLink(ctx: ServiceContext, secret: string): Promise<changes.ChoiceWithContext> {
  const row = await changes.findChoiceBySecretHash(ctx.db, hashSecret(secret));
  if (!row || row.choice.choice || row.choice.deadlineAt.getTime() <= ctx.clock.now().getTime()) throw new AppError('NOT_FOUND', 'No such link, or no longer valid');
  return row;
}

/** POST /changes/open {secret}: the e-mail link's page, before the one tap (nothing changes). */
export async function openBySecret(ctx: ServiceContext, secret: string): Promise<DateChoice> {
  return toChoice(ctx, await choiceOfLink(ctx, secret), true);
}

/** POST /changes/choose {secret, choice}: the one tap from the e-mail. */
export async function chooseBySecret(ctx: ServiceContext, secret: string, input: ChooseInput): Promise<DateChoice> {
  return settle(ctx, await choiceOfLink(ctx, secret), input, 'family');
}

/** POST /changes/:id/choose: the same from /profil, for a guardian of the child. */
export async function choose(ctx: ServiceContext, choiceId: string, input: ChooseInput): Promise<DateChoice> {
  const row = await changes.findChoice(ctx.db, choiceId);
  if (!row) throw new AppError('NOT_FOUND', 'No such choice');
  await requireAccess(ctx, 'child.write', row.child.id);
  return settle(ctx, row, input, 'family');
}

/** A choice is open only while its order holds the place: a cancellation's refund already counted the date. */
async function requireOpen(ctx: ServiceContext, row: changes.ChoiceWithContext): Promise<void> {
  if (row.choice.choice === 'closed') throw new AppError('CHOICE_CLOSED', 'The place was cancelled');
  if (!row.choice.orderId) return;
  const order = await orders.findOrderWithEnrolment(ctx.db, row.choice.orderId);
  const cancelled = order && (await cancellations.findCancellationOfOrder(ctx.db, order.order.id));
  if (!order || !order.enrolled || (order.order.status !== 'captured' && order.order.status !== 'refunded') || (cancelled && cancelled.status !== 'requested' && cancelled.status !== 'declined')) {
    throw new AppError('CHOICE_CLOSED', 'The order no longer holds the place');
  }
}

async function settle(ctx: ServiceContext, row: changes.ChoiceWithContext, input: ChooseInput, by: 'family' | 'default'): Promise<DateChoice> {
  if (row.choice.choice === 'closed') throw new AppError('CHOICE_CLOSED', 'The place was cancelled');
  if (row.choice.choice) throw new AppError('CONFLICT', 'Already chosen');
  await requireOpen(ctx, row);
  const now = ctx.clock.now();
  if (input.choice === 'makeup') {
    // A token for the child (decision 061), spent like an absence's; with a date it is spent on it at once.
    if (!input.courseId !== !input.date) throw new AppError('VALIDATION', 'A make-up date needs both the course and the date');
    const pick = input.courseId && input.date ? { courseId: input.courseId, date: new Date(input.date).toISOString() } : null;
    if (pick && !(await makeupOptions(ctx, row)).some((o) => o.courseId === pick.courseId && o.date === pick.date)) throw new AppError('COURSE_FULL', 'No free make-up place on that date');
    const expiresAt = await expiryFrom(ctx, row.cancelled.date);
    await withTx(ctx, async (ctx) => {
      const done = await changes.setChoice(ctx.db, row.choice.id, { choice: 'makeup', chosenBy: by, chosenAt: now });
      if (!done) throw new AppError('CONFLICT', 'Already chosen');
      const reason = `Avlyst ${osloDateKey(row.cancelled.date)}: ${courseLabel(row.course)}`;
      const token = await absences.insertToken(ctx.db, { childId: row.child.id, source: 'closure', sourceId: row.choice.id, courseId: row.course.id, reason, expiresAt, createdAt: now });
      // The course lock: bookings and make-ups on this course take turns (domain/enrolment/seats.ts).
      if (pick) await spendToken(ctx, token, pick, null).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'MAKEUP_DATE_FULL' ? new AppError('COURSE_FULL', 'The make-up date is full') : error;
      });
    });
  } else if (input.choice === 'credit' || !row.choice.orderId || row.choice.shareOre === 0) {
    await withTx(ctx, async (ctx) => {
      const done = await changes.setChoice(ctx.db, row.choice.id, { choice: input.choice === 'refund' && row.choice.shareOre === 0 ? 'refund' : 'credit', chosenBy: by, chosenAt: now });
      if (!done) throw new AppError('CONFLICT', 'Already chosen');
      if (done.choice === 'credit' && row.choice.profileId && row.choice.shareOre > 0) {
        await ledger.insertCredit(ctx.db, {
          profileId: row.choice.profileId,
          amountOre: row.choice.shareOre,
          reason: `Avlyst ${osloDateKey(row.cancelled.date)}: ${courseLabel(row.course)}`.trim(),
          orderId: row.choice.orderId,
          expiresAt: addMonths(now, await creditMonths(ctx)),
          createdAt: now,
        });
      }
    });
  } else {
    await refundShare(ctx, row, by, now);
  }
  return toChoice(ctx, (await changes.findChoice(ctx.db, row.choice.id))!, false);
}

/** The date's share back: a partial refund on the order (one Idempotency-Key per choice), and any credit part as credit. */
async function refundShare(ctx: ServiceContext, row: changes.ChoiceWithContext, by: 'family' | 'default', now: Date): Promise<void> {
  const order = await orders.findOrderById(ctx.db, row.choice.orderId!);
  if (!order || (order.status !== 'captured' && order.status !== 'refunded')) throw new AppError('ORDER_NOT_REFUNDABLE', 'The order is not captured');
  const parts = refundParts(row.choice.shareOre, order);
  // The choice and the credit part in one transaction: on a Vipps failure both are undone together.
  const credit = await withTx(ctx, async (ctx) => {
    const claimed = await changes.setChoice(ctx.db, row.choice.id, { choice: 'refund', chosenBy: by, chosenAt: now });
    if (!claimed) throw new AppError('CONFLICT', 'Already chosen');
    if (parts.creditOre === 0 || !row.choice.profileId) return null;
    const reason = `Avlyst ${osloDateKey(row.cancelled.date)}: ${courseLabel(row.course)} (betalt med tilgode)`;
    const expiresAt = await creditBackExpiry(ctx.db, order.id, now, await creditMonths(ctx));
    return ledger.insertCredit(ctx.db, { profileId: row.choice.profileId, amountOre: parts.creditOre, reason, orderId: order.id, expiresAt, createdAt: now });
  });
  const what = `den avlyste kursdagen ${formatDate(row.cancelled.date)} (${courseLabel(row.course)})`;
  const creditReceipt = credit ? [receiptAttachment(await receiptOfCredit(ctx, order, credit))] : [];
  if (parts.vippsOre === 0) {
    await queueRefundReceipt(ctx, order, [`${formatMoneyBack(ore(0), parts.creditOre)} for ${what}.`], creditReceipt);
    return;
  }
  let pspReference: string;
  try {
    pspReference = await refundDateShare(ctx, order, parts.vippsOre, row.choice.id);
    await changes.setRefundReference(ctx.db, row.choice.id, pspReference);
    ctx.log.info({ orderId: order.id, amountOre: parts.vippsOre }, "a cancelled date's share refunded");
  } catch (error) {
    await withTx(ctx, async (ctx) => {
      await changes.resetChoice(ctx.db, row.choice.id);
      if (credit) await ledger.deleteCredit(ctx.db, credit.id);
    });
    throw error;
  }
  const receipts = [...(await refundReceiptAttachment(ctx, order, pspReference)), ...creditReceipt];
  await queueRefundReceipt(ctx, order, [`${formatMoneyBack(parts.vippsOre, parts.creditOre)} for ${what}.`, 'Pengene kommer tilbake til kontoen din via Vipps, vanligvis innen 2–3 virkedager.'], receipts);
}

/** 'Du får 250 kr tilbake til Vipps' as a plain-text e-mail line (no non-breaking spaces), without the full stop. */
const formatMoneyBack = (vippsOre: Ore, creditOre: Ore) => moneyBackText(vippsOre, creditOre).replace(/\u00a0/g, ' ').replace(/\.$/, '');

/** The job: open choices past their deadline get the school's default (credit, or a refund). */
export async function applyDefaults(ctx: ServiceContext, limit = 100): Promise<number> {
  const due = await changes.overdueChoiceIds(ctx.db, ctx.clock.now(), limit);
  let applied = 0;
  for (const { id } of due) {
    const row = await changes.findChoice(ctx.db, id);
    if (!row || row.choice.choice) continue;
    try {
      await settle(ctx, row, { choice: (await closureSettingsOf(ctx, row.cancelled)).defaultChoice }, 'default');
      applied++;
    } catch (error) {
      if (error instanceof AppError && error.code === 'CHOICE_CLOSED') {
        // The place went another way (an admin took the child off): the date was counted there; nothing is given.
        await changes.setChoice(ctx.db, id, { choice: 'closed', chosenBy: null, chosenAt: ctx.clock.now() });
        continue;
      }
      ctx.log.warn({ choiceId: id, err: error }, 'default choice not applied; next tick tries again');
    }
  }
  return applied;
}

/** GET /courses/:id/changes: for the course's instructors and admins (the list, attendance and the course row). */
export async function courseChanges(ctx: ServiceContext, courseId: string): Promise<CourseChanges> {
  await requireAccess(ctx, 'course.participants.read', courseId);
  const cancelled = await changes.cancelledDatesOf(ctx.db, [courseId]);
  // A closure's make-ups and those booked with a token (decision 061), date by date.
  const makeups = [...(await changes.makeupsOnCourses(ctx.db, [courseId])), ...(await absences.tokenMakeupsOnCourses(ctx.db, [courseId]))].sort((a, b) => a.date!.getTime() - b.date!.getTime());
  const absent = await absences.absencesOnCourses(ctx.db, [courseId]);
  const choices = await changes.choicesOfCourse(ctx.db, courseId);
  const participants = await courses.countParticipantsOf(ctx.db, courseId);
  const counts = new Map<number, number>();
  for (const [rows, step] of [[makeups, 1], [absent, -1]] as const) for (const r of rows) counts.set(r.date!.getTime(), (counts.get(r.date!.getTime()) ?? participants) + step);
  return {
    cancelled: cancelled.map(toCancelledDate),
    makeups: makeups.map((m) => ({ childId: m.childId, firstName: m.firstName, lastName: m.lastName, date: m.date!.toISOString() })),
    absences: absent.map((a) => ({ childId: a.childId, firstName: a.firstName, lastName: a.lastName, date: a.date.toISOString() })),
    headcounts: [...counts].sort(([a], [b]) => a - b).map(([date, count]) => ({ date: new Date(date).toISOString(), count })),
    choices: choices.map((c) => ({
      childId: c.child.id,
      firstName: c.child.firstName,
      lastName: c.child.lastName,
      date: c.cancelled.date.toISOString(),
      choice: (c.choice.choice as DateChoice['choice']) ?? null,
      chosenBy: (c.choice.chosenBy as DateChoice['chosenBy']) ?? null,
    })),
  };
}

/** GET /profiles/:id/credit: the ledger and what is left to use now. */
export async function familyCredit(ctx: ServiceContext, profileId: string): Promise<FamilyCredit> {
  await requireAccess(ctx, 'profile.credit.read', profileId);
  const now = ctx.clock.now();
  const rows = await ledger.creditsOfProfile(ctx.db, profileId);
  return {
    balance: await familyCreditBalance(ctx.db, profileId, now),
    entries: rows.map((r) => ({ _id: r.id, amount: r.amountOre, reason: r.reason, orderId: r.orderId, expiresAt: r.expiresAt?.toISOString() ?? null, usedBy: r.usedByEntryId, createdAt: r.createdAt.toISOString() })),
  };
}

/** GET /users/me/reminders. */
export async function reminderSetting(ctx: ServiceContext): Promise<{ off: boolean }> {
  const user = await users.findUserById(ctx.db, signedIn(ctx).id);
  return { off: user?.remindersOff ?? false };
}
/** PUT /users/me/reminders: the viewer's own setting only. */
export async function setReminders(ctx: ServiceContext, off: boolean): Promise<{ off: boolean }> {
  await users.updateUser(ctx.db, signedIn(ctx).id, { remindersOff: off });
  return { off };
}
