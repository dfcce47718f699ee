import type { ServiceContext, SignedIn, Viewer } from '../context';
import { AppError } from '../lib/app-error';
import * as changes from '../repos/changes.repo';
import * as content from '../repos/content.repo';
import * as courses from '../repos/courses.repo';
import * as discountCodes from '../repos/discount-codes.repo';
import * as levels from '../repos/levels.repo';
import * as orders from '../repos/orders.repo';
import * as places from '../repos/places.repo';
import * as profiles from '../repos/profiles.repo';
import * as rollovers from '../repos/rollovers.repo';
import * as seasons from '../repos/seasons.repo';
import * as users from '../repos/users.repo';
import * as waitlist from '../repos/waitlist.repo';

/**
 * Object-level access, decided here and nowhere else: services ask `requireAccess` (throws) or `can` (a boolean); the
 * route's `config.access` stays the role gate in front. A missing object is NOT_FOUND; a refused one gets the rule's
 * `denied`: NOT_FOUND where the answer must not tell that someone else's object exists (orders, bookings, calendars).
 * A new action goes here, with its rows in test/security/access-matrix.integration.test.ts.
 */
interface Rule {
  /** What `id` points at. */
  object: 'profile' | 'child' | 'course' | 'order' | 'user' | 'faq' | 'term' | 'waitlist entry' | 'place' | 'cancelled date' | 'season' | 'level' | 'skill' | 'rollover offer' | 'discount code';
  denied: 'FORBIDDEN' | 'NOT_FOUND';
  exists(ctx: ServiceContext, id: string): Promise<boolean>;
  /** `allows` only holds for an object that exists (it joins the object's row): `exists` is not asked after it. */
  allowsImpliesExists?: true;
  /** Only asked for a signed-in viewer; visitors may do none of these. */
  allows: Allows;
  /** `allows` for many ids in a fixed number of queries (filterAccess): the ids that exist and are allowed. */
  allowsMany?(ctx: ServiceContext, viewer: SignedIn, ids: readonly string[]): Promise<Set<string>>;
}

type Allows = (ctx: ServiceContext, viewer: SignedIn, id: string) => Promise<boolean>;

const profileExists = (ctx: ServiceContext, id: string) => profiles.profileExists(ctx.db, id);
const childExists = async (ctx: ServiceContext, id: string) => !!(await profiles.findChild(ctx.db, id));
/** Of `ids`, the children that exist (an admin's batch answer). */
const existingChildren = async (ctx: ServiceContext, ids: readonly string[]) => new Set((await profiles.findChildren(ctx.db, ids)).map((c) => c.id));
const courseExists = (ctx: ServiceContext, id: string) => courses.courseExists(ctx.db, id);
const orderExists = async (ctx: ServiceContext, id: string) => !!(await orders.findOrderById(ctx.db, id));
const userExists = async (ctx: ServiceContext, id: string) => !!(await users.findSessionUser(ctx.db, id));
const placeExists = async (ctx: ServiceContext, id: string) => !!(await places.findPlaceRow(ctx.db, id));

const isGuardian = (ctx: ServiceContext, viewer: SignedIn, profileId: string) => profiles.isGuardianOfProfile(ctx.db, viewer.id, profileId);
const isOwner = async (ctx: ServiceContext, viewer: SignedIn, profileId: string) =>
  (await profiles.guardianPosition(ctx.db, viewer.id, profileId)) === 0;
/** A current guardian of the order's family (an order whose family is gone has none). */
const isGuardianOfOrder = async (ctx: ServiceContext, viewer: SignedIn, orderId: string) => {
  const order = await orders.findOrderById(ctx.db, orderId);
  return !!order?.profileId && (await isGuardian(ctx, viewer, order.profileId));
};
const isGuardianOfChild: Allows = (ctx, viewer, childId) => profiles.isGuardianOfChild(ctx.db, viewer.id, childId);
const isInstructor: Allows = (ctx, viewer, courseId) => courses.isInstructorOf(ctx.db, viewer.id, courseId);
const isSelf: Allows = async (_ctx, viewer, userId) => viewer.id === userId;
const adminOnly = async (_ctx: ServiceContext, viewer: SignedIn) => viewer.isAdmin;
/** Admins, and whoever `allows` lets in. */
const orAdmin = (allows: Allows): Allows => async (ctx, v, id) => v.isAdmin || allows(ctx, v, id);

const RULES = {
  /** See a family: its guardians; admins see any (spec §2 /profil). */
  'profile.read': { object: 'profile', denied: 'FORBIDDEN', exists: profileExists, allows: orAdmin(isGuardian) },
  /** Change a family (add children, edit it): its guardians and admins. */
  'profile.write': { object: 'profile', denied: 'FORBIDDEN', exists: profileExists, allows: orAdmin(isGuardian) },
  /** Invite a guardian: the profile's owner (first guardian); admins to any profile (spec §6). */
  'profile.invite': { object: 'profile', denied: 'FORBIDDEN', exists: profileExists, allows: orAdmin(isOwner) },
  /** Remove a guardian from the profile: its owner, or an admin (the service keeps the first guardian, spec §5). */
  'guardian.remove': { object: 'profile', denied: 'FORBIDDEN', exists: profileExists, allows: orAdmin(isOwner) },
  /** See a child: the guardians of its family, and admins. */
  'child.read': {
    object: 'child',
    denied: 'FORBIDDEN',
    exists: childExists,
    allows: orAdmin(isGuardianOfChild),
    allowsMany: async (ctx, v, ids) =>
      v.isAdmin ? existingChildren(ctx, ids) : new Set(await profiles.childIdsOfGuardian(ctx.db, v.id, ids)),
  },
  /** Edit or delete a child: the guardians of its family, and admins. */
  'child.write': { object: 'child', denied: 'FORBIDDEN', exists: childExists, allows: orAdmin(isGuardianOfChild) },
  /**
   * A child's family and its guardians' contact details (spec §7 GET /profiles?cId): admins, and the instructors of a
   * course the child takes part in (they phone the parents: the course list's copy buttons).
   */
  'child.family.read': {
    object: 'child',
    denied: 'FORBIDDEN',
    exists: childExists,
    allows: async (ctx, v, id) => v.isAdmin || courses.teachesChild(ctx.db, v.id, id),
    allowsMany: async (ctx, v, ids) =>
      v.isAdmin ? existingChildren(ctx, ids) : courses.childrenTaughtBy(ctx.db, v.id, ids),
  },
  /**
   * Book a place for a child: a guardian of its family, admins included (an admin books on a guardian's behalf and
   * is checked as that guardian, see asViewer). NOT_FOUND: no hint whether another family's child exists.
   */
  'child.book': { object: 'child', denied: 'NOT_FOUND', exists: childExists, allows: isGuardianOfChild, allowsImpliesExists: true },
  /** A child's care details with the health note: its guardians, and admins (their reading is logged); not instructors. */
  'child.care.read': { object: 'child', denied: 'FORBIDDEN', exists: childExists, allows: orAdmin(isGuardianOfChild) },
  /** Change the emergency contact, health note and photo consent: the guardians only (the consent is theirs to give). */
  'child.care.write': { object: 'child', denied: 'FORBIDDEN', exists: childExists, allows: isGuardianOfChild },
  /** Who read the child's health note: the guardians of its family, and admins. */
  'child.health-note.reads': { object: 'child', denied: 'FORBIDDEN', exists: childExists, allows: orAdmin(isGuardianOfChild) },
  /** Read the health notes of a course's participants (each reading logged): its own instructors, and admins. */
  'course.health-notes.read': { object: 'course', denied: 'FORBIDDEN', exists: courseExists, allows: orAdmin(isInstructor) },
  /** Create, edit, delete a course: admins (spec §6). */
  'course.write': { object: 'course', denied: 'FORBIDDEN', exists: courseExists, allows: adminOnly },
  /** Participant names and the course list: the course's own instructors, and admins. */
  'course.participants.read': { object: 'course', denied: 'FORBIDDEN', exists: courseExists, allows: orAdmin(isInstructor) },
  /** The course's calendar file: a family with a child on the course, and admins (others: NOT_FOUND). */
  'course.calendar': {
    object: 'course',
    denied: 'NOT_FOUND',
    exists: courseExists,
    allows: async (ctx, v, id) => v.isAdmin || courses.hasParticipantAmong(ctx.db, id, await profiles.childIdsOfGuardian(ctx.db, v.id)),
  },
  /**
   * An order and its payment status: the current guardians of its family, and admins (others: NOT_FOUND). Not its buyer
   * as such: a guardian who has left the family no longer sees it; an order whose family is gone, admins only.
   */
  'order.read': { object: 'order', denied: 'NOT_FOUND', exists: orderExists, allows: orAdmin(isGuardianOfOrder) },
  /**
   * What only the order's own family does: cancel the child's place ('Meld av kurset') and see its preview. Its current
   * guardians only (admins, who refund in the back office, and a former guardian who bought it: NOT_FOUND).
   */
  'order.family': { object: 'order', denied: 'NOT_FOUND', exists: orderExists, allows: isGuardianOfOrder, allowsImpliesExists: true },
  /** An order's receipts (PDFs): the current guardians of its family, and its buyer for ever. Admins: NOT_FOUND. */
  'order.receipt': {
    object: 'order',
    denied: 'NOT_FOUND',
    exists: orderExists,
    allows: async (ctx, v, id) => {
      const order = await orders.findOrderById(ctx.db, id);
      return !!order && (order.userId === v.id || (!!order.profileId && (await isGuardian(ctx, v, order.profileId))));
    },
    allowsImpliesExists: true,
  },
  /** Refund an order: admins. */
  'order.refund': { object: 'order', denied: 'FORBIDDEN', exists: orderExists, allows: adminOnly },
  /** Act for a user (their profiles list, booking or a calendar in their name): the user themself, and admins. */
  'user.act-as': {
    object: 'user',
    denied: 'FORBIDDEN',
    // The signed-in viewer's own row was just read by the session check: no second query for it (a payment start).
    exists: async (ctx, id) => ctx.viewer?.id === id || userExists(ctx, id),
    allows: orAdmin(isSelf),
  },
  /** Change a user's roles: admins. */
  'user.roles': { object: 'user', denied: 'FORBIDDEN', exists: userExists, allows: adminOnly },
  /** Edit or delete a FAQ entry: admins (spec §6). */
  'faq.write': { object: 'faq', denied: 'FORBIDDEN', exists: (ctx, id) => content.faqExists(ctx.db, id), allows: adminOnly },
  /** Edit or delete a term: admins (spec §6). */
  'term.write': { object: 'term', denied: 'FORBIDDEN', exists: (ctx, id) => content.termExists(ctx.db, id), allows: adminOnly },
  /** Edit or delete a season (decision 053): admins. */
  'season.write': { object: 'season', denied: 'FORBIDDEN', exists: (ctx, id) => seasons.seasonExists(ctx.db, id), allows: adminOnly },
  /** Answer 'Behold plassen' ('Nei takk', decision 060): the guardians of the offer's child, and admins (others: NOT_FOUND). */
  'rollover-offer.write': {
    object: 'rollover offer',
    denied: 'NOT_FOUND',
    exists: async (ctx, id) => !!(await rollovers.findOffer(ctx.db, id)),
    allows: orAdmin(async (ctx, v, id) => {
      const offer = await rollovers.findOffer(ctx.db, id);
      return !!offer && (await isGuardianOfChild(ctx, v, offer.childId));
    }),
  },
  /** Leave a waitlist (decision 016): the guardians of the entry's child, and admins (others: NOT_FOUND, as for bookings). */
  'waitlist.write': {
    object: 'waitlist entry',
    denied: 'NOT_FOUND',
    exists: async (ctx, id) => !!(await waitlist.findEntry(ctx.db, id)),
    allows: orAdmin(async (ctx, v, id) => {
      const entry = await waitlist.findEntry(ctx.db, id);
      return !!entry && isGuardianOfChild(ctx, v, entry.childId);
    }),
  },
  /** Rename, retire or delete a level or a skill of the ladder (decision 057): admins. */
  'level.write': { object: 'level', denied: 'FORBIDDEN', exists: async (ctx, id) => !!(await levels.findLevel(ctx.db, id)), allows: adminOnly },
  'skill.write': { object: 'skill', denied: 'FORBIDDEN', exists: async (ctx, id) => !!(await levels.findSkill(ctx.db, id)), allows: adminOnly },
  /** Change, retire or delete a discount code (decision 058): admins. */
  'discount-code.write': { object: 'discount code', denied: 'FORBIDDEN', exists: async (ctx, id) => !!(await discountCodes.findCodeById(ctx.db, id)), allows: adminOnly },
  /** A child's progress (marks, comments, 'Kursbevis'): its guardians, the instructors of its courses, and admins. */
  'child.progress.read': {
    object: 'child',
    denied: 'FORBIDDEN',
    exists: childExists,
    allows: orAdmin(async (ctx, v, id) => (await isGuardianOfChild(ctx, v, id)) || courses.teachesChild(ctx.db, v.id, id)),
  },
  /** Mark skills, write the comment and 'Anbefalt neste kurs' on a course: its own instructors, and admins. */
  'course.progress.write': { object: 'course', denied: 'FORBIDDEN', exists: courseExists, allows: orAdmin(isInstructor) },
  /** Close a venue on a day ('Bassenget er stengt'): admins. */
  'place.close': { object: 'place', denied: 'FORBIDDEN', exists: placeExists, allows: adminOnly },
  /** Undo a cancelled date, or tell its families now (issue 53): admins. */
  'cancelled-date.write': { object: 'cancelled date', denied: 'FORBIDDEN', exists: async (ctx, id) => !!(await changes.findCancelledDate(ctx.db, id)), allows: adminOnly },
  /** A family's credit (admins too) and calendar feed: its guardians (others: NOT_FOUND, no hint). */
  'profile.credit.read': { object: 'profile', denied: 'NOT_FOUND', exists: profileExists, allows: orAdmin(isGuardian) },
  'profile.feed': { object: 'profile', denied: 'NOT_FOUND', exists: profileExists, allows: isGuardian },
  /** Redeem a gift card into a family's credit: its guardians. */
  'profile.credit.redeem': { object: 'profile', denied: 'NOT_FOUND', exists: profileExists, allows: isGuardian },
  /** Upload, replace, arrange or delete a venue's photos: admins. */
  'place.photos.write': { object: 'place', denied: 'FORBIDDEN', exists: placeExists, allows: adminOnly },
  /** Change a user's name and birth date: the user themself, and admins (a child's go through child.write). */
  'user.write': { object: 'user', denied: 'FORBIDDEN', exists: userExists, allows: orAdmin(isSelf) },
  /** Delete a user: the user themself (spec §6 "delete own user"), and admins. */
  'user.delete': { object: 'user', denied: 'FORBIDDEN', exists: userExists, allows: orAdmin(isSelf) },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof RULES;
export const ACTIONS = Object.keys(RULES) as Action[];

/** Whether the viewer may do `action` to the object `id` (false for a visitor or an object that does not exist). */
export async function can(ctx: ServiceContext, action: Action, id: string): Promise<boolean> {
  const viewer: Viewer = ctx.viewer;
  if (!viewer) return false;
  const rule: Rule = RULES[action];
  return (await rule.allows(ctx, viewer, id)) && (rule.allowsImpliesExists === true || (await rule.exists(ctx, id)));
}

/**
 * Throws unless the viewer may do `action` to `id`: UNAUTHENTICATED for a visitor, NOT_FOUND when the object does
 * not exist, else the action's `denied` code.
 */
export async function requireAccess(ctx: ServiceContext, action: Action, id: string): Promise<void> {
  if (!ctx.viewer) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  const rule: Rule = RULES[action];
  if (await rule.allows(ctx, ctx.viewer, id)) {
    if (rule.allowsImpliesExists === true || (await rule.exists(ctx, id))) return;
    throw new AppError('NOT_FOUND', `No such ${rule.object}`);
  }
  if (rule.denied === 'NOT_FOUND' || !(await rule.exists(ctx, id))) throw new AppError('NOT_FOUND', `No such ${rule.object}`);
  throw new AppError('FORBIDDEN', `Not allowed: ${action}`);
}

/**
 * The ids of `ids` the viewer may do `action` to, in a fixed number of queries where the rule has a batch form (a list
 * stays cheap whatever its length). Objects that do not exist are left out.
 */
export async function filterAccess(ctx: ServiceContext, action: Action, ids: readonly string[]): Promise<string[]> {
  const viewer: Viewer = ctx.viewer;
  if (!viewer || ids.length === 0) return [];
  const rule: Rule = RULES[action];
  if (rule.allowsMany) {
    const allowed = await rule.allowsMany(ctx, viewer, ids);
    return ids.filter((id) => allowed.has(id));
  }
  const answers = await Promise.all(ids.map((id) => can(ctx, action, id)));
  return ids.filter((_, i) => answers[i]);
}

/** Throws as requireAccess does for the first of `ids` the viewer may not do `action` to. */
export async function requireAccessToAll(ctx: ServiceContext, action: Action, ids: readonly string[]): Promise<void> {
  const allowed = new Set(await filterAccess(ctx, action, ids));
  const refused = ids.find((id) => !allowed.has(id));
  if (refused !== undefined) await requireAccess(ctx, action, refused);
}

// ---- what a kind of viewer may do, with no object ----------------------------------------------------------------

const ROLE_RULES = {
  /** The admin's waitlist overview on the dashboard. */
  'waitlist.overview': (v: SignedIn) => v.isAdmin,
  /** Put any child on a waitlist, whatever the course's age range (admins place children by hand). */
  'waitlist.any-age': (v: SignedIn) => v.isAdmin,
  /** Change a booked child's birth date (decision 034): admins. */
  'child.birthdate.after-booking': (v: SignedIn) => v.isAdmin,
  /** The families of given children (spec §7 GET /profiles?cId): admins, and instructors for their own courses. */
  'children.families': (v: SignedIn) => v.isAdmin || v.isInstructor,
  /** A family's back-office details beside its profile (roles, address, orders): admins. */
  'profile.admin-details': (v: SignedIn) => v.isAdmin,
  /** The overview of coming cancelled dates and the families' choices (issue 53): admins. */
  'closures.overview': (v: SignedIn) => v.isAdmin,
  /** List the seasons and add one (decision 053): admins. */
  'seasons.manage': (v: SignedIn) => v.isAdmin,
  /** Add levels and skills to the ladder and reorder it (decision 057): admins. */
  'levels.manage': (v: SignedIn) => v.isAdmin,
  /** Open a rollover ('Behold plassen', decision 060) and follow it live: admins. */
  'rollover.manage': (v: SignedIn) => v.isAdmin,
  /** List the discount codes and add one (decision 058): admins. */
  'discount-codes.manage': (v: SignedIn) => v.isAdmin,
  /** Read every settings slice's history and make a new version (decision 054): admins. */
  'settings.manage': (v: SignedIn) => v.isAdmin,
  /** A course's absences and tokens, its absence settings, a token given or withdrawn by hand (decision 061): admins. */
  'absences.manage': (v: SignedIn) => v.isAdmin,
} as const satisfies Record<string, (viewer: SignedIn) => boolean>;

export type RoleAction = keyof typeof ROLE_RULES;

/** Whether the viewer's roles allow `action` (false for a visitor). */
export const allowed = (ctx: ServiceContext, action: RoleAction): boolean => !!ctx.viewer && ROLE_RULES[action](ctx.viewer);

/** Throws UNAUTHENTICATED for a visitor and FORBIDDEN unless the viewer's roles allow `action`; returns the viewer. */
export function requireAllowed(ctx: ServiceContext, action: RoleAction): SignedIn {
  if (!ctx.viewer) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  if (!ROLE_RULES[action](ctx.viewer)) throw new AppError('FORBIDDEN', `Not allowed: ${action}`);
  return ctx.viewer;
}

// ---- role-level visibility (no object): what a kind of viewer sees in the public lists -------------------------

/** Admins also see unpublished places and courses; visitors, parents and instructors do not. */
export const seesUnpublished = (viewer: Viewer): boolean => !!viewer?.isAdmin;

/**
 * Whether the viewer gets the public answer (the same for every visitor and parent), which may come from the
 * public cache. Admins and instructors get answers of their own.
 */
export const seesPublicView = (viewer: Viewer): boolean => !viewer || (!viewer.isAdmin && !viewer.isInstructor);
