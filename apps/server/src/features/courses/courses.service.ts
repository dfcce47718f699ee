import { tellCourseChange } from '../../domain/enrolment/change-notices';
import { z } from 'zod';
import {
  courseBooking,
  coursesQuerySchema,
  courseAgeText,
  derivedCourseName,
  freePlaces,
  isDerivedCourseName,
  LAST_MODIFIED_COURSES_DEFAULT_LIMIT,
  osloWeekday,
  placeCoursesQuerySchema,
  placeSlug,
  type Course,
  type CourseInput,
  type Participant,
  krToOre,
  oreToKr,
  toDate,
  toIso,
} from '@app/shared';
import { can, requireAccess, seesUnpublished } from '../../access/access';
import { countTaken, lockCourses, MINUTE, split } from '../../domain/enrolment/seats';
import { placesOfCourses } from '../../repos/seats.repo';
import { withTx, type ServiceContext } from '../../context';
import { busyAsAppError } from '../../db/busy';
import { AppError } from '../../lib/app-error';
import * as dateChanges from '../../repos/changes.repo';
import * as repo from '../../repos/courses.repo';
import * as levels from '../../repos/levels.repo';
import * as places from '../../repos/places.repo';
import * as users from '../../repos/users.repo';
import { assertOrdered, windowFromQuery } from './course-window';

/** Told when a public list's answer changes with time alone (a payment hold ends), so public-cache.ts expires it then. */
export interface AnswerChanges {
  changesIn(ms: number): void;
}

type CoursesQuery = z.infer<typeof coursesQuerySchema>;

/** Between-dates lists without an explicit limit (the dashboard's "today" and similar). */
const BETWEEN_DATES_DEFAULT_LIMIT = 200;

/** Spec §7 GET /places/{id}/courses: courses overlapping the window, by start time then first date. */
export async function listPlaceCourses(
  ctx: ServiceContext,
  placeId: string,
  query: z.infer<typeof placeCoursesQuerySchema>,
  changes?: AnswerChanges,
): Promise<Course[]> {
  await requireVisiblePlace(ctx, placeId);
  const window = windowFromQuery(query, ctx.clock.now());
  const rows = await repo.findCourses(ctx.db, {
    placeId,
    start: window.start,
    end: window.end,
    includeUnpublished: seesUnpublished(ctx.viewer),
    sort: { field: 'timeFrom', order: 'asc' },
    limit: query.limit,
  });
  return toCourses(ctx, rows, changes);
}

/** Spec §7 GET /courses: a place's courses (pId), those between startDate/endDate, else the 5 last modified. */
export async function listCourses(ctx: ServiceContext, query: CoursesQuery, changes?: AnswerChanges): Promise<Course[]> {
  const { db } = ctx;
  const includeUnpublished = seesUnpublished(ctx.viewer);
  const order = query.sortOrder;
  const base = { includeUnpublished, nameContains: query.name?.trim() || undefined };

  if (query.pId) {
    await requireVisiblePlace(ctx, query.pId);
    const window = windowFromQuery(query, ctx.clock.now());
    const rows = await repo.findCourses(db, {
      ...base,
      placeId: query.pId,
      start: window.start,
      end: window.end,
      sort: query.sortField ? { field: query.sortField, order: order ?? 'asc' } : { field: 'timeFrom', order: 'asc' },
      limit: query.limit,
    });
    return toCourses(ctx, rows, changes);
  }

  if (query.startDate === undefined && query.endDate === undefined) {
    const rows = await repo.findCourses(db, {
      ...base,
      sort: { field: query.sortField ?? 'updatedAt', order: order ?? 'desc' },
      limit: query.limit ?? LAST_MODIFIED_COURSES_DEFAULT_LIMIT,
    });
    return toCourses(ctx, rows, changes);
  }

  const start = query.startDate === undefined ? undefined : new Date(query.startDate);
  const end = query.endDate === undefined ? undefined : new Date(query.endDate);
  assertOrdered(start, end);
  const rows = await repo.findCourses(db, {
    ...base,
    start,
    end,
    sort: { field: query.sortField ?? 'firstDate', order: order ?? 'asc' },
    limit: query.limit ?? BETWEEN_DATES_DEFAULT_LIMIT,
  });
  return toCourses(ctx, rows, changes);
}

/** The place a viewer may see, or NOT_FOUND (an unpublished place is as absent as an unknown one to visitors). */
async function requireVisiblePlace(ctx: ServiceContext, id: string): Promise<void> {
  const row = await places.findPlaceRow(ctx.db, id);
  if (!row || (!row.published && !seesUnpublished(ctx.viewer))) throw new AppError('NOT_FOUND', 'Place not found');
}

const byName = (a: users.UserContact, b: users.UserContact) =>
  a.firstName.localeCompare(b.firstName, 'nb') || a.lastName.localeCompare(b.lastName, 'nb') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Each course's instructors, by name: ids from the courses repo, names from the users repo (two queries). */
async function instructorsOf(ctx: ServiceContext, courseIds: readonly string[]): Promise<Map<string, users.UserContact[]>> {
  const idsByCourse = await repo.findInstructorIds(ctx.db, courseIds);
  const contacts = await users.findUserContacts(ctx.db, [...idsByCourse.values()].flat());
  const result = new Map<string, users.UserContact[]>();
  for (const [courseId, userIds] of idsByCourse) {
    const list = userIds.map((id) => contacts.get(id)).filter((c): c is users.UserContact => !!c);
    result.set(courseId, list.sort(byName));
  }
  return result;
}

/** The course shape; participants only where course.participants.read allows (spec §2), profile links for admins. */
async function toCourses(ctx: ServiceContext, rows: repo.CourseListRow[], changes?: AnswerChanges): Promise<Course[]> {
  const ids = rows.map((r) => r.id);
  const [placesTaken, instructors, cancelled] = await Promise.all([placesOfCourses(ctx.db, ids), instructorsOf(ctx, ids), dateChanges.cancelledDatesByCourse(ctx.db, ids)]);
  for (const row of rows) {
    const ends = placesTaken.get(row.id)?.holdEndsInMs;
    if (changes && ends != null) changes.changesIn(ends);
  }
  const now = ctx.clock.now();
  const mayRead = ctx.viewer?.isAdmin || ctx.viewer?.isInstructor;
  const visible = new Set<string>();
  if (mayRead) {
    for (const id of ids) if (await can(ctx, 'course.participants.read', id)) visible.add(id);
  }
  const seesProfiles = !!ctx.viewer?.isAdmin;
  const participants = new Map<string, Participant[]>();
  for (const p of await repo.findParticipants(ctx.db, [...visible])) {
    const list = participants.get(p.courseId) ?? [];
    const { childId: _id, firstName, lastName, birthdate } = p;
    list.push({ _id, firstName, lastName, birthdate, profileId: seesProfiles ? p.profileId : null });
    participants.set(p.courseId, list);
  }
  return rows.map((row) => {
    const places = placesTaken.get(row.id);
    const participantsCount = places?.participants ?? 0;
    const cancelledDates = cancelled.get(row.id) ?? [];
    const booking = courseBooking({ ...row, dates: row.dates.map(toDate), cancelledDates }, now);
    const openToAllAt = row.openToAllAt && row.priorityCourseIds.length > 0 && row.openToAllAt > now ? row.openToAllAt : null;
    return {
      _id: row.id,
      name: row.name,
      place: { _id: row.placeId, name: row.placeName, slug: placeSlug(row.placeName), place: row.placeTown },
      dates: row.dates.map((d) => toIso(d)),
      cancelledDates: cancelledDates.map((d) => d.toISOString()),
      timeFrom: row.timeFrom,
      timeTo: row.timeTo,
      weekday: row.firstDate ? osloWeekday(row.firstDate) : null,
      experienceLevel: row.experienceLevel,
      levelId: row.levelId,
      participantsAge: row.participantsAge,
      ageMinMonths: row.ageMinMonths,
      ageMaxMonths: row.ageMaxMonths,
      lateBookingMaxPassed: row.lateBookingMaxPassed,
      proRata: row.proRata,
      price: oreToKr(row.priceOre),
      booking: {
        state: booking.state,
        remainingDates: booking.remainingDates.map((d) => d.toISOString()),
        price: oreToKr(booking.priceOre),
      },
      maximumParticipants: row.maximumParticipants,
      participantsCount,
      // What a payment start would say: a place held by a payment or a waitlist offer is not free.
      freePlaces: freePlaces(row.maximumParticipants, places?.taken ?? 0),
      waitlistOpen: !row.waitlistClosed,
      opensToAllAt: openToAllAt ? openToAllAt.toISOString() : null,
      opensAt: row.opensAt ? row.opensAt.toISOString() : null,
      queueUntil: queueUntil(ctx.env, row),
      ...(visible.has(row.id) ? { participants: participants.get(row.id) ?? [] } : {}),
      instructors: (instructors.get(row.id) ?? []).map((i) => ({ _id: i.id, firstName: i.firstName, lastName: i.lastName })),
      info: row.info,
      published: row.published,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The waiting room's end for a course (decision 041): its last opening plus QUEUE_GATE_MINUTES. */
function queueUntil(env: ServiceContext['env'], row: repo.CourseListRow): string | null {
  const s = split(row);
  return s ? new Date(s.general.getTime() + env.QUEUE_GATE_MINUTES * MINUTE).toISOString() : null;
}

// ---- writes (admin; the role gate is the route's, object access course.write) ----------------------------------

const sortedDates = (input: CourseInput) => [...new Set(input.dates.map((d) => Date.parse(d)))].sort((a, b) => a - b).map((ms) => new Date(ms));

/** Form input to a row: dates sorted (spec §3), price in øre, a name not given made from level and age (decision 031). */
function courseValues(input: CourseInput): repo.CourseValues {
  const dates = sortedDates(input);
  // The age text parents read is made from the months.
  const participantsAge = courseAgeText(input);
  return {
    name: isDerivedCourseName(input.name) ? derivedCourseName({ ...input, participantsAge }) : input.name.trim(),
    placeId: input.placeId,
    dates,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
    timeFrom: input.timeFrom,
    timeTo: input.timeTo,
    experienceLevel: input.experienceLevel,
    ...(input.levelId !== undefined ? { levelId: input.levelId } : {}),
    participantsAge,
    ageMinMonths: input.ageMinMonths,
    ageMaxMonths: input.ageMaxMonths,
    lateBookingMaxPassed: input.lateBookingMaxPassed,
    proRata: input.proRata,
    priceOre: krToOre(input.price),
    maximumParticipants: input.maximumParticipants,
    info: input.info.trim(),
    published: input.published,
  };
}

/** The references the schema cannot check: the place exists, every instructor id is a user with the instructor role. */
async function checkReferences(ctx: ServiceContext, input: CourseInput): Promise<string[]> {
  if (!(await places.findPlaceRow(ctx.db, input.placeId))) throw new AppError('VALIDATION', 'Invalid input: unknown placeId');
  if (input.levelId && !(await levels.findLevel(ctx.db, input.levelId))) throw new AppError('VALIDATION', 'Invalid input: unknown levelId');
  const wanted = [...new Set(input.instructors)];
  const known = await users.filterInstructorIds(ctx.db, wanted);
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) throw new AppError('UNKNOWN_INSTRUCTOR', `Invalid input: unknown instructor ${unknown.join(', ')}`);
  return wanted;
}

async function courseFor(ctx: ServiceContext, id: string): Promise<Course> {
  const row = await repo.findCourseRow(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Course not found');
  const [course] = await toCourses(ctx, [row]);
  return course!;
}

/** Likely mistakes (decision 031) need `confirm`: a maximum below the participants, a published course all in the past. */
function requireConfirmation(ctx: ServiceContext, input: CourseInput, participants: number): void {
  if (input.confirm === true) return;
  const lastDate = sortedDates(input).at(-1);
  const tooSmall = input.maximumParticipants < participants;
  const allPast = input.published === true && !!lastDate && lastDate.getTime() < ctx.clock.now().getTime();
  if (!tooSmall && !allPast) return;
  throw new AppError('COURSE_NEEDS_CONFIRMATION', 'The course settings need confirmation', {
    participants: tooSmall ? participants : null,
    maximumParticipants: tooSmall ? input.maximumParticipants : null,
    lastDate: allPast ? lastDate.toISOString() : null,
  });
}

/** POST /courses: returns the created course. */
export async function createCourse(ctx: ServiceContext, input: CourseInput): Promise<Course> {
  const instructors = await checkReferences(ctx, input);
  requireConfirmation(ctx, input, 0);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertCourse(tx, courseValues(input));
    await repo.replaceInstructors(tx, row.id, instructors);
    return row.id;
  });
  return courseFor(ctx, id);
}

/** PATCH /courses/:id: the whole course from the form; returns the updated course. */
export async function updateCourse(ctx: ServiceContext, id: string, input: CourseInput): Promise<Course> {
  await requireAccess(ctx, 'course.write', id);
  const instructors = await checkReferences(ctx, input);
  await withTx(ctx, async (ctx) => {
    requireConfirmation(ctx, input, await repo.countParticipantsOf(ctx.db, id));
    const before = await repo.findCourseDetails(ctx.db, id);
    if (!(await repo.updateCourse(ctx.db, id, courseValues(input)))) throw new AppError('NOT_FOUND', 'Course not found');
    await repo.replaceInstructors(ctx.db, id, instructors);
    if (before) await tellCourseChange(ctx, id, before);
  });
  return courseFor(ctx, id);
}

/** DELETE /courses/:id: not with a participant or a payment hold (decision 013), decided under the course lock. */
export async function deleteCourse(ctx: ServiceContext, id: string): Promise<void> {
  await requireAccess(ctx, 'course.write', id);
  await busyAsAppError(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await lockCourses(tx, [id]))) throw new AppError('NOT_FOUND', 'Course not found');
      if ((await countTaken(tx, id)) > 0) throw new AppError('COURSE_HAS_PARTICIPANTS', 'The course has participants');
      await repo.deleteCourse(tx, id);
    }),
  );
}

/** GET /users/instructors/:id/courses: the instructor's courses not ended, first date first, with participants. */
export async function listInstructorCourses(ctx: ServiceContext, instructorId: string): Promise<Course[]> {
  await requireAccess(ctx, 'user.act-as', instructorId);
  const startOfToday = ctx.clock.now();
  startOfToday.setUTCHours(0, 0, 0, 0);
  const rows = await repo.findCourses(ctx.db, {
    instructorId,
    start: startOfToday,
    includeUnpublished: true,
    sort: { field: 'firstDate', order: 'asc' },
    limit: 200,
  });
  return toCourses(ctx, rows);
}
