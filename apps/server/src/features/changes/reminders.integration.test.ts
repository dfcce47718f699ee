import { eq, like, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDisplayName, osloTime } from '@app/shared';
import { toViewer, type Clock } from '../../context';
import { dateChoices, outbox, users } from '../../db/schema';
import { createCourse, createFamily, createVenue, createUser, addParticipants } from '../../test/builders';
import { daytimeSendAt } from '../../integrations/email/outbox';
import { startBookingTest, type BookingTest } from '../../test/booking';
import { announceNow, cancelCourseDate } from './changes.service';
import { sendReminders } from './reminders.service';
import * as absences from '../../repos/absences.repo';

/** Issue 38: the day-before reminder (first date, make-up date), the opt-out and the quiet hours, on a set clock. */
const clock: Clock & { current: Date } = { current: new Date(), now() { return this.current; } };
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ clock });
});
afterAll(() => t?.close());

const DATES = [5, 12, 19].map((d) => osloTime(2027, 4, d, '17:00'));
const reminders = (email: string) => t.db.select().from(outbox).where(and(eq(outbox.to, email), like(outbox.subject, 'Påminnelse:%')));

describe('quiet hours', () => {
  it('mail is queued for 07:00–21:00 Oslo time', () => {
    expect(daytimeSendAt(osloTime(2027, 4, 4, '06:59'))).toEqual(osloTime(2027, 4, 4, '07:00'));
    expect(daytimeSendAt(osloTime(2027, 4, 4, '07:00'))).toEqual(osloTime(2027, 4, 4, '07:00'));
    expect(daytimeSendAt(osloTime(2027, 4, 4, '20:59'))).toEqual(osloTime(2027, 4, 4, '20:59'));
    expect(daytimeSendAt(osloTime(2027, 4, 4, '21:00'))).toEqual(osloTime(2027, 4, 5, '07:00'));
    expect(daytimeSendAt(osloTime(2027, 3, 27, '23:30'))).toEqual(osloTime(2027, 3, 28, '07:00')); // over the summer-time change
  });
});

describe('the day-before reminder', () => {
  it('goes once to each guardian who wants it, with the venue, address, map link, time and what to bring; never at night', async () => {
    const place = await createVenue(t.db, { name: 'c38 Badet', address: 'Bassengveien 3', zipCode: '0150', place: 'Oslo' });
    const course = await createCourse(t.db, { place, dates: DATES, timeFrom: '17:00', timeTo: '17:30', name: 'c38 Tirsdag', info: 'Ta med badebleie og håndkle.' });
    const family = await createFamily(t.db, { guardians: 2 });
    await t.db.update(users).set({ remindersOff: true }).where(eq(users.id, family.guardians[1]!.id));
    await addParticipants(t.db, course.id, [family.children[0]!.id]);

    clock.current = osloTime(2027, 4, 3, '12:00'); // two days before: nothing yet
    await sendReminders(t.ctx);
    expect(await reminders(family.guardians[0]!.email!)).toHaveLength(0);

    clock.current = osloTime(2027, 4, 4, '05:30'); // the day before, at night: queued for 07:00
    await sendReminders(t.ctx);
    await sendReminders(t.ctx);
    const mails = await reminders(family.guardians[0]!.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.nextAttemptAt).toEqual(osloTime(2027, 4, 4, '07:00'));
    expect(mails[0]!.text).toContain('I morgen 05.04.2027 kl. 17:00');
    expect(mails[0]!.text).toContain('c38 Badet, Bassengveien 3, 0150 Oslo');
    expect(mails[0]!.text).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect(mails[0]!.text).toContain('Ta med badebleie og håndkle.');
    expect(await reminders(family.guardians[1]!.email!)).toHaveLength(0);

    clock.current = osloTime(2027, 4, 11, '12:00'); // before the second date: not a first date, no reminder
    await sendReminders(t.ctx);
    expect(await reminders(family.guardians[0]!.email!)).toHaveLength(1);
  });

  it('before a make-up date, and the first date moves past a cancelled one', async () => {
    const place = await createVenue(t.db);
    const course = await createCourse(t.db, { place, dates: DATES, name: 'c38 Flytt', ageMinMonths: null, ageMaxMonths: null });
    const other = await createCourse(t.db, { place, dates: [osloTime(2027, 4, 7, '10:00')], name: 'c38 Erstatning', ageMinMonths: null, ageMaxMonths: null });
    const family = await createFamily(t.db);
    await addParticipants(t.db, course.id, [family.children[0]!.id]);
    const admin = await createUser(t.db, { roles: ['admin'] });
    clock.current = osloTime(2027, 4, 1, '12:00');
    const asAdmin = { ...t.ctx, viewer: toViewer(admin) };
    const { cancelled } = await cancelCourseDate(asAdmin, course.id, { date: DATES[0]!.toISOString(), reason: 'Stengt' });
    // The families are told at once ('Send e-post nå', issue 53), so the choice exists.
    await announceNow(asAdmin, cancelled[0]!._id);
    const [choice] = await t.db.select().from(dateChoices).where(eq(dateChoices.childId, family.children[0]!.id));
    await t.db.update(dateChoices).set({ choice: 'makeup', chosenBy: 'family', chosenAt: clock.current, makeupCourseId: other.id, makeupDate: osloTime(2027, 4, 7, '10:00') }).where(eq(dateChoices.id, choice!.id));

    clock.current = osloTime(2027, 4, 4, '12:00'); // the day before the cancelled first date: nothing
    await sendReminders(t.ctx);
    expect(await reminders(family.guardians[0]!.email!)).toHaveLength(0);
    clock.current = osloTime(2027, 4, 6, '12:00'); // the day before the make-up
    await sendReminders(t.ctx);
    const makeup = await reminders(family.guardians[0]!.email!);
    expect(makeup).toHaveLength(1);
    expect(makeup[0]!.text).toContain(`erstatningstime på ${courseDisplayName(other)}`);
    expect(makeup[0]!.nextAttemptAt).toEqual(osloTime(2027, 4, 6, '12:00'));
    clock.current = osloTime(2027, 4, 11, '12:00'); // the day before the first date that takes place
    await sendReminders(t.ctx);
    const all = await reminders(family.guardians[0]!.email!);
    expect(all).toHaveLength(2);
    expect(all.filter((m) => m.text.includes('I morgen 12.04.2027'))).toHaveLength(1);
  });

  it('before a make-up date booked with a token (decision 061)', async () => {
    const place = await createVenue(t.db);
    const course = await createCourse(t.db, { place, dates: DATES, name: 'c58 Eget', ageMinMonths: null, ageMaxMonths: null });
    const other = await createCourse(t.db, { place, dates: [osloTime(2027, 4, 14, '10:00')], name: 'c58 Erstatning', ageMinMonths: null, ageMaxMonths: null });
    const family = await createFamily(t.db);
    await addParticipants(t.db, course.id, [family.children[0]!.id]);
    const token = await absences.insertToken(t.db, { childId: family.children[0]!.id, source: 'admin', courseId: course.id, reason: 'Test', expiresAt: osloTime(2027, 6, 1, '00:00') });
    await absences.insertMakeup(t.db, { tokenId: token.id, childId: family.children[0]!.id, courseId: other.id, date: osloTime(2027, 4, 14, '10:00') });
    clock.current = osloTime(2027, 4, 13, '12:00');
    await sendReminders(t.ctx);
    const sent = await reminders(family.guardians[0]!.email!);
    expect(sent.map((m) => m.text).filter((text) => text.includes(`erstatningstime på ${courseDisplayName(other)}`))).toHaveLength(1);
  });
});
