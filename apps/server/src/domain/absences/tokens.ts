import type { AbsenceSettings, MakeupInput, MakeupOption } from '@app/shared';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/app-error';
import * as absences from '../../repos/absences.repo';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import { courseLabel } from '../enrolment/course-label';
import { freeOnDates, reserveSeat } from '../enrolment/seats';
import { seasonOn } from '../seasons/season-on';
import { currentSettings } from '../settings/settings';
import { makeupFits, tokenExpiry } from './rules';

// Why: docs/decisions/061-absences-and-make-up-tokens.md. A token's make-up dates and its one spending, for an
// absence's token, a closure's and one given by hand alike.

export const settingsOf = async (ctx: ServiceContext): Promise<AbsenceSettings> => (await currentSettings(ctx, 'absences')).value;

/** A new token's expiry (rules.tokenExpiry): from `from`, with the season that holds it. */
export async function expiryFrom(ctx: ServiceContext, from: Date): Promise<Date> {
  const season = await seasonOn(ctx.db, from);
  return tokenExpiry(from, season?.endsOn ?? null, await settingsOf(ctx));
}

/**
 * The dates that fit the token (rules.makeupFits): a course at a venue in the same town as the token's course, the
 * same level, the child's age on the date; not a course the child is on, not a cancelled date. `withFull`: full ones too.
 */
export async function fittingDates(ctx: ServiceContext, token: Pick<absences.TokenRow, 'childId' | 'courseId' | 'expiresAt'>, withFull = false): Promise<MakeupOption[]> {
  const own = token.courseId ? await absences.findCourse(ctx.db, token.courseId) : undefined;
  const child = await profiles.findChild(ctx.db, token.childId);
  if (!own || !child) return [];
  const now = ctx.clock.now();
  const candidates = await absences.makeupCourses(ctx.db, { placeIds: await changes.placesInTown(ctx.db, own.placeId), from: now, to: token.expiresAt });
  const cancelled = await changes.cancelledDatesByCourse(ctx.db, candidates.map((c) => c.course.id));
  const need = { levelId: own.levelId, experienceLevel: own.experienceLevel, birthdate: child.birthdate, expiresAt: token.expiresAt, now };
  const options: MakeupOption[] = [];
  for (const { course, placeName } of candidates) {
    if (await courses.findParticipant(ctx.db, course.id, child.id)) continue;
    const off = new Set((cancelled.get(course.id) ?? []).map((d) => d.getTime()));
    const dates = course.dates.map((d) => new Date(d)).filter((date) => !off.has(date.getTime()) && makeupFits(need, { ...course, date }));
    (await freeOnDates(ctx.db, course, dates)).forEach((free, i) => {
      if (free > 0 || withFull) options.push({ courseId: course.id, courseName: courseLabel(course), placeName, date: dates[i]!.toISOString(), timeFrom: course.timeFrom, timeTo: course.timeTo, freePlaces: Math.max(0, free) });
    });
  }
  return options.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Spends the token on the date, in the caller's transaction, which holds the token's row lock: the course lock and its
 * count (reserveSeat), then the make-up. A full date is MAKEUP_DATE_FULL, and nothing is written.
 */
export async function spendToken(ctx: ServiceContext, token: absences.TokenRow, input: MakeupInput, by: string | null) {
  const date = new Date(input.date);
  const seat = await reserveSeat(ctx.db, input.courseId, { by: 'makeup', date });
  if ('refused' in seat) throw new AppError(seat.refused === 'COURSE_FULL' ? 'MAKEUP_DATE_FULL' : seat.refused, 'No free place that date');
  return absences.insertMakeup(ctx.db, { tokenId: token.id, childId: token.childId, courseId: input.courseId, date, createdAt: ctx.clock.now(), createdBy: by });
}
