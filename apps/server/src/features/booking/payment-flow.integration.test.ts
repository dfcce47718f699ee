import { courseDisplayName, ore } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, outbox, participants } from '../../db/schema';
import { createCourse, createFamily, type Family, type TestCourse } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { startBookingTest, startPayment, type BookingTest } from '../../test/booking';

/** Happy and abort paths over real HTTP: product ⇄ simulator (API, landing page, signed webhooks). */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest();
});
afterAll(() => t.close());

async function freePlaces(course: TestCourse): Promise<number> {
  const res = await t.http('GET', `/api/places/${course.placeId}/courses`);
  return (res.json as { _id: string; freePlaces: number }[]).find((c) => c._id === course.id)!.freePlaces;
}

const start = (family: Family, course: TestCourse) => startPayment(t, family, course, '/api/vipps/payment?at=ignored-token');

describe('book and pay with Vipps', () => {
  it('approve: the status says CAPTURED, the child is enrolled, one confirmation with the calendar', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 4, priceOre: ore(195_000), weeks: 8 });
    const before = await freePlaces(course);

    const { token, redirectUrl, order } = await start(family, course);
    expect(order.reference).toMatch(/^plask-[0-9a-f]{24}$/);
    expect(order).toMatchObject({ status: 'created', amountOre: 195_000, redirectUrl });
    expect(order.additionalInfo).toMatchObject({
      profile: family.profile.id,
      user: { _id: family.guardians[0]!.id },
      child: { _id: family.children[0]!.id, firstName: family.children[0]!.firstName },
      course: { _id: course.id, name: courseDisplayName(course) },
    });
    expect(order.holdExpiresAt!.getTime() - order.createdAt.getTime()).toBeGreaterThan(14 * 60_000);

    const back = await submitLandingPage(redirectUrl, 'Betal');
    expect(back).toBe(`${t.url}/vipps/payment/${order.reference}`);
    await t.sim.control.webhooksIdle();

    const status = await t.http('GET', `/api/vipps/payment/${order.reference}`, { token });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      paymentId: order.reference,
      state: 'CAPTURED',
      status: 'captured',
      label: 'Betalt',
      enrolled: true,
      order: {
        reference: order.reference,
        amount: 1950,
        course: { _id: course.id, name: course.name, timeFrom: course.timeFrom },
        child: { firstName: family.children[0]!.firstName, lastName: family.children[0]!.lastName },
      },
    });
    expect(status.json.order.course.dates).toHaveLength(8);

    const enrolled = await t.db.select().from(participants).where(eq(participants.courseId, course.id));
    expect(enrolled).toEqual([expect.objectContaining({ childId: family.children[0]!.id, orderId: order.id })]);
    expect(await freePlaces(course)).toBe(before - 1);

    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.name).sort()).toEqual(['AUTHORIZED', 'CAPTURED', 'CREATED']);
    expect(events.find((e) => e.name === 'CAPTURED')).toMatchObject({ amountOre: 195_000, currency: 'NOK' });
    expect(t.sim.control.payment(order.reference)?.aggregate.capturedAmount.value).toBe(195_000);

    // The confirmation, and the payment's receipt (issue 40) once the capture is stored.
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));
    expect(mails.map((m) => m.subject.split(':')[0]!.replace(order.humanReference, '{ref}')).sort()).toEqual(['Bekreftelse', 'Kvittering for betaling {ref}']);
    const mail = mails.find((m) => m.subject.startsWith('Bekreftelse'))!;
    expect(mail.text).toContain(order.humanReference);
    expect(mail.text).toContain(order.reference);
    expect(mail.text).toContain('1 950 kr');
    expect(mail.text).toContain(family.children[0]!.firstName);
    expect(mail.text).toMatch(/\d{2}\.\d{2}\.\d{4} kl\. 09:00–09:30/);
    const attachments = mail.attachments as { filename: string; contentType: string; content: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.filename).toMatch(/^kurskalender Babysvømming 1 \d{2}\.\d{2}\.\d{4}\.ics$/);
    expect(attachments[0]!.contentType).toMatch(/^text\/calendar/);
    expect(attachments[0]!.content.match(/BEGIN:VEVENT/g)).toHaveLength(8);

    // Polling again changes nothing and sends nothing more.
    const again = await t.http('GET', `/api/vipps/payment/${order.reference}`, { token });
    expect(again.json.state).toBe('CAPTURED');
    expect(await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!))).toHaveLength(2);
  });

  it('abort: ABORTED, the hold is released and the child can book again', async () => {
    const family = await createFamily(t.db);
    const course = await createCourse(t.db, { maximumParticipants: 1 });
    const { token, redirectUrl, order } = await start(family, course);

    // The hold takes the only place: another family is turned away meanwhile.
    const other = await createFamily(t.db);
    const otherToken = await t.token(other.guardians[0]!.id);
    const refused = await t.http('POST', '/api/vipps/payment', {
      token: otherToken,
      body: { userId: other.guardians[0]!.id, childId: other.children[0]!.id, courseId: course.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('COURSE_FULL');

    await submitLandingPage(redirectUrl, 'Avbryt');
    await t.sim.control.webhooksIdle();
    const status = await t.http('GET', `/api/vipps/payment/${order.reference}`, { token });
    expect(status.json).toMatchObject({ state: 'ABORTED', status: 'aborted', label: 'Avbrutt av kunde', enrolled: false });

    const live = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.courseId, course.id), eq(orders.status, 'created'), sql`${orders.holdExpiresAt} > now()`));
    expect(live[0]!.n).toBe(0);
    expect(await t.db.select().from(participants).where(eq(participants.courseId, course.id))).toHaveLength(0);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!))).toHaveLength(0);

    // The place is free again.
    const retry = await t.http('POST', '/api/vipps/payment', {
      token: otherToken,
      body: { userId: other.guardians[0]!.id, childId: other.children[0]!.id, courseId: course.id },
    });
    expect(retry.status).toBe(200);
  });
});
