import { sql } from 'drizzle-orm';
import { searchFoldSql } from '@app/shared';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn, updatedAt } from './columns';

/** Guardians, instructors and admins: the people who log in with Vipps. Children have their own table. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    vippsSub: text('vipps_sub'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** The name as Vipps last gave it: what e-mails outside the family (an invite) call the user; the site's is editable. */
    vippsFirstName: text('vipps_first_name'),
    vippsLastName: text('vipps_last_name'),
    birthdate: date('birthdate'),
    email: text('email'),
    /** Vipps' userinfo said `email_verified: true` for `email` (issue 36): only a verified address receives invites. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** MSISDN as Vipps sends it: country code first, digits only (e.g. 4791234567). */
    phone: text('phone'),
    address: text('address'),
    zipCode: text('zip_code'),
    place: text('place'),
    roles: text('roles').array().notNull().default(sql`ARRAY['parent']::text[]`),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** The guardian tapped 'Behold kontoen' in the retention warning: counts as activity for retention (issue 39). */
    keptAt: timestamp('kept_at', { withTimezone: true }),
    /** The guardian turned reminders off on /profil (issue 38): no 'i morgen' e-mails. */
    remindersOff: boolean('reminders_off').notNull().default(false),
    registrationDate: createdAt(),
    updatedAt: updatedAt(),
    /** Name, e-mail and phone folded for the admin search (case and accents off: 'ostby' finds 'Østby'). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(searchFoldSql(`first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')`)),
      ),
  },
  (t) => [
    idCheck('users', t.id),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    uniqueIndex('users_vipps_sub_key').on(t.vippsSub),
    index('users_phone_idx').on(t.phone),
    index('users_last_login_idx').on(t.lastLogin),
    index('users_registration_date_idx').on(t.registrationDate),
    check('users_roles_known', sql`${t.roles} <@ ARRAY['admin','parent','child','instructor','developer']::text[]`),
  ],
);

/** A family: ordered guardians (position 0 is the owner) and children. */
export const profiles = pgTable('profiles', { id: idColumn(), createdAt: createdAt(), updatedAt: updatedAt() }, (t) => [
  idCheck('profiles', t.id),
]);

export const profileParents = pgTable(
  'profile_parents',
  {
    profileId: cascadeRef('profile_id', () => profiles.id),
    userId: cascadeRef('user_id', () => users.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.userId] }),
    uniqueIndex('profile_parents_position_key').on(t.profileId, t.position),
    index('profile_parents_user_idx').on(t.userId),
  ],
);

export const children = pgTable(
  'children',
  {
    id: idColumn(),
    profileId: cascadeRef('profile_id', () => profiles.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthdate: date('birthdate').notNull(),
    registrationDate: createdAt(),
    updatedAt: updatedAt(),
    /** First and last name folded for the admin search (see users.searchText). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`first_name || ' ' || last_name`))),
  },
  (t) => [
    idCheck('children', t.id),
    index('children_profile_idx').on(t.profileId),
    index('children_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A row that belongs to a child and goes with it: `child_id`, not null, deleted with the child. */
export const childRef = () => cascadeRef('child_id', () => children.id);

export const invites = pgTable(
  'invites',
  {
    id: idColumn(),
    profileId: cascadeRef('profile_id', () => profiles.id),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    inviterId: text('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 (hex) of the e-mailed link's secret (never stored itself); null: an old invite, not acceptable. */
    secretHash: text('secret_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '14 days'`),
    /** Who opened the link and tapped 'Godta' without a verified matching address: waits for the owner's confirmation. */
    claimedById: text('claimed_by_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Who joined the family through the invite, so the owner sees it and can undo it. */
    acceptedById: text('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idCheck('invites', t.id),
    check('invites_status_known', sql`${t.status} in ('pending','accepted','rejected','revoked')`),
    uniqueIndex('invites_secret_hash_key').on(t.secretHash),
    uniqueIndex('invites_pending_key').on(t.profileId, sql`lower(${t.email})`).where(sql`${t.status} = 'pending'`),
    index('invites_email_idx').on(sql`lower(${t.email})`),
  ],
);
