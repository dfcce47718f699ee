import { createHash } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarFeed } from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { currentFeedSecret, renewFeedAddress } from '../../domain/membership/feed-secret';
import { courseSessions, courseTitle } from '../../integrations/calendar/course-calendar';
import { hashSecret } from '../../lib/secret-link';
import { AppError } from '../../lib/app-error';
import * as absences from '../../repos/absences.repo';
import * as changes from '../../repos/changes.repo';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';

/** The family's secret webcal feed (domain/membership/feed-secret.ts); a cancelled date keeps its UID as CANCELLED. */

const feedPath = (secret: string) => `/api/calendar-feeds/${secret}.ics`;

function toFeed(ctx: ServiceContext, secret: string): CalendarFeed {
  const url = `${ctx.env.PUBLIC_URL.replace(/\/+$/, '')}${feedPath(secret)}`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** GET /profiles/:id/calendar-feed: the family's address (made on first ask). */
export async function familyFeed(ctx: ServiceContext, profileId: string): Promise<CalendarFeed> {
  await requireAccess(ctx, 'profile.feed', profileId);
  const secret = await currentFeedSecret(ctx, profileId);
  if (secret) return toFeed(ctx, secret);
  return renewFeed(ctx, profileId, false);
}

/** POST /profiles/:id/calendar-feed: a new address; the old one stops working at once. */
export async function renewFeed(ctx: ServiceContext, profileId: string, check = true): Promise<CalendarFeed> {
  if (check) await requireAccess(ctx, 'profile.feed', profileId);
  return toFeed(ctx, await withTx(ctx, (ctx) => renewFeedAddress(ctx, profileId)));
}

/** GET /calendar-feeds/:secret.ics: no session; the secret is the key. Unknown or renewed: NOT_FOUND. */
export async function feedBySecret(ctx: ServiceContext, secret: string): Promise<{ content: string; etag: string }> {
  const feed = /^[A-Za-z0-9_-]{43}$/.test(secret) ? await changes.findFeedBySecretHash(ctx.db, hashSecret(secret)) : undefined;
  if (!feed) throw new AppError('NOT_FOUND', 'No such calendar');
  const childIds = await profiles.childIdsOfProfile(ctx.db, feed.profileId);
  const kids = new Map((await profiles.findChildren(ctx.db, childIds)).map((c) => [c.id, c]));
  const booked = await courses.coursesOfChildren(ctx.db, childIds);
  const makeups = (await changes.choicesOfChildren(ctx.db, childIds)).filter((c) => c.choice.choice === 'makeup');
  const tokenMakeups = await absences.makeupsOfChildren(ctx.db, childIds);
  const courseIds = [...new Set([...booked.map((b) => b.course.id), ...makeups.map((m) => m.choice.makeupCourseId!), ...tokenMakeups.map((m) => m.courseId)])];
  const details = await courses.findCoursesDetails(ctx.db, courseIds);
  const cancelled = new Map((await changes.cancelledDatesOf(ctx.db, courseIds)).map((c) => [`${c.courseId}/${c.date.getTime()}`, c.createdAt] as const));

  // Times in UTC (with Z): a calendar zone without TZID made the times floating, 1–2 hours early.
  const cal = ical({ name: ctx.env.site.companyName, prodId: { company: ctx.env.site.companyName, product: 'familiekalender' }, ttl: 3600 });
  const add = (courseId: string, childId: string, date: Date, makeup: boolean) => {
    const course = details.get(courseId);
    const child = kids.get(childId);
    if (!course || !child) return;
    const [session] = courseSessions({ dates: [date], timeFrom: course.timeFrom, timeTo: course.timeTo });
    if (!session) return;
    const cancelledAt = cancelled.get(`${courseId}/${date.getTime()}`);
    const isCancelled = cancelledAt !== undefined;
    const title = `${child.firstName}: ${courseTitle(course)}${makeup ? ' (erstatningstime)' : ''}`;
    cal.createEvent({
      // Stable per child, course and original date: a cancelled or moved date keeps its UID.
      id: `${childId}-${courseId}-${date.getTime()}${makeup ? '-m' : ''}@babysvomming`,
      start: session.start,
      end: session.end,
      summary: isCancelled ? `Avlyst: ${title}` : title,
      location: [course.placeName, course.address].filter(Boolean).join(', '),
      status: isCancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // Stable between reads (so the ETag is): the feed's time, or when the date was cancelled (a new SEQUENCE).
      stamp: cancelledAt ?? feed.createdAt,
      sequence: isCancelled ? 1 : 0,
    });
  };
  for (const b of booked) {
    for (const date of b.course.dates) add(b.course.id, b.childId, new Date(date), false);
  }
  for (const m of makeups) add(m.choice.makeupCourseId!, m.child.id, m.choice.makeupDate!, true);
  for (const m of tokenMakeups) add(m.courseId, m.childId, m.date, true);
  // ttl gives both refresh hints: Apple's X-PUBLISHED-TTL and RFC 7986's REFRESH-INTERVAL (each once).
  const content = cal.toString();
  return { content, etag: `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"` };
}
