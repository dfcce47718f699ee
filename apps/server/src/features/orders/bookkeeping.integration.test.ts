import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDisplayName, osloDateKey, osloTime, ore } from '@app/shared';
import { cancellations, orderEvents, paymentIncidents } from '../../db/schema';
import { createCourse, createVenue, createUser } from '../../test/builders';
import { payForCourse, startBookingTest, type BookingTest } from '../../test/booking';

/** The month-end's bookkeeping file: its rows and totals equal the orders' captured minus refunded amounts. */
let t: BookingTest;
let adminToken: string;
beforeAll(async () => {
  t = await startBookingTest();
  adminToken = await t.token((await createUser(t.db, { roles: ['admin', 'parent'] })).id);
});
afterAll(() => t?.close());

const DAY = 86_400_000;

const paid = (course: { id: string }) => payForCourse(t, course);

const download = async (query: string) => {
  const res = await fetch(`${t.url}/api/payments/bookkeeping?${query}`, { headers: { authorization: `Bearer ${adminToken}` } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
};

describe('GET /payments/bookkeeping', () => {
  it('has one row per capture and refund, and totals per course and month equal captured minus refunded', async () => {
    const start = Date.now() + 60 * DAY;
    const dates = [0, 7, 14].map((d) => new Date(start + d * DAY));
    const morning = await createCourse(t.db, { name: 'Morgenkurs', participantsAge: 'Morgenkurs', priceOre: ore(150_000), dates });
    const evening = await createCourse(t.db, { name: 'Kveldskurs', participantsAge: 'Kveldskurs', priceOre: ore(99_950), dates });
    const a = await paid(morning);
    const b = await paid(morning);
    const c = await paid(evening);
    // A parent cancels (full refund), and an admin refunds part of another order.
    expect((await t.http('POST', `/api/orders/${a.order.id}/cancellation`, { token: a.token, body: { expectedRefund: 150_000 } })).status).toBe(200);
    expect((await t.http('POST', `/api/payments/${c.order.id}/refund`, { token: adminToken, body: { amount: 25_050, removeFromCourse: false, idempotencyKey: 'bookkeeping-refund-key-0001' } })).status).toBe(200);
    await t.sim.control.webhooksIdle();
    // Money that moved outside the period stays out.
    await t.db.insert(orderEvents).values({ orderId: b.order.id, name: 'REFUNDED', pspReference: 'old-psp', amountOre: ore(1), timestamp: new Date('2020-01-15T12:00:00Z') });

    const today = osloDateKey(new Date());
    const csv = await download(`from=${today}&to=${today}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.disposition).toContain(`regnskap-${today}-${today}.csv`);
    const lines = csv.body.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('Dato;Type;Ordre;Kurs;Sted;Kursstart;Beløp (kr);Vipps-referanse;pspReference;Konto');
    const rows = lines.slice(1, lines.indexOf('')).map((l) => l.split(';'));
    const ids = [a, b, c].map((x) => x.order.id);
    const events = (await t.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids))).filter((e) => ['CAPTURED', 'REFUNDED'].includes(e.name) && e.pspReference !== 'old-psp');
    expect(rows).toHaveLength(events.length);
    expect(rows.map((r) => r[1]).sort()).toEqual(['Betaling', 'Betaling', 'Betaling', 'Refusjon', 'Refusjon']);
    for (const r of rows) {
      const event = events.find((e) => e.pspReference === r[8]);
      expect(event, r.join(';')).toBeDefined();
      expect(Math.round(Number(r[6]) * 100)).toBe(event!.name === 'REFUNDED' ? -event!.amountOre : event!.amountOre);
      expect(r[9]).toBe('3000');
    }
    const expected = (courseOrders: typeof a[]) =>
      courseOrders.reduce((sum, x) => sum + events.filter((e) => e.orderId === x.order.id).reduce((s, e) => s + (e.name === 'REFUNDED' ? -e.amountOre : e.amountOre), 0), 0);
    const totalLine = (label: string) => lines.slice(lines.indexOf('Sum per kurs')).find((l) => l.startsWith(`${label};`) || l.includes(` · ${label} · `))!.split(';')[1];
    expect(Math.round(Number(totalLine('Morgenkurs')) * 100)).toBe(expected([a, b]));
    expect(Math.round(Number(totalLine('Kveldskurs')) * 100)).toBe(expected([c]));
    expect(expected([a, b])).toBe(150_000);
    expect(expected([c])).toBe(99_950 - 25_050);
    expect(Math.round(Number(totalLine(today.slice(0, 7))) * 100)).toBe(expected([a, b, c]));
    expect(Math.round(Number(totalLine('Sum')) * 100)).toBe(expected([a, b, c]));

    const xlsx = await download(`from=${today}&to=${today}&format=xlsx`);
    expect(xlsx.type).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.getWorksheet('Bevegelser')!.rowCount).toBe(events.length + 1);
    const sums = book.getWorksheet('Summer')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(sums.find((r) => r[1] === 'Sum')![2]).toBe(expected([a, b, c]) / 100);
  });

  it('money event "month-end export": two courses with one stored name keep their own total line, with venue and start date (walk-through 8)', async () => {
    const place = await createVenue(t.db, { name: 'Sagene Basseng' });
    const first = await createCourse(t.db, { place, name: 'Babysvømming 3', participantsAge: 'Eksportkurs', timeFrom: '09:30', priceOre: ore(100_000), dates: [osloTime(2027, 5, 10, '09:30')] });
    const second = await createCourse(t.db, { place, name: 'Babysvømming 3', participantsAge: 'Eksportkurs', timeFrom: '10:30', priceOre: ore(120_000), dates: [osloTime(2027, 2, 1, '10:30')] });
    await paid(first);
    await paid(second);
    const today = osloDateKey(new Date());
    const lines = (await download(`from=${today}&to=${today}&format=csv`)).body.toString('utf8').split(/\r?\n/);
    const totals = lines.slice(lines.indexOf('Sum per kurs')).filter((l) => l.includes('Eksportkurs'));
    expect(totals.sort()).toEqual([
      `${courseDisplayName(second)};1200;Sagene Basseng;01.02.2027`,
      `${courseDisplayName(first)};1000;Sagene Basseng;10.05.2027`,
    ].sort());
    expect(lines.find((l) => l.includes(';Betaling;') && l.includes('Eksportkurs'))).toContain(';Sagene Basseng;');
  });

  it('bad periods are a 400', async () => {
    expect((await download('from=2027-02-10&to=2027-02-01')).status).toBe(400);
    expect((await download('from=2027-02-31&to=2027-03-01')).status).toBe(400);
  });
});

describe('the reconciliation view', () => {
  it("money event 'refund unconfirmed': a payment incident in the site's amount format (1 200 kr), and the reconciler settles it", async () => {
    const course = await createCourse(t.db, { priceOre: ore(120_000), dates: [new Date(Date.now() + 60 * DAY)] });
    const { order, token } = await paid(course);
    const today = osloDateKey(new Date());
    const clean = await t.http('GET', `/api/payments/reconciliation?from=${today}&to=${today}`, { token: adminToken });
    expect(clean.status, clean.text).toBe(200);
    expect(clean.json.differences.filter((d: { orderId: string }) => d.orderId === order.id)).toEqual([]);

    // The parent's refund was started (the cancellation row) but never reached Vipps: the process stopped there.
    await t.db.insert(cancellations).values({ orderId: order.id, outcome: 'full', status: 'refunding', refundOre: ore(120_000), rulesVersion: 1 });
    const found = await t.http('GET', `/api/payments/reconciliation?from=${today}&to=${today}`, { token: adminToken });
    const mine = found.json.differences.filter((d: { orderId: string }) => d.orderId === order.id);
    expect(mine).toEqual([expect.objectContaining({ reason: 'refund-unconfirmed', settleable: true, detail: 'Refusjonen på 1\u00a0200\u00a0kr ble startet, men Vipps har ikke bekreftet den.' })]);
    const [incident] = await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.orderId, order.id));
    expect(incident).toMatchObject({ reason: 'refund-unconfirmed', resolvedAt: null });
    expect(t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(0);

    const settled = await t.http('POST', '/api/payments/reconciliation', { token: adminToken, body: { from: today, to: today } });
    expect(settled.status, settled.text).toBe(200);
    expect(settled.json.differences.filter((d: { orderId: string }) => d.orderId === order.id)).toEqual([]);
    expect(settled.json.settled).toBeGreaterThanOrEqual(1);
    await t.sim.control.webhooksIdle();
    expect(t.sim.control.payment(order.reference)!.aggregate.refundedAmount.value).toBe(120_000);
    const [after] = await t.db.select().from(paymentIncidents).where(eq(paymentIncidents.orderId, order.id));
    expect(after!.resolvedAt).not.toBeNull();
    const [row] = await t.db.select().from(cancellations).where(eq(cancellations.orderId, order.id));
    expect(row!.status).toBe('refunded');
    expect(token).toBeTruthy();
  });

  it('lists a capture Vipps does not know and an event not recorded here', async () => {
    const course = await createCourse(t.db, { priceOre: ore(80_000), dates: [new Date(Date.now() + 60 * DAY)] });
    const { order } = await paid(course);
    // A capture stored here that Vipps never made, and Vipps' own capture lost from our record.
    await t.db.delete(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.name, 'CAPTURED')));
    await t.db.insert(orderEvents).values({ orderId: order.id, name: 'CAPTURED', pspReference: 'phantom-psp', amountOre: ore(80_000), timestamp: new Date() });
    const today = osloDateKey(new Date());
    const found = await t.http('GET', `/api/payments/reconciliation?from=${today}&to=${today}`, { token: adminToken });
    const reasons = found.json.differences.filter((d: { orderId: string }) => d.orderId === order.id).map((d: { reason: string }) => d.reason);
    expect(reasons.sort()).toEqual(['capture-missing', 'not-recorded']);
    const settled = await t.http('POST', '/api/payments/reconciliation', { token: adminToken, body: { from: today, to: today } });
    // Vipps' capture is recorded now; the phantom capture stays for the admin.
    expect(settled.json.differences.filter((d: { orderId: string }) => d.orderId === order.id).map((d: { reason: string }) => d.reason)).toEqual(['capture-missing']);
  });
});
