import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { osloTime, ore } from '@app/shared';
import { PDFParse } from 'pdf-parse';
import { countTaken } from '../../domain/enrolment/seats';
import { cancellations, orderEvents, outbox, participants, waitlistEntries } from '../../db/schema';
import { createCourse, createFamily, createVenue, type Family } from '../../test/builders';
import { processWaitlists } from '../waitlist/waitlist.service';
import { paymentDescription } from '../../domain/family-ledger/payment-events';
import { bookingTestWithClock, payForCourse } from '../../test/booking';
import type { OrderAdditionalInfo } from '../../repos/orders.repo';

/**
 * A parent cancels a child's place ('Meld av kurset', issue 40) under the rules version the order was bought under,
 * against the Vipps simulator over real HTTP, with a controllable clock. Rules version 1: full refund until 14 days
 * before the first date, then 25 % fee, after the start nothing.
 */
const kit = bookingTestWithClock();
const { clock } = kit;

// Four Mondays 17:00 from 2 March 2027 (booked "now", cancelled at chosen times).
const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));

/** A paid booking made the way a parent makes it: start, "Betal" on the landing page, webhooks. */
async function paidBooking(options: { maximumParticipants?: number; course?: Awaited<ReturnType<typeof createCourse>> } = {}) {
  const course = options.course ?? (await createCourse(kit.t.db, { maximumParticipants: options.maximumParticipants ?? 4, priceOre: ore(100_000), dates: DATES }));
  const paid = await payForCourse(kit.t, course);
  expect(paid.order.status).toBe('captured');
  return { ...paid, course };
}

const preview = (orderId: string, token: string) => kit.t.http('GET', `/api/orders/${orderId}/cancellation`, { token });
const cancel = (orderId: string, token: string, expectedRefund: number | null) => kit.t.http('POST', `/api/orders/${orderId}/cancellation`, { token, body: { expectedRefund } });
const enrolled = async (courseId: string, family: Family) =>
  (await kit.t.db.select().from(participants).where(and(eq(participants.courseId, courseId), eq(participants.childId, family.children[0]!.id)))).length === 1;
const refunds = (orderId: string) => kit.t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.name, 'REFUNDED')));
const mailsTo = (family: Family) => kit.t.db.select().from(outbox).where(eq(outbox.to, family.guardians[0]!.email!));

describe('a parent cancels a place', () => {
  it('membership event "booked": the confirmation, the Vipps description, /profil and the receipt name the course by its display name (walk-through 8)', async () => {
    const place = await createVenue(kit.t.db, { name: 'Sagene Basseng' });
    const course = await createCourse(kit.t.db, { place, name: 'Babysvømming 3', experienceLevel: 'Nybegynner', participantsAge: '2–4 år', timeFrom: '17:00', priceOre: ore(100_000), dates: DATES });
    const { family, order, token } = await paidBooking({ course });
    const name = 'Nybegynner · 2–4 år · mandager kl. 17:00';
    const [confirmation] = (await mailsTo(family)).filter((m) => m.subject.startsWith('Bekreftelse'));
    expect(confirmation!.text).toContain(`Kurs: ${name}`);
    expect(paymentDescription((order.additionalInfo as OrderAdditionalInfo).course)).toBe(`${name}, Sagene Basseng`);
    const listed = (await kit.t.http('GET', `/api/profiles/${family.profile.id}/payments`, { token })).json[0];
    expect(listed.courseName).toBe(name);
    const res = await fetch(`${kit.t.url}/api/orders/${order.id}/receipts/${listed.receipts[0].eventId}`, { headers: { authorization: `Bearer ${token}` } });
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`Kurs: ${name}`);
    expect(text).not.toContain('Babysvømming 3');
  });

  it('membership event "course finished": its payment on /profil offers no "Meld av kurset", and says the dates and the venue', async () => {
    const place = await createVenue(kit.t.db, { name: 'Tøyenbadet' });
    const { family, token } = await paidBooking({ course: await createCourse(kit.t.db, { place, maximumParticipants: 4, priceOre: ore(100_000), dates: DATES }) });
    const listed = async () => (await kit.t.http('GET', `/api/profiles/${family.profile.id}/payments`, { token })).json[0];
    expect(await listed()).toMatchObject({ cancellable: true, courseFirstDate: DATES[0]!.toISOString(), courseLastDate: DATES[3]!.toISOString(), placeName: 'Tøyenbadet' });
    clock.current = osloTime(2027, 3, 22, '18:00');
    expect(await listed()).toMatchObject({ cancellable: false, courseLastDate: DATES[3]!.toISOString() });
  });

  it('before the deadline: a full refund through Vipps at once, the place frees up for the waitlist, an e-mail', async () => {
    const { family, course, order, token } = await paidBooking({ maximumParticipants: 1 });
    const waiting = await createFamily(kit.t.db);
    await kit.t.db.insert(waitlistEntries).values({ courseId: course.id, childId: waiting.children[0]!.id, userId: waiting.guardians[0]!.id });

    clock.current = osloTime(2027, 2, 15, '23:59');
    const shown = await preview(order.id, token);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json).toMatchObject({ outcome: 'full', paidAmount: 100_000, refundAmount: 100_000, feeAmount: 0, rulesVersion: 1, lastFullRefundDay: '2027-02-15' });
    expect(shown.json.reason).toBe('Du melder av innen 15.02.2027 og får hele beløpet tilbake.');

    const res = await cancel(order.id, token, 100_000);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'refunded', outcome: 'full', refundAmount: 100_000 });
    await kit.t.sim.control.webhooksIdle();
    expect(kit.t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(100_000);
    expect(await enrolled(course.id, family)).toBe(false);
    const refundMails = (await mailsTo(family)).filter((m) => m.subject.startsWith('Avmelding og refusjon'));
    expect(refundMails).toHaveLength(1);
    // The refund's receipt comes with it, as a PDF.
    const [attachment] = refundMails[0]!.attachments as { filename: string; contentType: string; content: string; encoding: string }[];
    expect(attachment).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
    expect(attachment!.filename).toMatch(/^kvittering-refusjon-BS-.*\.pdf$/);
    expect(Buffer.from(attachment!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    await processWaitlists({ ...kit.t.ctx, clock: { now: () => new Date() } });
    const [entry] = await kit.t.db.select().from(waitlistEntries).where(eq(waitlistEntries.childId, waiting.children[0]!.id));
    expect(entry!.status).toBe('offered');
  });

  it('receipts: a PDF per capture and per refund with the fields, for the own family only', async () => {
    const { family, order, token } = await paidBooking();
    clock.current = osloTime(2027, 2, 1, '12:00');
    await cancel(order.id, token, 100_000);
    const listed = (await kit.t.http('GET', `/api/profiles/${family.profile.id}/payments`, { token })).json[0];
    expect(listed.receipts.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([['payment', 100_000], ['refund', 100_000]]);
    const events = await kit.t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    const texts: string[] = [];
    for (const r of listed.receipts) {
      const res = await fetch(`${kit.t.url}/api/orders/${order.id}/receipts/${r.eventId}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('.pdf');
      const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
      texts.push((await parser.getText()).text);
      await parser.destroy();
    }
    const [payment, refund] = texts as [string, string];
    const psp = (name: string) => events.find((e) => e.name === name)!.pspReference;
    const info = order.additionalInfo as { child: { firstName: string; lastName: string }; course: { name: string } };
    for (const [text, title, amount, name] of [[payment, 'Kvittering', 'Betalt', 'CAPTURED'], [refund, 'Kvittering for refusjon', 'Refundert', 'REFUNDED']] as const) {
      expect(text).toContain(title);
      expect(text).toContain('Plask Babysvømming');
      expect(text).toContain('Org.nr. 912 345 678');
      expect(text).toContain('Badeveien 1, 0150 Oslo');
      expect(text).toMatch(/Dato: \d{2}\.\d{2}\.\d{4} kl\. \d{2}:\d{2}/);
      expect(text).toContain(`Kurs: ${info.course.name}`);
      expect(text).toContain(`Barn: ${info.child.firstName} ${info.child.lastName}`);
      expect(text).toContain(`${amount}: 1 000 kr`);
      expect(text).toContain(`Vipps-referanse: ${order.reference}`);
      expect(text).toContain(`Betalingsreferanse: ${psp(name)}`);
      expect(text).toContain('Svømmeopplæring er unntatt fra merverdiavgift (mval. § 3-5).');
    }
    // The payment's receipt was e-mailed when the capture was stored, once, as the same PDF.
    const paymentMails = (await mailsTo(family)).filter((m) => m.subject === `Kvittering for betaling ${order.humanReference}`);
    expect(paymentMails).toHaveLength(1);
    const [mailed] = paymentMails[0]!.attachments as { filename: string; contentType: string; content: string }[];
    expect(mailed).toMatchObject({ contentType: 'application/pdf' });
    expect(mailed!.filename).toMatch(/^kvittering-BS-.*\.pdf$/);
    const parser = new PDFParse({ data: new Uint8Array(Buffer.from(mailed!.content, 'base64')) });
    expect((await parser.getText()).text).toContain(`Betalingsreferanse: ${psp('CAPTURED')}`);
    await parser.destroy();

    const other = await kit.t.token((await createFamily(kit.t.db)).guardians[0]!.id);
    const eventId = listed.receipts[0].eventId;
    expect((await kit.t.http('GET', `/api/orders/${order.id}/receipts/${eventId}`, { token: other })).status).toBe(404);
    expect((await kit.t.http('GET', `/api/orders/${order.id}/receipts/${eventId}`, { token: kit.adminToken })).status).toBe(404);
    expect((await kit.t.http('GET', `/api/orders/${order.id}/receipts/${eventId}`)).status).toBe(401);
  });

  it('is idempotent: a double click and a retried request make one refund and one e-mail', async () => {
    const { family, order, token } = await paidBooking();
    clock.current = osloTime(2027, 2, 1, '12:00');
    const answers = await Promise.all([cancel(order.id, token, 100_000), cancel(order.id, token, 100_000)]);
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(answers[0]!.json._id).toBe(answers[1]!.json._id);
    const retried = await cancel(order.id, token, 100_000);
    expect(retried.json).toMatchObject({ _id: answers[0]!.json._id, status: 'refunded' });
    await kit.t.sim.control.webhooksIdle();
    expect(kit.t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(100_000);
    expect(await refunds(order.id)).toHaveLength(1);
    expect((await mailsTo(family)).filter((m) => m.subject.startsWith('Avmelding'))).toHaveLength(1);
    const listed = await kit.t.http('GET', `/api/profiles/${family.profile.id}/payments`, { token });
    expect(listed.json).toEqual([
      expect.objectContaining({ _id: order.id, capturedAmount: 100_000, refundedAmount: 100_000, cancellable: false, cancellation: expect.objectContaining({ status: 'refunded' }) }),
    ]);
  });

  it('a refund cut short (Vipps did not answer) is finished by the retried request, once', async () => {
    const { order, token } = await paidBooking();
    clock.current = osloTime(2027, 2, 1, '12:00');
    // The first attempt wrote its cancellation and then lost Vipps' answer: as if the process stopped there.
    await kit.t.db.insert(cancellations).values({ orderId: order.id, outcome: 'full', status: 'refunding', refundOre: ore(100_000), rulesVersion: 1 });
    const retried = await cancel(order.id, token, 100_000);
    expect(retried.json).toMatchObject({ status: 'refunded', refundAmount: 100_000 });
    expect((await cancel(order.id, token, 100_000)).json.status).toBe('refunded');
    await kit.t.sim.control.webhooksIdle();
    expect(kit.t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(100_000);
  });

  it('after the deadline: the refund less the fee; a stale amount is refused with 409 and nothing changes', async () => {
    const { family, course, order, token } = await paidBooking();
    clock.current = osloTime(2027, 2, 16, '00:00');
    const shown = await preview(order.id, token);
    expect(shown.json).toMatchObject({ outcome: 'fee', refundAmount: 75_000, feeAmount: 25_000 });
    const stale = await cancel(order.id, token, 100_000);
    expect(stale.status).toBe(409);
    expect(await enrolled(course.id, family)).toBe(true);
    expect(await kit.t.db.select().from(cancellations).where(eq(cancellations.orderId, order.id))).toHaveLength(0);
    const res = await cancel(order.id, token, 75_000);
    expect(res.json).toMatchObject({ status: 'refunded', refundAmount: 75_000, feeAmount: 25_000 });
    await kit.t.sim.control.webhooksIdle();
    expect(kit.t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(75_000);
  });

  it('after the start: no refund under version 1, but the child leaves and the parent is told', async () => {
    const { family, course, order, token } = await paidBooking();
    clock.current = osloTime(2027, 3, 1, '18:00');
    expect((await preview(order.id, token)).json).toMatchObject({ outcome: 'none', refundAmount: 0 });
    const res = await cancel(order.id, token, 0);
    expect(res.json).toMatchObject({ status: 'done', refundAmount: 0 });
    expect(await refunds(order.id)).toHaveLength(0);
    expect(await enrolled(course.id, family)).toBe(false);
    expect((await mailsTo(family)).some((m) => m.subject.startsWith('Avmelding:'))).toBe(true);
  });

  describe('under later rules versions', () => {
    const setRules = async (rules: object) => expect((await kit.t.http('PUT', '/api/cancellation-rules', { token: kit.adminToken, body: rules })).status).toBe(200);

    it('an order keeps its version: bought under 1, the rules change, it still cancels under 1', async () => {
      const { order, token } = await paidBooking();
      await setRules({ fullRefundDaysBefore: 0, lateFee: { kind: 'fixed', amountOre: 0 }, afterStart: 'remaining' });
      clock.current = osloTime(2027, 3, 1, '18:00');
      expect((await preview(order.id, token)).json).toMatchObject({ rulesVersion: 1, outcome: 'none', refundAmount: 0 });
      clock.current = new Date();
      const newer = await paidBooking();
      clock.current = osloTime(2027, 3, 1, '18:00');
      expect((await preview(newer.order.id, newer.token)).json).toMatchObject({ outcome: 'remaining', refundAmount: 75_000 });
      expect((await preview(newer.order.id, newer.token)).json.rulesVersion).toBeGreaterThan(1);
    });

    it("'etter avtale': a request the admin approves with an amount (refund, child leaves) or declines with a message", async () => {
      await setRules({ fullRefundDaysBefore: 14, lateFee: { kind: 'percent', percent: 25 }, afterStart: 'byAgreement' });
      const approved = await paidBooking();
      const declined = await paidBooking({ course: approved.course });
      clock.current = osloTime(2027, 3, 9, '12:00');
      expect((await preview(approved.order.id, approved.token)).json).toMatchObject({ outcome: 'byAgreement', refundAmount: null });
      for (const b of [approved, declined]) {
        const res = await cancel(b.order.id, b.token, null);
        expect(res.json).toMatchObject({ status: 'requested', refundAmount: null });
        expect(await enrolled(b.course.id, b.family)).toBe(true);
        expect((await mailsTo(b.family)).some((m) => m.subject.startsWith('Forespørsel om avmelding'))).toBe(true);
      }
      // The admin sees the request on the order in the back office.
      const listed = await kit.t.http('GET', `/api/payments?q=${approved.order.humanReference}`, { token: kit.adminToken });
      expect(listed.json.orders[0].cancellation).toMatchObject({ status: 'requested', outcome: 'byAgreement', refundAmount: null });
      const decide = (orderId: string, body: object, token = kit.adminToken) => kit.t.http('POST', `/api/payments/${orderId}/cancellation-decision`, { token, body });
      expect((await decide(approved.order.id, { approve: true, refundAmount: 50_000, message: 'Ok' }, approved.token)).status).toBe(403);
      expect((await decide(approved.order.id, { approve: true, refundAmount: 200_000, message: 'For mye' })).status).toBe(409);
      const yes = await decide(approved.order.id, { approve: true, refundAmount: 50_000, message: 'Vi refunderer halve beløpet.' });
      expect(yes.json, yes.text).toMatchObject({ status: 'refunded', refundAmount: 50_000, adminMessage: 'Vi refunderer halve beløpet.' });
      await kit.t.sim.control.webhooksIdle();
      expect(kit.t.sim.control.payment(approved.order.reference)!.aggregate.refundedAmount.value).toBe(50_000);
      expect(await enrolled(approved.course.id, approved.family)).toBe(false);

      const no = await decide(declined.order.id, { approve: false, message: 'Kurset er nesten ferdig.' });
      expect(no.json).toMatchObject({ status: 'declined', adminMessage: 'Kurset er nesten ferdig.' });
      expect(await enrolled(declined.course.id, declined.family)).toBe(true);
      const answer = (await mailsTo(declined.family)).find((m) => m.subject.startsWith('Svar på forespørsel'));
      expect(answer!.text).toContain('Melding fra oss: Kurset er nesten ferdig.');
      expect((await decide(declined.order.id, { approve: false, message: 'Igjen' })).status).toBe(409);
      await setRules({ fullRefundDaysBefore: 14, lateFee: { kind: 'percent', percent: 25 }, afterStart: 'none' });
    });
  });

  it('another family cannot see or cancel the order (404), and an admin neither (the back office refunds)', async () => {
    const { order } = await paidBooking();
    const other = await createFamily(kit.t.db);
    const otherToken = await kit.t.token(other.guardians[0]!.id);
    expect((await preview(order.id, otherToken)).status).toBe(404);
    expect((await cancel(order.id, otherToken, 100_000)).status).toBe(404);
    expect((await preview(order.id, kit.adminToken)).status).toBe(404);
  });
});

/** PostgreSQL only: PGlite is one connection, so nothing overlaps there. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a cancellation racing a waitlist offer and a payment start (PostgreSQL)', () => {
  it('the freed place goes to exactly one: the waiting child or the payer, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const { course, order, token } = await paidBooking({ maximumParticipants: 1 });
      const waiting = await createFamily(kit.t.db);
      await kit.t.db.insert(waitlistEntries).values({ courseId: course.id, childId: waiting.children[0]!.id, userId: waiting.guardians[0]!.id });
      const payer = await createFamily(kit.t.db);
      const payerToken = await kit.t.token(payer.guardians[0]!.id);
      clock.current = osloTime(2027, 2, 1, '12:00');
      const [cancelled, start] = await Promise.all([
        cancel(order.id, token, 100_000),
        kit.t.http('POST', '/api/vipps/payment', { token: payerToken, body: { userId: payer.guardians[0]!.id, childId: payer.children[0]!.id, courseId: course.id } }),
        processWaitlists({ ...kit.t.ctx, clock: { now: () => new Date() } }),
      ]);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect([200, 409]).toContain(start.status);
      await processWaitlists({ ...kit.t.ctx, clock: { now: () => new Date() } });
      const offers = await kit.t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.courseId, course.id), eq(waitlistEntries.status, 'offered')));
      expect((start.status === 200 ? 1 : 0) + offers.length).toBe(1);
      expect(await countTaken(kit.t.db, course.id)).toBe(1);
      clock.current = new Date();
    }
  });
});
