import {
  courseBooking,
  courseDisplayName,
  formatDate,
  formatDateTime,
  fullName,
  oreToKr,
  osloDayStart,
  placeSlug,
  toDate,
  toIso,
  type MyRolloverOffer,
  type Rollover,
  type RolloverInput,
  type RolloverOfferState,
  type RolloverPlan,
} from '@app/shared';
import { requireAccess, requireAllowed } from '../../access/access';
import { signedIn, withTx, type ServiceContext } from '../../context';
import { countTaken, lockCourses } from '../../domain/enrolment/seats';
import { defaultReplyBy, releasedTo, replyByRefusal, suggestNext } from '../../domain/rollover/rules';
import { currentSettings } from '../../domain/settings/settings';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { AppError } from '../../lib/app-error';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import * as rollovers from '../../repos/rollovers.repo';
import * as seasons from '../../repos/seasons.repo';
import { placesOfCourses } from '../../repos/seats.repo';
import * as users from '../../repos/users.repo';
import { settleCourse } from './waitlist.service';

// Why: docs/decisions/060-rollover.md. An offered 'Behold plassen' is a claim in the seat ledger (seat_claims kind
// 'rollover'); it ends by a payment (accepted), 'Nei takk' (declined) or the reply-by (expired), the last two under the
// course lock with the waitlist's release path, so a released place goes to a waiting child first.

const HALF_YEAR_MS = 183 * 86_400_000;

type Details = NonNullable<Awaited<ReturnType<typeof courses.findCourseDetails>>>;
const brief = (d: Details, levelId: string | null) => ({
  _id: d.id,
  displayName: courseDisplayName(d),
  placeName: d.placeName,
  firstDate: toIso(d.dates[0]),
  lastDate: toIso(d.dates[d.dates.length - 1]),
  levelId,
});

/** The season's courses (first date within it) and the courses that end before it (of the season before, or the half year before). */
async function seasonCourses(ctx: ServiceContext, seasonId: string) {
  const to = await seasons.findSeason(ctx.db, seasonId);
  if (!to) throw new AppError('NOT_FOUND', 'No such season');
  const from = (await seasons.listSeasons(ctx.db)).filter((s) => s.endsOn < to.startsOn).at(-1) ?? null;
  const start = osloDayStart(to.startsOn);
  const [ending, next] = await Promise.all([
    rollovers.coursesStartingBetween(ctx.db, from ? osloDayStart(from.startsOn) : new Date(start.getTime() - HALF_YEAR_MS), start),
    rollovers.coursesStartingBetween(ctx.db, start, osloDayStart(to.endsOn, 1)),
  ]);
  return { from, to, ending: ending.filter((c) => !c.lastDate || c.lastDate < start), next };
}

/** GET /rollovers/plan?seasonId: the ending courses with children, each with its suggested next course (rules.ts suggestNext). */
export async function rolloverPlan(ctx: ServiceContext, seasonId: string): Promise<RolloverPlan> {
  requireAllowed(ctx, 'rollover.manage');
  const { from, ending, next } = await seasonCourses(ctx, seasonId);
  const ids = [...ending, ...next].map((c) => c.id);
  const [details, counts, recommended, places, settings] = await Promise.all([
    courses.findCoursesDetails(ctx.db, ids),
    courses.countParticipants(ctx.db, ending.map((c) => c.id)),
    rollovers.recommendedLevels(ctx.db, ending.map((c) => c.id)),
    placesOfCourses(ctx.db, next.map((c) => c.id)),
    currentSettings(ctx, 'rollover'),
  ]);
  return {
    fromSeasonId: from?.id ?? null,
    defaultReplyBy: defaultReplyBy(ctx.clock.now(), settings.value.replyByDays).toISOString(),
    ending: ending
      .filter((c) => (counts.get(c.id) ?? 0) > 0 && details.has(c.id))
      .map((c) => ({
        ...brief(details.get(c.id)!, c.levelId),
        children: counts.get(c.id) ?? 0,
        recommendedLevelId: recommended.get(c.id) ?? null,
        suggestedId: suggestNext(c, recommended.get(c.id) ?? null, next),
      })),
    next: next.flatMap((c) => {
      const d = details.get(c.id);
      if (!d) return [];
      return [{ ...brief(d, c.levelId), opensAt: toIso(d.opensAt), free: d.maximumParticipants - (places.get(c.id)?.taken ?? 0) }];
    }),
  };
}

/**
 * POST /rollovers: per mapping, under the next course's lock, an offer for every child on the ending course (one per
 * child and ending course) while places are free; the ending course joins the next one's priority courses; the e-mails
 * are queued in the same transaction.
 */
export async function createRollover(ctx: ServiceContext, input: RolloverInput): Promise<{ rollover: Rollover; notOffered: number }> {
  const admin = requireAllowed(ctx, 'rollover.manage');
  const { from, to, ending, next } = await seasonCourses(ctx, input.seasonId);
  const endingIds = new Set(ending.map((c) => c.id));
  const nextIds = new Set(next.map((c) => c.id));
  const fromIds = input.mappings.map((m) => m.fromCourseId);
  if (new Set(fromIds).size !== fromIds.length || input.mappings.some((m) => !endingIds.has(m.fromCourseId) || !nextIds.has(m.toCourseId))) {
    throw new AppError('ROLLOVER_COURSE_INVALID', 'A course does not end before the season, or the next course is not in it');
  }
  const now = ctx.clock.now();
  const replyBy = toDate(input.replyBy);
  const details = await courses.findCoursesDetails(ctx.db, input.mappings.flatMap((m) => [m.fromCourseId, m.toCourseId]));
  const refusal = replyByRefusal(replyBy, now, input.mappings.map((m) => ({ opensAt: details.get(m.toCourseId)?.opensAt ?? null })));
  if (refusal) {
    throw new AppError('ROLLOVER_REPLY_BY_INVALID', 'The reply-by must lie ahead and before the next course opens', refusal.opensAt ? { opensAt: refusal.opensAt.toISOString() } : undefined);
  }
  let notOffered = 0;
  const id = await withTx(ctx, async (ctx) => {
    const locked = await lockCourses(ctx.db, input.mappings.map((m) => m.toCourseId));
    if (!locked) throw new AppError('NOT_FOUND', 'Course not found');
    const head = await rollovers.insertRollover(ctx.db, { fromSeasonId: from?.id ?? null, toSeasonId: to.id, replyBy, createdBy: admin.id });
    const kids = await courses.findParticipants(ctx.db, fromIds);
    for (const { fromCourseId, toCourseId } of input.mappings) {
      const course = locked.find((c) => c.id === toCourseId)!;
      let free = course.maximumParticipants - (await countTaken(ctx.db, toCourseId));
      const rows = [];
      for (const kid of kids.filter((k) => k.courseId === fromCourseId)) {
        if (await courses.findParticipant(ctx.db, toCourseId, kid.childId)) continue;
        if (free <= 0 || !kid.profileId) {
          notOffered += 1;
          continue;
        }
        free -= 1;
        rows.push({ rolloverId: head.id, childId: kid.childId, profileId: kid.profileId, fromCourseId, toCourseId, replyBy });
      }
      const made = await rollovers.insertOffers(ctx.db, rows);
      await rollovers.addPriorityCourse(ctx.db, toCourseId, fromCourseId);
      for (const offer of made) await mailFamily(ctx, ctx.db, offer, details.get(toCourseId)!, kids.find((k) => k.childId === offer.childId)!);
    }
    return head.id;
  });
  const rollover = (await listRollovers(ctx)).find((r) => r._id === id)!;
  return { rollover, notOffered };
}

/** 'Behold plassen til neste sesong' to every guardian of the child's family with an address. */
async function mailFamily(ctx: ServiceContext, tx: DbOrTx, offer: rollovers.RolloverOfferRow, course: Details, child: { firstName: string; lastName: string }) {
  const guardians = await users.findUserContacts(tx, await profiles.guardianIds(tx, offer.profileId));
  const price = courseBooking({ ...course, dates: course.dates.map(toDate) }, ctx.clock.now()).priceOre;
  const site = ctx.env.PUBLIC_URL.replace(/\/+$/, '');
  for (const guardian of guardians.values()) {
    if (!guardian.email) continue;
    await enqueueEmail(tx, {
      to: guardian.email,
      subject: `Behold plassen til neste sesong: ${child.firstName}`,
      text: [
        `Hei ${guardian.firstName}!`,
        '',
        `${fullName(child)} har en plass holdt av på ${courseDisplayName(course)}, ${course.placeName}.`,
        `Kurset går fra ${formatDate(course.dates[0])} til ${formatDate(course.dates[course.dates.length - 1])} og koster ${oreToKr(price)} kr.`,
        `Svar innen ${formatDateTime(offer.replyBy)}. Etter det går plassen videre til andre.`,
        '',
        `Behold plassen, velg et annet kurs eller si nei takk på ${site}/profil`,
        '',
        `Hilsen ${ctx.env.site.companyName}`,
      ].join('\n'),
    });
  }
}

const countsOf = (states: readonly RolloverOfferState[]) => {
  const n = (s: RolloverOfferState) => states.filter((x) => x === s).length;
  return { offered: n('offered'), accepted: n('accepted'), declined: n('declined'), expired: n('expired'), released: n('declined') + n('expired') };
};

/** GET /rollovers: every rollover live (payments that came in since are marked accepted first). */
export async function listRollovers(ctx: ServiceContext): Promise<Rollover[]> {
  requireAllowed(ctx, 'rollover.manage');
  await rollovers.markAccepted(ctx.db, ctx.clock.now());
  const list = await rollovers.listRollovers(ctx.db, 20);
  const offers = list.flatMap((r) => r.offers);
  const [kids, details] = await Promise.all([
    profiles.findChildren(ctx.db, offers.map((o) => o.childId)),
    courses.findCoursesDetails(ctx.db, offers.flatMap((o) => [o.fromCourseId, o.toCourseId])),
  ]);
  const name = (id: string) => {
    const d = details.get(id);
    return d ? `${courseDisplayName(d)}, ${d.placeName}` : '';
  };
  return list.map((r) => ({
    _id: r.id,
    replyBy: r.replyBy.toISOString(),
    createdAt: r.createdAt.toISOString(),
    counts: countsOf(r.offers.map((o) => o.state as RolloverOfferState)),
    offers: r.offers.flatMap((o) => {
      const child = kids.find((k) => k.id === o.childId);
      if (!child) return [];
      return [
        {
          _id: o.id,
          state: o.state as RolloverOfferState,
          replyBy: o.replyBy.toISOString(),
          child: { _id: child.id, firstName: child.firstName, lastName: child.lastName },
          fromCourse: name(o.fromCourseId),
          toCourse: name(o.toCourseId),
        },
      ];
    }),
  }));
}

/** GET /rollover-offers/mine: the family's live offers, with the course, price and dates, and other courses at its level with free places. */
export async function myRolloverOffers(ctx: ServiceContext): Promise<MyRolloverOffer[]> {
  const viewer = signedIn(ctx);
  const now = ctx.clock.now();
  const rows = (await rollovers.openOffersOfChildren(ctx.db, await profiles.childIdsOfGuardian(ctx.db, viewer.id))).filter((r) => r.replyBy > now);
  if (rows.length === 0) return [];
  const [kids, details] = await Promise.all([profiles.findChildren(ctx.db, rows.map((r) => r.childId)), courses.findCoursesDetails(ctx.db, rows.map((r) => r.toCourseId))]);
  const slots = await rollovers.coursesStartingBetween(ctx.db, now, new Date(now.getTime() + 2 * HALF_YEAR_MS));
  const others = await courses.findCoursesDetails(ctx.db, slots.map((s) => s.id));
  const places = await placesOfCourses(ctx.db, slots.map((s) => s.id));
  return rows.flatMap((row) => {
    const child = kids.find((k) => k.id === row.childId);
    const course = details.get(row.toCourseId);
    if (!child || !course) return [];
    const levelId = slots.find((s) => s.id === course.id)?.levelId ?? null;
    const booking = courseBooking({ ...course, dates: course.dates.map(toDate) }, now);
    const alternatives = slots.flatMap((s) => {
      const d = others.get(s.id);
      const free = d ? d.maximumParticipants - (places.get(s.id)?.taken ?? 0) : 0;
      if (!d || s.id === course.id || s.levelId !== levelId || !levelId || free <= 0 || d.published !== true || !d.placePublished) return [];
      return [{ ...brief(d, s.levelId), placeSlug: placeSlug(d.placeName) }];
    });
    return [
      {
        _id: row.id,
        replyBy: row.replyBy.toISOString(),
        child: { _id: child.id, firstName: child.firstName, lastName: child.lastName },
        course: {
          ...brief(course, levelId),
          price: oreToKr(booking.priceOre),
          dates: course.dates.map((d) => toIso(d)),
          timeFrom: course.timeFrom,
          timeTo: course.timeTo,
          placeSlug: placeSlug(course.placeName),
        },
        others: alternatives,
      },
    ];
  });
}

/** Where the place went, for the log: a waiting child's offer, the priority window or everyone (rules.ts releasedTo). */
async function release(ctx: ServiceContext, courseId: string, step: (tx: DbOrTx) => Promise<unknown>) {
  const { offered } = await settleCourse(ctx, courseId, { skipLocked: false, release: step });
  const course = await courses.findPriority(ctx.db, courseId);
  const to = releasedTo({ waitlistOffers: offered, course: { priorityCourseIds: course?.priorityCourseIds ?? [], openToAllAt: course?.openToAllAt ?? null }, now: ctx.clock.now() });
  ctx.log.info({ courseId, releasedTo: to }, 'rollover place released');
  return to;
}

/** POST /rollover-offers/:id/decline ('Nei takk'): the place is released at once, under the course lock. */
export async function declineOffer(ctx: ServiceContext, offerId: string): Promise<void> {
  await requireAccess(ctx, 'rollover-offer.write', offerId);
  const offer = (await rollovers.findOffer(ctx.db, offerId))!;
  let declined = false;
  await release(ctx, offer.toCourseId, async (tx) => {
    declined = await rollovers.decline(tx, offerId, ctx.clock.now());
  });
  if (!declined) throw new AppError('ROLLOVER_OFFER_CLOSED', 'The offer was already answered');
}

/** The job: payments mark offers accepted; offers past their reply-by expire and their places are released. */
export async function processRollovers(ctx: ServiceContext): Promise<{ accepted: number; released: number }> {
  const now = ctx.clock.now();
  const accepted = await rollovers.markAccepted(ctx.db, now);
  let released = 0;
  for (const courseId of await rollovers.coursesWithDueOffers(ctx.db, now, 100)) {
    try {
      await release(ctx, courseId, async (tx) => {
        released += await rollovers.expireDue(tx, courseId, now);
      });
    } catch (err) {
      ctx.log.warn({ err, courseId }, 'rollover: releasing a course failed; tried again on the next tick');
    }
  }
  return { accepted, released };
}
