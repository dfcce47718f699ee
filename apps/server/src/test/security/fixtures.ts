import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  createCourse,
  createFaq,
  createLadder,
  createFamily,
  createInstructor,
  createOrder,
  createVenue,
  createSeason,
  createTerm,
  createUser,
  type Family,
  type LadderLevel,
  type OrderRow,
  type PlaceRow,
  type TestCourse,
  type UserRow,
} from '../builders';
import { attendance, cancelledDates, childCare, courses, discountCodes, faqs, invites, levels, rolloverOffers, rollovers, waitlistEntries } from '../../db/schema';
import { eq } from 'drizzle-orm';

/** The callers of the security tests. `instructorOther` teaches a different course than the one addressed. */
export const ROLES = ['anonymous', 'parentA', 'parentB', 'instructor', 'instructorOther', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Names no response may carry to someone else. Deliberately odd, so a match in a body is a leak and not chance.
 */
export const SECRET_NAMES = {
  childFirst: 'Zyxalinda',
  childLast: 'Qwertzheim',
  parentEmail: 'parent.a.zyx@example.no',
  /** Family A's child's health note (issue 39): only A, the course's instructor and the admin may read it. */
  healthNote: 'Qzvxallergi mot peanøtter',
};

export interface Fixtures {
  discountCode: { id: string; code: string };
  discountCodeToDelete: { id: string; code: string };
  parentA: UserRow;
  parentB: UserRow;
  familyA: Family;
  familyB: Family;
  instructor: UserRow;
  instructorOther: UserRow;
  admin: UserRow;
  place: PlaceRow;
  unpublishedPlace: PlaceRow;
  /** Taught by `instructor`; familyA's child is a participant with a captured order. */
  course: TestCourse;
  /** Taught by `instructorOther`. */
  otherCourse: TestCourse;
  /** No participants (an admin may delete it). Taught by `instructor`. */
  emptyCourse: TestCourse;
  /** One participant from a family of its own (an admin may move it). Taught by `instructorOther`. */
  spareCourse: TestCourse;
  /** Taught by `instructor`, started a week ago (attendance can be marked for its first date); family A's child is on it. */
  startedCourse: TestCourse;
  /** Full (2 places, both taken), taught by `instructor`: family A's child may join its waitlist. */
  fullCourse: TestCourse;
  /** Family A's child waiting on `otherCourse` (decision 016). */
  waitlistEntryA: { id: string };
  rolloverFrom: TestCourse;
  rolloverTo: TestCourse;
  /** Child A's offer to keep a place on rolloverTo; freshRolloverOffer makes another (a decline ends one). */
  rolloverOfferA: string;
  freshRolloverOffer: () => Promise<string>;
  orderA: OrderRow;
  orderB: OrderRow;
  inviteA: { id: string };
  faq: { id: string };
  term: { id: string };
  /** Deleted by the access matrix's DELETE rows (faq and term must survive for the object-action rows). */
  faqToDelete: { id: string };
  termToDelete: { id: string };
  /** Seasons in 2090 (away from any other): one to edit, one the DELETE row deletes. */
  season: { id: string; name: string; startsOn: string; endsOn: string };
  seasonToDelete: { id: string };
  /** The ladder (decision 057): `course` is on the first level; the last level and its skill are unused (the DELETE rows). */
  ladder: LadderLevel[];
  levelToDelete: LadderLevel;
  /** A course of parent A's child that is over, every date attended: 'Kursbevis'. */
  finishedCourse: TestCourse;
  /** Cancelled dates of a course without participants, not announced yet (issue 53): one for 'Angre' (the matrix's DELETE), one to announce. */
  cancelledDateToUndo: { id: string };
  cancelledDateToAnnounce: { id: string };
  /** Every FAQ's id in the current order (for a valid reorder request). */
  faqIds(): Promise<string[]>;
  /** Every level's id (for a valid reorder of the ladder). */
  levelIds(): Promise<string[]>;
  tokens: Record<Role, string | undefined>;
  /** A new session of `role` (undefined for anonymous): for requests that end the session they are made with. */
  freshToken(role: Role): Promise<string | undefined>;
  /** A session of a new user with `role`'s roles: for requests that end every session of their user. */
  throwawayToken(role: Role): Promise<string | undefined>;
}

export async function createFixtures(app: FastifyInstance, db: Db): Promise<Fixtures> {
  const familyA = await createFamily(db, {
    lastName: SECRET_NAMES.childLast,
    guardians: [{ firstName: 'Parentazyx', email: SECRET_NAMES.parentEmail }],
    children: [{ firstName: SECRET_NAMES.childFirst, lastName: SECRET_NAMES.childLast }],
  });
  const familyB = await createFamily(db);
  const instructor = await createInstructor(db, { roles: ['parent', 'instructor'] });
  const instructorOther = await createInstructor(db, { roles: ['parent', 'instructor'] });
  const admin = await createUser(db, { roles: ['parent', 'admin'] });
  const place = await createVenue(db);
  const unpublishedPlace = await createVenue(db, { published: false });
  const course = await createCourse(db, { place, instructors: [instructor], maximumParticipants: 50 });
  const otherCourse = await createCourse(db, { place, instructors: [instructorOther], maximumParticipants: 50 });
  const emptyCourse = await createCourse(db, { place, instructors: [instructor] });
  const spareCourse = await createCourse(db, { place, instructors: [instructorOther], participants: 1 });
  const fullCourse = await createCourse(db, { place, instructors: [instructor], maximumParticipants: 2, full: true });
  const parentA = familyA.guardians[0]!;
  const parentB = familyB.guardians[0]!;
  const childA = familyA.children[0]!;
  const childB = familyB.children[0]!;
  const startedCourse = await createCourse(db, { place, instructors: [instructor], startsInDays: -7, participants: [childA] });
  const { order: orderA } = await createOrder(db, {
    status: 'captured',
    course,
    child: childA,
    user: parentA,
    profileId: familyA.profile.id,
    enrol: true,
  });
  const { order: orderB } = await createOrder(db, {
    status: 'captured',
    course: otherCourse,
    child: childB,
    user: parentB,
    profileId: familyB.profile.id,
    enrol: true,
  });
  const [inviteA] = await db
    .insert(invites)
    .values({ profileId: familyA.profile.id, email: 'invitee.zyx@example.no', inviterId: parentA.id })
    .returning({ id: invites.id });

  const [waitlistEntryA] = await db
    .insert(waitlistEntries)
    .values({ courseId: otherCourse.id, childId: childA.id, userId: parentA.id })
    .returning({ id: waitlistEntries.id });
  await db
    .insert(childCare)
    .values({ childId: childA.id, healthNote: SECRET_NAMES.healthNote, healthConsentAt: new Date(), emergencyName: 'Nød Kontakt', emergencyPhone: '4790000001' });
  const faq = await createFaq(db, { question: 'Fixture?' });
  const term = await createTerm(db, { text: 'Fixture.' });
  const faqToDelete = await createFaq(db, { question: 'Fixture to delete?' });
  const termToDelete = await createTerm(db, { text: 'Fixture to delete.' });
  const season = await createSeason(db, { name: 'Høst 2090', startsOn: '2090-08-01', endsOn: '2090-12-31' });
  const seasonToDelete = await createSeason(db, { startsOn: '2091-01-01', endsOn: '2091-06-30' });
  const [first, second, levelToDelete] = await createLadder(db, [
    { name: 'Matrisenivå 1', skills: ['Flyter på ryggen', 'Dykker'] },
    { name: 'Matrisenivå 2', skills: ['Svømmer 5 meter', 'Ferdighet som slettes'] },
    { name: 'Matrisenivå slett', skills: ['Ubrukt ferdighet'] },
  ]);
  await db.update(courses).set({ levelId: first!.id }).where(eq(courses.id, course.id));
  const finishedCourse = await createCourse(db, { place, instructors: [instructor], startsInDays: -70, weeks: 4, participants: [childA], levelId: first!.id });
  await db.insert(attendance).values(finishedCourse.dates.map((date) => ({ courseId: finishedCourse.id, childId: childA.id, date, present: true, markedAt: date })));
  const inAnHour = new Date(Date.now() + 3_600_000);
  // A course of their own (emptyCourse is deleted by the matrix's DELETE row), with nobody to mail.
  const closureCourse = await createCourse(db, { place, instructors: [instructor] });
  const [cancelledDateToUndo, cancelledDateToAnnounce] = await db
    .insert(cancelledDates)
    .values([0, 1].map((i) => ({ courseId: closureCourse.id, date: closureCourse.dates[i]!, reason: 'Svømmestevne', announceAt: inAnHour })))
    .returning({ id: cancelledDates.id });
  // 'Behold plassen' (decision 060): a course that ends before 'Høst 2090' and one in it; each fresh offer is child A's.
  const rolloverFrom = await createCourse(db, { place, dates: [new Date('2090-03-05T09:00:00Z')] });
  const rolloverTo = await createCourse(db, { place, dates: [new Date('2090-09-03T09:00:00Z')], maximumParticipants: 50 });
  const freshRolloverOffer = async () => {
    const from = await createCourse(db, { place });
    const replyBy = new Date(Date.now() + 7 * 86_400_000);
    const [head] = await db.insert(rollovers).values({ toSeasonId: season.id, replyBy }).returning({ id: rollovers.id });
    const [offer] = await db
      .insert(rolloverOffers)
      .values({ rolloverId: head!.id, childId: childA.id, profileId: familyA.profile.id, fromCourseId: from.id, toCourseId: rolloverTo.id, replyBy })
      .returning({ id: rolloverOffers.id });
    return offer!.id;
  };
  const rolloverOfferA = await freshRolloverOffer();
  // A live code for every course, and one to delete (decision 058).
  const [discountCode, discountCodeToDelete] = await db
    .insert(discountCodes)
    .values(['MATRISE10', 'MATRISESLETT'].map((code) => ({ code, kind: 'percent', percent: 10, validFrom: '2020-01-01', validTo: '2099-12-31' })))
    .returning({ id: discountCodes.id, code: discountCodes.code });
  const levelIds = async () => (await db.select({ id: levels.id }).from(levels)).map((r) => r.id);
  const faqIds = async () => (await db.select({ id: faqs.id }).from(faqs).orderBy(asc(faqs.position), asc(faqs.createdAt), asc(faqs.id))).map((r) => r.id);

  const token = async (user: UserRow) => (await app.sessions.issue(user.id)).token;
  const tokens: Record<Role, string | undefined> = {
    anonymous: undefined,
    parentA: await token(parentA),
    parentB: await token(parentB),
    instructor: await token(instructor),
    instructorOther: await token(instructorOther),
    admin: await token(admin),
  };
  return {
    parentA,
    parentB,
    familyA,
    familyB,
    instructor,
    instructorOther,
    admin,
    place,
    unpublishedPlace,
    course,
    otherCourse,
    emptyCourse,
    spareCourse,
    fullCourse,
    startedCourse,
    waitlistEntryA: waitlistEntryA!,
    orderA,
    orderB,
    inviteA: inviteA!,
    faq,
    term,
    faqToDelete,
    termToDelete,
    season,
    seasonToDelete,
    ladder: [first!, second!],
    levelToDelete: levelToDelete!,
    discountCode: discountCode!,
    discountCodeToDelete: discountCodeToDelete!,
    finishedCourse,
    cancelledDateToUndo: cancelledDateToUndo!,
    cancelledDateToAnnounce: cancelledDateToAnnounce!,
    faqIds,
    levelIds,
    rolloverFrom,
    rolloverTo,
    rolloverOfferA,
    freshRolloverOffer,
    tokens,
    freshToken: async (role) => (role === 'anonymous' ? undefined : token({ parentA, parentB, instructor, instructorOther, admin }[role])),
    throwawayToken: async (role) =>
      role === 'anonymous' ? undefined : token(await createUser(db, { roles: { parentA, parentB, instructor, instructorOther, admin }[role].roles })),
  };
}

export const authHeader = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** The tables a rejected request must not change (the rate-limit counters may move: they count attempts). */
export const MAIN_TABLES = [
  'users',
  'profiles',
  'profile_parents',
  'children',
  'invites',
  'places',
  'place_old_slugs',
  'place_photos',
  'images',
  'image_variants',
  'courses',
  'course_instructors',
  'participants',
  'orders',
  'order_events',
  'faqs',
  'terms',
  'term_versions',
  'seasons',
  'levels',
  'skills',
  'skill_marks',
  'progress_notes',
  'setting_versions',
  'contact_messages',
  'outbox',
  'auth_states',
  'waitlist_entries',
  'child_care',
  'health_note_reads',
  'queue_openings',
  'queue_tickets',
  'gift_cards',
  'discount_codes',
  'family_credits',
  'absences',
  'makeup_tokens',
  'makeups',
] as const;

/** Row counts of every main table, in one round trip. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const parts = MAIN_TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ');
  const result = await db.execute(sql.raw(`select ${parts}`));
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
  return Object.fromEntries(MAIN_TABLES.map((t) => [t, Number(row[t])]));
}
