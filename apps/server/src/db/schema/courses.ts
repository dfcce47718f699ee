import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn, oreColumn, updatedAt } from './columns';
import { levels } from './levels';
import { childRef, children, users } from './users';

export const places = pgTable(
  'places',
  {
    id: idColumn(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    zipCode: text('zip_code').notNull(),
    place: text('place').notNull(),
    info: text('info').notNull().default(''),
    published: boolean('published').notNull().default(true),
    /** A bundled venue illustration's key (PLACE_IMAGES); null: found by the venue's name. */
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('places', t.id),
    check('places_image_key', sql`${t.image} is null or ${t.image} ~ '^[a-z0-9-]{1,60}$'`),
    check('places_zip_code_format', sql`${t.zipCode} ~ '^[0-9]{4}$'`),
    uniqueIndex('places_name_key').on(sql`lower(${t.name})`),
  ],
);

/** The slugs a venue had before a rename: the old address answers 301 (decision 036). */
export const placeOldSlugs = pgTable(
  'place_old_slugs',
  {
    slug: text('slug').primaryKey(),
    placeId: cascadeRef('place_id', () => places.id),
    createdAt: createdAt(),
  },
  (t) => [index('place_old_slugs_place_idx').on(t.placeId)],
);

export const courses = pgTable(
  'courses',
  {
    id: idColumn(),
    name: text('name').notNull().default(''),
    placeId: text('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'restrict' }),
    /** Sorted ascending on save; first/last are kept beside them for window queries and sorting. */
    dates: timestamp('dates', { withTimezone: true }).array().notNull().default(sql`'{}'::timestamptz[]`),
    firstDate: timestamp('first_date', { withTimezone: true }),
    lastDate: timestamp('last_date', { withTimezone: true }),
    timeFrom: text('time_from').notNull().default('07:00'),
    timeTo: text('time_to').notNull().default('07:30'),
    experienceLevel: text('experience_level').notNull(),
    /** The ladder step the course teaches (decision 057); null: none chosen. */
    levelId: text('level_id').references((): AnyPgColumn => levels.id, { onDelete: 'restrict' }),
    participantsAge: text('participants_age').notNull().default(''),
    /** The age range in whole months at the first date, both ends included; null: no bound on that side. */
    ageMinMonths: integer('age_min_months'),
    ageMaxMonths: integer('age_max_months'),
    /** Late booking is open while at most this many dates have passed; null: until half have passed. */
    lateBookingMaxPassed: integer('late_booking_max_passed'),
    /** A late booking pays for the remaining dates only (rounded to 25 kr); false: always the full price. */
    proRata: boolean('pro_rata').notNull().default(true),
    priceOre: oreColumn('price_ore').notNull(),
    maximumParticipants: integer('maximum_participants').notNull(),
    info: text('info').notNull().default(''),
    published: boolean('published').default(true),
    /** Waitlist closed by an admin (decision 016): nobody joins, no new offers; offers already made stand. */
    waitlistClosed: boolean('waitlist_closed').notNull().default(false),
    /** Returning swimmers first (decision 016): children of these courses may book before `open_to_all_at`. */
    priorityCourseIds: text('priority_course_ids').array().notNull().default(sql`'{}'::text[]`),
    openToAllAt: timestamp('open_to_all_at', { withTimezone: true }),
    /** When the returning families were invited by e-mail (once per window). */
    priorityInvitedAt: timestamp('priority_invited_at', { withTimezone: true }),
    /** Enrolment night (decision 041): when booking opens, through the waiting room; null: no opening. */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    /** Absences and make-up tokens turned off for this course by an admin (decision 061). */
    absencesOff: boolean('absences_off').notNull().default(false),
    /** At most this many make-up children per date (decision 061), below the free places; null: the free places. */
    makeupLimit: integer('makeup_limit'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('courses', t.id),
    check('courses_capacity_non_negative', sql`${t.maximumParticipants} >= 0`),
    check('courses_price_non_negative', sql`${t.priceOre} >= 0`),
    check('courses_age_min_range', sql`${t.ageMinMonths} is null or ${t.ageMinMonths} between 0 and 240`),
    check('courses_age_max_range', sql`${t.ageMaxMonths} is null or ${t.ageMaxMonths} between 0 and 240`),
    check(
      'courses_age_range_ordered',
      sql`${t.ageMinMonths} is null or ${t.ageMaxMonths} is null or ${t.ageMinMonths} <= ${t.ageMaxMonths}`,
    ),
    check('courses_makeup_limit_non_negative', sql`${t.makeupLimit} is null or ${t.makeupLimit} >= 0`),
    check('courses_late_booking_non_negative', sql`${t.lateBookingMaxPassed} is null or ${t.lateBookingMaxPassed} >= 0`),
    check('courses_time_from_format', sql`${t.timeFrom} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('courses_time_to_format', sql`${t.timeTo} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'courses_experience_level_known',
      sql`${t.experienceLevel} in ('Nybegynner','Viderekommen','Søskensvømming','Nybegynner/Viderekommen','Arrangement')`,
    ),
    index('courses_place_first_date_idx').on(t.placeId, t.firstDate),
    index('courses_first_date_idx').on(t.firstDate),
    index('courses_updated_at_idx').on(t.updatedAt),
    index('courses_opens_at_idx').on(t.opensAt),
    index('courses_level_idx').on(t.levelId),
  ],
);

/** A row that belongs to a course and goes with it: `course_id`, not null, deleted with the course. */
export const courseRef = () => cascadeRef('course_id', () => courses.id);

export const courseInstructors = pgTable(
  'course_instructors',
  {
    courseId: courseRef(),
    userId: cascadeRef('user_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_instructors_user_idx').on(t.userId)],
);

/** A child's place on a course. Unique per (course, child): a child is never booked twice on one course. */
export const participants = pgTable(
  'participants',
  {
    courseId: courseRef(),
    childId: text('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'restrict' }),
    orderId: text('order_id'),
    /** The admin who added or moved the child here (null: booked and paid by the family). */
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin went above the course's maximum on purpose (an explicit override in the add/move dialog). */
    capacityOverride: boolean('capacity_override').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.childId] }), index('participants_child_idx').on(t.childId)],
);

/** Who came, per (course, child, date); marked_at keeps the newest tap of the phone's offline queue. */
export const attendance = pgTable(
  'attendance',
  {
    courseId: courseRef(),
    childId: childRef(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    present: boolean('present').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.childId, t.date] })],
);

export type PlaceRow = typeof places.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
