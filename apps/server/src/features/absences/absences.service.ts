import {
  fullName,
  type AbsenceDate,
  type AbsenceInput,
  type AbsenceReported,
  type AbsenceSettings,
  type CourseAbsences,
  type CourseAbsenceSettings,
  type FamilyAbsences,
  type GiveTokenInput,
  type MakeupInput,
  type MakeupOption,
  type MakeupToken,
} from '@app/shared';
import { requireAccess, requireAllowed } from '../../access/access';
import { signedIn, withTx, type ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { absenceDeadline, earnsToken } from '../../domain/absences/rules';
import { expiryFrom, fittingDates, settingsOf, spendToken } from '../../domain/absences/tokens';
import { courseLabel } from '../../domain/enrolment/course-label';
import { freeOnDate } from '../../domain/enrolment/seats';
import { AppError } from '../../lib/app-error';
import * as absences from '../../repos/absences.repo';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';

// Why: docs/decisions/061-absences-and-make-up-tokens.md. 'Meld fravær', make-up tokens and make-up dates.

const key = (courseId: string, date: Date) => `${courseId}/${date.getTime()}`;

/** The coming dates of the children's courses: the dates each order covers, less cancelled ones, after `now`. */
async function comingDates(db: DbOrTx, childIds: readonly string[], now: Date) {
  const rows = await absences.coursesOfChildren(db, childIds, now);
  const cancelled = await changes.cancelledDatesByCourse(db, [...new Set(rows.map((r) => r.course.id))]);
  return rows.flatMap((r) => {
    const off = new Set((cancelled.get(r.course.id) ?? []).map((d) => d.getTime()));
    return (r.coveredDates ?? r.course.dates)
      .map((d) => new Date(d))
      .filter((d) => d.getTime() > now.getTime() && !off.has(d.getTime()))
      .map((date) => ({ ...r, date }));
  });
}

const toAbsence = (a: absences.AbsenceRow, tokenId: string | null) => ({ _id: a.id, reason: (a.reason as 'sick' | 'other' | null) ?? null, reportedAt: a.reportedAt.toISOString(), tokenId });

type TokenWith = Awaited<ReturnType<typeof absences.tokensWith>>[number];
function toToken(row: TokenWith, settings: AbsenceSettings, now: Date): MakeupToken {
  const { token, makeup, makeupCourse } = row;
  const state = token.withdrawnAt ? 'withdrawn' : makeup ? 'spent' : token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
  const earnedOn = row.earnedOn?.name !== undefined && row.earnedOn.dates ? courseLabel({ ...row.earnedOn, dates: row.earnedOn.dates }) : null;
  return {
    _id: token.id,
    childId: row.child.id,
    childName: fullName(row.child),
    source: token.source as MakeupToken['source'],
    reason: token.reason,
    courseName: earnedOn,
    expiresAt: token.expiresAt.toISOString(),
    createdAt: token.createdAt.toISOString(),
    state,
    makeup:
      makeup && makeupCourse
        ? {
            _id: makeup.id,
            courseId: makeupCourse.id,
            courseName: courseLabel(makeupCourse),
            placeName: row.placeName ?? '',
            date: makeup.date.toISOString(),
            timeFrom: makeupCourse.timeFrom,
            timeTo: makeupCourse.timeTo,
            cancelDeadline: absenceDeadline(makeup.date, settings).toISOString(),
          }
        : null,
  };
}

/** GET /profiles/:id/absences: the family's coming dates with their absences, and its tokens with their make-ups. */
export async function familyAbsences(ctx: ServiceContext, profileId: string): Promise<FamilyAbsences> {
  await requireAccess(ctx, 'profile.read', profileId);
  const now = ctx.clock.now();
  const settings = await settingsOf(ctx);
  const childIds = await profiles.childIdsOfProfile(ctx.db, profileId);
  const [dates, live, tokens] = await Promise.all([comingDates(ctx.db, childIds, now), absences.liveAbsencesOfChildren(ctx.db, childIds), absences.tokensWith(ctx.db, { childIds })]);
  const tokenOf = new Map(tokens.filter((t) => t.token.source === 'absence' && !t.token.withdrawnAt).map((t) => [t.token.sourceId, t.token.id]));
  const absent = new Map(live.map((a) => [`${a.childId}/${key(a.courseId, a.date)}`, a]));
  return {
    enabled: settings.enabled,
    dates: dates
      .filter((d) => !d.course.absencesOff)
      .sort((a, b) => a.date.getTime() - b.date.getTime())
      .map((d): AbsenceDate => {
        const a = absent.get(`${d.child.id}/${key(d.course.id, d.date)}`);
        return {
          childId: d.child.id,
          childName: fullName(d.child),
          courseId: d.course.id,
          courseName: courseLabel(d.course),
          placeName: d.placeName,
          date: d.date.toISOString(),
          deadline: absenceDeadline(d.date, settings).toISOString(),
          absence: a ? toAbsence(a, tokenOf.get(a.id) ?? null) : null,
        };
      }),
    tokens: tokens.map((t) => toToken(t, settings, now)),
  };
}

async function tokenView(ctx: ServiceContext, tokenId: string, settings: AbsenceSettings): Promise<MakeupToken> {
  const token = await absences.findToken(ctx.db, tokenId);
  const row = (await absences.tokensWith(ctx.db, { childIds: [token!.childId] })).find((t) => t.token.id === tokenId)!;
  return toToken(row, settings, ctx.clock.now());
}

/** POST /children/:id/absences: 'Meld fravær' for one coming date; in time (and below the course's count) it gives a token. */
export async function reportAbsence(ctx: ServiceContext, childId: string, input: AbsenceInput): Promise<AbsenceReported> {
  await requireAccess(ctx, 'child.write', childId);
  const viewer = signedIn(ctx);
  const now = ctx.clock.now();
  const date = new Date(input.date);
  const settings = await settingsOf(ctx);
  if (date.getTime() <= now.getTime()) throw new AppError('ABSENCE_DATE_PASSED', 'The date has begun or passed');
  const coming = (await comingDates(ctx.db, [childId], now)).find((d) => d.course.id === input.courseId && d.date.getTime() === date.getTime());
  if (!coming) throw new AppError('NOT_A_COURSE_DATE', 'The child is not on the course that date');
  if (!settings.enabled || coming.course.absencesOff) throw new AppError('ABSENCES_OFF', 'Absences are turned off');
  const { absence, tokenId } = await withTx(ctx, async (ctx) => {
    // The course lock: the freed place and the token count change under the lock bookings and make-ups take.
    await courses.lockCourse(ctx.db, input.courseId);
    const absence = await absences.insertAbsence(ctx.db, { childId, courseId: input.courseId, date, reason: input.reason ?? null, reportedAt: now, reportedBy: viewer.id });
    if (!absence) throw new AppError('ALREADY_ABSENT', 'Already reported absent that date');
    const given = await absences.countAbsenceTokens(ctx.db, childId, input.courseId);
    if (!earnsToken({ date, reportedAt: now, tokensGivenOnCourse: given }, settings)) return { absence, tokenId: null };
    const token = await absences.insertToken(ctx.db, {
      childId,
      source: 'absence',
      sourceId: absence.id,
      courseId: input.courseId,
      reason: 'Meldt fravær',
      expiresAt: await expiryFrom(ctx, date),
      createdAt: now,
      createdBy: viewer.id,
    });
    return { absence, tokenId: token.id };
  });
  return { absence: toAbsence(absence, tokenId), token: tokenId ? await tokenView(ctx, tokenId, settings) : null };
}

/** DELETE /absences/:id: undo until the date begins, unless a make-up took the place or the token is spent; the token goes. */
export async function undoAbsence(ctx: ServiceContext, absenceId: string): Promise<{ _id: string }> {
  const found = await absences.findAbsence(ctx.db, absenceId);
  if (!found || found.undoneAt) throw new AppError('NOT_FOUND', 'No such absence');
  await requireAccess(ctx, 'child.write', found.childId);
  const viewer = signedIn(ctx);
  const now = ctx.clock.now();
  if (found.date.getTime() <= now.getTime()) throw new AppError('ABSENCE_UNDO_TOO_LATE', 'The date has begun');
  await withTx(ctx, async (ctx) => {
    // Token first, then the course: the order a make-up takes them in (no deadlock).
    const token = await absences.liveTokenOfSource(ctx.db, 'absence', found.id, true);
    if (token && (await absences.liveMakeupOfToken(ctx.db, token.id))) throw new AppError('TOKEN_SPENT', "The absence's token is spent");
    await courses.lockCourse(ctx.db, found.courseId);
    if ((await freeOnDate(ctx.db, { id: found.courseId }, found.date, { limit: false })) < 1) throw new AppError('ABSENCE_PLACE_TAKEN', 'The freed place was taken');
    if (!(await absences.markAbsenceUndone(ctx.db, found.id, now))) throw new AppError('NOT_FOUND', 'No such absence');
    if (token) await absences.withdrawToken(ctx.db, token.id, now, viewer.id);
  });
  return { _id: found.id };
}

// ---- make-ups -----------------------------------------------------------------------------------------------------

/** The token, if the viewer may use it and it is open (not withdrawn, spent or expired). */
async function usableToken(ctx: ServiceContext, tokenId: string, lock = false) {
  const token = await absences.findToken(ctx.db, tokenId, lock);
  if (!token) throw new AppError('NOT_FOUND', 'No such token');
  await requireAccess(ctx, 'child.write', token.childId);
  if (token.withdrawnAt || token.expiresAt.getTime() <= ctx.clock.now().getTime() || (await absences.liveMakeupOfToken(ctx.db, token.id))) {
    throw new AppError('TOKEN_NOT_USABLE', 'The token is spent, withdrawn or expired');
  }
  return token;
}

/** GET /tokens/:id/makeup-options: 'Finn erstatningstime'. */
export async function makeupOptions(ctx: ServiceContext, tokenId: string): Promise<MakeupOption[]> {
  return fittingDates(ctx, await usableToken(ctx, tokenId));
}

/** POST /tokens/:id/makeups: books the date with the token, no payment; a token is spent once, a date's last place goes once. */
export async function bookMakeup(ctx: ServiceContext, tokenId: string, input: MakeupInput): Promise<MakeupToken> {
  const viewer = signedIn(ctx);
  const date = new Date(input.date);
  const fits = (await fittingDates(ctx, await usableToken(ctx, tokenId), true)).find((o) => o.courseId === input.courseId && o.date === date.toISOString());
  if (!fits) throw new AppError('MAKEUP_NOT_FITTING', 'The date does not fit the token');
  if (fits.freePlaces < 1) throw new AppError('MAKEUP_DATE_FULL', 'No free place that date');
  await withTx(ctx, async (ctx) => {
    // The token, locked: a second make-up with it waits here and then finds it spent.
    await spendToken(ctx, await usableToken(ctx, tokenId, true), input, viewer.id);
  });
  return tokenView(ctx, tokenId, await settingsOf(ctx));
}

/** DELETE /makeups/:id: cancel a make-up until its date's absence deadline; the token comes back. */
export async function cancelMakeup(ctx: ServiceContext, makeupId: string): Promise<MakeupToken> {
  const makeup = await absences.findMakeup(ctx.db, makeupId);
  if (!makeup || makeup.cancelledAt) throw new AppError('NOT_FOUND', 'No such make-up');
  await requireAccess(ctx, 'child.write', makeup.childId);
  const settings = await settingsOf(ctx);
  if (ctx.clock.now().getTime() > absenceDeadline(makeup.date, settings).getTime()) throw new AppError('MAKEUP_CANCEL_TOO_LATE', 'Past the deadline');
  if (!(await absences.cancelMakeup(ctx.db, makeup.id, ctx.clock.now()))) throw new AppError('NOT_FOUND', 'No such make-up');
  return tokenView(ctx, makeup.tokenId, settings);
}

// ---- the school's controls ----------------------------------------------------------------------------------------

/** POST /children/:id/tokens (admin): a token by hand on one of the child's courses, with the reason (kept on the token). */
export async function giveToken(ctx: ServiceContext, childId: string, input: GiveTokenInput): Promise<MakeupToken> {
  const viewer = requireAllowed(ctx, 'absences.manage');
  if (!(await profiles.findChild(ctx.db, childId))) throw new AppError('NOT_FOUND', 'No such child');
  if (!(await courses.findParticipant(ctx.db, input.courseId, childId))) throw new AppError('CHILD_NOT_IN_COURSE', 'The child is not on the course');
  const settings = await settingsOf(ctx);
  const now = ctx.clock.now();
  const token = await absences.insertToken(ctx.db, {
    childId,
    source: 'admin',
    courseId: input.courseId,
    reason: input.reason,
    expiresAt: await expiryFrom(ctx, now),
    createdAt: now,
    createdBy: viewer.id,
  });
  ctx.log.info({ tokenId: token.id, childId, by: viewer.id }, 'make-up token given by hand');
  return tokenView(ctx, token.id, settings);
}

/** DELETE /tokens/:id (admin): withdraw a token that is not spent. */
export async function withdrawToken(ctx: ServiceContext, tokenId: string): Promise<MakeupToken> {
  const viewer = requireAllowed(ctx, 'absences.manage');
  await withTx(ctx, async (ctx) => {
    const token = await absences.findToken(ctx.db, tokenId, true);
    if (!token) throw new AppError('NOT_FOUND', 'No such token');
    if (await absences.liveMakeupOfToken(ctx.db, token.id)) throw new AppError('TOKEN_SPENT', 'The token is spent');
    await absences.withdrawToken(ctx.db, token.id, ctx.clock.now(), viewer.id);
  });
  ctx.log.info({ tokenId, by: viewer.id }, 'make-up token withdrawn');
  return tokenView(ctx, tokenId, await settingsOf(ctx));
}

/** GET /courses/:id/absences (admin): the course's settings, every absence and the tokens earned on it. */
export async function courseAbsences(ctx: ServiceContext, courseId: string): Promise<CourseAbsences> {
  requireAllowed(ctx, 'absences.manage');
  const course = await absences.findCourse(ctx.db, courseId);
  if (!course) throw new AppError('NOT_FOUND', 'Course not found');
  const settings = await settingsOf(ctx);
  const now = ctx.clock.now();
  const [rows, tokens] = await Promise.all([absences.allAbsencesOfCourse(ctx.db, courseId), absences.tokensWith(ctx.db, { courseId })]);
  return {
    absencesOff: course.absencesOff,
    makeupLimit: course.makeupLimit,
    absences: rows.map((r) => ({
      _id: r.absence.id,
      childName: fullName(r),
      date: r.absence.date.toISOString(),
      reason: (r.absence.reason as 'sick' | 'other' | null) ?? null,
      reportedAt: r.absence.reportedAt.toISOString(),
      undoneAt: r.absence.undoneAt?.toISOString() ?? null,
    })),
    tokens: tokens.map((t) => toToken(t, settings, now)),
  };
}

/** PUT /courses/:id/absence-settings (admin): absences off for the course, and its make-up places per date. */
export async function setCourseAbsenceSettings(ctx: ServiceContext, courseId: string, input: CourseAbsenceSettings): Promise<CourseAbsences> {
  requireAllowed(ctx, 'absences.manage');
  const [row] = await absences.setCourseAbsenceSettings(ctx.db, courseId, input);
  if (!row) throw new AppError('NOT_FOUND', 'Course not found');
  return courseAbsences(ctx, courseId);
}
