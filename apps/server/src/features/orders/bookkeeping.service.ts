import ExcelJS from 'exceljs';
import { formatDate, osloDateKey, osloDayStart, type BookkeepingQuery } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as changes from '../../repos/changes.repo';
import * as repo from '../../repos/orders.repo';
import type { OrderAdditionalInfo } from '../../repos/orders.repo';

/**
 * The month-end (issue 40): a period's captures and refunds, one row each, for the bookkeeper, with totals per course
 * and per month. Each row is reported under the course the order was for when it was made (its stored names), so a
 * later move does not rewrite a closed month. Amounts are øre in the data and kr with two decimals in the file.
 * Family credit (issue 38) adds rows of its own kinds (given, used, expired); they are not Vipps money, so the
 * totals (per course, per month, in all) count captures and refunds only.
 */
export interface BookkeepingRow {
  /** Oslo calendar day, YYYY-MM-DD. */
  day: string;
  kind: 'capture' | 'refund' | 'credit-given' | 'credit-used' | 'credit-expired';
  orderId: string;
  humanReference: string;
  course: string;
  /** øre: positive for a capture, negative for a refund. */
  amountOre: number;
  vippsReference: string;
  pspReference: string;
  account: string;
}

export interface Bookkeeping {
  rows: BookkeepingRow[];
  perCourse: { course: string; amountOre: number }[];
  perMonth: { month: string; amountOre: number }[];
  totalOre: number;
}

const KIND_TEXT = { capture: 'Betaling', refund: 'Refusjon', 'credit-given': 'Tilgode gitt', 'credit-used': 'Tilgode brukt', 'credit-expired': 'Tilgode utløpt' } as const;

function totals<K extends string>(rows: BookkeepingRow[], keyOf: (row: BookkeepingRow) => string, name: K) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + row.amountOre);
  return [...sums].map(([key, amountOre]) => ({ [name]: key, amountOre }) as { [P in K]: string } & { amountOre: number });
}

/** Admins only (the route's role gate). */
export async function bookkeeping(ctx: ServiceContext, query: Pick<BookkeepingQuery, 'from' | 'to'>): Promise<Bookkeeping> {
  const events = await repo.moneyEventsBetween(ctx.db, osloDayStart(query.from), osloDayStart(query.to, 1));
  const rows = events.map(({ event, order }): BookkeepingRow => {
    const info = order.additionalInfo as Partial<OrderAdditionalInfo>;
    const kind = event.name === 'REFUNDED' ? 'refund' : 'capture';
    return {
      day: osloDateKey(event.timestamp),
      kind,
      orderId: order.id,
      humanReference: order.humanReference,
      course: info.course?.name?.trim() || 'Ukjent kurs',
      amountOre: kind === 'refund' ? -event.amountOre : event.amountOre,
      vippsReference: order.reference,
      pspReference: event.pspReference,
      account: ctx.env.BOOKKEEPING_ACCOUNT,
    };
  });
  const money = rows;
  const credit = await changes.creditMovementsBetween(ctx.db, osloDayStart(query.from), osloDayStart(query.to, 1), ctx.clock.now());
  const creditRow = (kind: 'credit-given' | 'credit-used' | 'credit-expired', r: (typeof credit.moved)[number], at: Date): BookkeepingRow => ({
    day: osloDateKey(at),
    kind,
    orderId: r.entry.orderId ?? '',
    humanReference: r.orderRef ?? '',
    course: (r.orderInfo as Partial<OrderAdditionalInfo> | null)?.course?.name?.trim() || r.entry.reason,
    amountOre: kind === 'credit-given' ? r.entry.amountOre : -Math.abs(r.entry.amountOre),
    vippsReference: '',
    pspReference: '',
    account: ctx.env.BOOKKEEPING_ACCOUNT,
  });
  const creditRows = [
    ...credit.moved.map((r) => creditRow(r.entry.amountOre > 0 ? 'credit-given' : 'credit-used', r, r.entry.createdAt)),
    ...credit.expired.map((r) => creditRow('credit-expired', r, r.entry.expiresAt!)),
  ];
  return {
    rows: [...rows, ...creditRows],
    perCourse: totals(money, (r) => r.course, 'course').sort((a, b) => a.course.localeCompare(b.course, 'nb')),
    perMonth: totals(money, (r) => r.day.slice(0, 7), 'month'),
    totalOre: money.reduce((sum, r) => sum + r.amountOre, 0),
  };
}

const kr = (ore: number) => ore / 100;

/** The workbook: the rows on one sheet, the totals on another. The CSV is the rows sheet with the totals under it. */
function workbook(data: Bookkeeping, withTotalsBelow: boolean): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Bevegelser');
  sheet.columns = [
    { header: 'Dato', key: 'date', width: 12 },
    { header: 'Type', key: 'kind', width: 10 },
    { header: 'Ordre', key: 'order', width: 12 },
    { header: 'Kurs', key: 'course', width: 32 },
    { header: 'Beløp (kr)', key: 'amount', width: 12, style: { numFmt: '0.00' } },
    { header: 'Vipps-referanse', key: 'reference', width: 36 },
    { header: 'pspReference', key: 'psp', width: 24 },
    { header: 'Konto', key: 'account', width: 8 },
  ];
  for (const r of data.rows) {
    sheet.addRow({ date: formatDate(`${r.day}T12:00:00Z`), kind: KIND_TEXT[r.kind], order: r.humanReference, course: r.course, amount: kr(r.amountOre), reference: r.vippsReference, psp: r.pspReference, account: r.account });
  }
  const totalsSheet = withTotalsBelow ? sheet : book.addWorksheet('Summer');
  if (withTotalsBelow) totalsSheet.addRow([]);
  totalsSheet.addRow(['Sum per kurs']);
  for (const c of data.perCourse) totalsSheet.addRow([c.course, kr(c.amountOre)]);
  totalsSheet.addRow(['Sum per måned']);
  for (const m of data.perMonth) totalsSheet.addRow([m.month, kr(m.amountOre)]);
  totalsSheet.addRow(['Sum', kr(data.totalOre)]);
  return book;
}

export async function bookkeepingFile(ctx: ServiceContext, query: BookkeepingQuery): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const data = await bookkeeping(ctx, query);
  const base = `regnskap-${query.from}-${query.to}`;
  if (query.format === 'xlsx') {
    const content = Buffer.from(await workbook(data, false).xlsx.writeBuffer());
    return { filename: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content };
  }
  const csv = Buffer.from(await workbook(data, true).csv.writeBuffer({ formatterOptions: { delimiter: ';' } }));
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', content: csv };
}
