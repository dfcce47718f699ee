import { courseDisplayName, mapsSearchUrl, osloDateKey, osloTime } from '@app/shared';
import { withTx, type ServiceContext } from '../../context';
import { daytimeSendAt, enqueueEmail } from '../../integrations/email';
import { courseSessions } from '../../integrations/calendar/course-calendar';
import * as changes from '../../repos/changes.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import { reminderEmail } from './change-emails';

/** The day before a first (covered) date or a make-up date: where and when, once, to guardians who want it, never at night. */
export async function sendReminders(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const [y, m, d] = osloDateKey(now).split('-').map(Number) as [number, number, number];
  const from = osloTime(y, m, d + 1, '00:00');
  const to = osloTime(y, m, d + 2, '00:00');
  const first = (await changes.firstDatesBetween(ctx.db, from, to)).filter((r) => r.date && r.date >= from && r.date < to);
  const makeups = await changes.makeupsBetween(ctx.db, from, to);
  let sent = 0;
  for (const [rows, makeup] of [[first, false], [makeups, true]] as const) {
    for (const r of rows) {
      const date = r.date!;
      const done = await withTx(ctx, async (ctx) => {
        if (!(await changes.claimReminder(ctx.db, r.childId, r.course.id, date))) return false;
        const guardians = await users.findUsers(ctx.db, (await profiles.listGuardians(ctx.db, [r.profileId])).map((g) => g.userId));
        const [session] = courseSessions({ dates: [date], timeFrom: r.course.timeFrom, timeTo: r.course.timeTo });
        const address = `${r.place.address}, ${r.place.zipCode} ${r.place.town}`;
        for (const g of guardians) {
          if (!g.email || g.remindersOff) continue;
          await enqueueEmail(ctx.db, {
            ...reminderEmail({
              to: g.email,
              firstName: g.firstName,
              childName: r.firstName,
              courseName: courseDisplayName({ ...r.course, dates: [date] }),
              start: session?.start ?? date,
              placeName: r.place.name,
              address,
              mapUrl: mapsSearchUrl(`${r.place.name}, ${address}`),
              info: r.course.info,
              makeup,
              companyName: ctx.env.site.companyName,
            }),
            notBefore: daytimeSendAt(now),
          });
        }
        return true;
      });
      if (done) sent++;
    }
  }
  return sent;
}

