import ExcelJS from 'exceljs';
import { courseDisplayName, formatDate, osloDateKey, osloDayStart, type BookkeepingQuery, ore, oreToKr, sumOre, type Ore } from '@app/shared';
import type { ServiceContext } from '../../context';
import * as courses from '../../repos/courses.repo';
import * as familyLedger from '../../domain/family-ledger/entries';
import type { OrderAdditionalInfo } from '../../repos/orders.repo';

/**
 * The month-end: a period's captures and refunds, one row each, with totals per course and per month (øre in the data,
 * kr with two decimals in the file). Family credit and the discounts given (decision 058) add rows of their own kinds;
 * not Vipps money, so not in the totals. A gift card's sale is Vipps money (in the totals, under 'Gavekort'); its
 * redemption and expiry are rows of their own.
 */
export interface BookkeepingRow {
  /** Oslo calendar day, YYYY-MM-DD. */
  day: string;
  kind: 'capture' | 'refund' | 'credit-given' | 'credit-used' | 'credit-expired' | 'gift-card-sold' | 'gift-card-redeemed' | 'gift-card-expired' | 'discount';
  orderId: string;
  humanReference: string;
  /** The course the money moved under: its id (the totals' key), display name, venue and first date. */
  courseId: string;
  course: string;
  place: string;
  courseStart: string;
  /** øre: positive for a capture, negative for a refund. */
  amountOre: Ore;
  vippsReference: string;
  pspReference: string;
  account: string;
}

export interface Bookkeeping {
  rows: BookkeepingRow[];
  perCourse: { courseId: string; course: string; place: string; courseStart: string; amountOre: Ore }[];
  perMonth: { month: string; amountOre: Ore }[];
  totalOre: Ore;
}

type Move = { toCourseId: string; at: string };
const movesOf = (info: unknown): Move[] => (info as { moves?: Move[] } | null)?.moves ?? [];

type CourseCells = Pick<BookkeepingRow, 'courseId' | 'course' | 'place' | 'courseStart'>;
type KnownCourses = Awaited<ReturnType<typeof courses.findCoursesDetails>>;

/** A course's cells in the export; a deleted course keeps the name and venue the order stored. */
function courseCells(info: Partial<OrderAdditionalInfo> | null, courseId: string | undefined, known: KnownCourses): CourseCells {
  const course = courseId ? known.get(courseId) : undefined;
  if (course) return { courseId: course.id, course: courseDisplayName(course), place: course.placeName, courseStart: course.dates[0] ? formatDate(course.dates[0]) : '' };
  return { courseId: courseId ?? '', course: info?.course?.name?.trim() || 'Ukjent kurs', place: info?.course?.place ?? '', courseStart: '' };
}

/** The course the order was for when the money moved (sold, or moved to before then): a later move does not rewrite a closed month. */
function courseWhenMoneyMoved(additionalInfo: unknown, at: Date, known: KnownCourses): CourseCells {
  const info = additionalInfo as Partial<OrderAdditionalInfo>;
  const last = movesOf(additionalInfo).filter((m) => new Date(m.at).getTime() <= at.getTime()).at(-1);
  return courseCells(info, last?.toCourseId ?? info.course?._id, known);
}

/** A CSV text cell starting with = + - @, a tab or a CR is a formula to Excel: it gets a leading apostrophe (CSV injection). */
export const csvSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const KIND_TEXT = {
  capture: 'Betaling',
  refund: 'Refusjon',
  'credit-given': 'Tilgode gitt',
  'credit-used': 'Tilgode brukt',
  'credit-expired': 'Tilgode utløpt',
  'gift-card-sold': 'Gavekort solgt',
  'gift-card-redeemed': 'Gavekort innløst',
  'gift-card-expired': 'Gavekort utløpt',
  discount: 'Rabatt gitt',
} as const;

/** A gift card's order (decision 059): its rows say so, under 'Gavekort' instead of a course. */
const isGiftCard = (info: unknown) => !!(info as Partial<OrderAdditionalInfo> | null)?.giftCard;
const GIFT_CARD_CELLS: CourseCells = { courseId: '', course: 'Gavekort', place: '', courseStart: '' };
const GIFT_CARD_KIND: Partial<Record<string, BookkeepingRow['kind']>> = { capture: 'gift-card-sold', 'credit-given': 'gift-card-redeemed' };

function totals<K extends string>(rows: BookkeepingRow[], keyOf: (row: BookkeepingRow) => string, name: K) {
  const sums = new Map<string, Ore>();
  for (const row of rows) sums.set(keyOf(row), sumOre([sums.get(keyOf(row)) ?? ore(0), row.amountOre]));
  return [...sums].map(([key, amountOre]) => ({ [name]: key, amountOre }) as { [P in K]: string } & { amountOre: Ore });
}

/** Admins only (the route's role gate). The period's entries of the family ledger, Vipps money first, then credit. */
export async function bookkeeping(ctx: ServiceContext, query: Pick<BookkeepingQuery, 'from' | 'to'>): Promise<Bookkeeping> {
  const all = await familyLedger.entriesBetween(ctx.db, osloDayStart(query.from), osloDayStart(query.to, 1), ctx.clock.now());
  const moved = all.filter((r) => familyLedger.isVipps(r.entry));
  // A make-up moves no money: it is not in the month-end.
  const credit = [
    ...all.filter((r) => r.entry.kind === 'credit-given' || r.entry.kind === 'credit-used'),
    ...all.filter((r) => familyLedger.isExpiry(r.entry)),
    ...all.filter((r) => r.entry.kind === 'discount'),
  ];
  const soldId = (info: unknown) => (info as Partial<OrderAdditionalInfo> | null)?.course?._id;
  const known = await courses.findCoursesDetails(ctx.db, [
    ...moved.flatMap(({ order }) => [soldId(order?.additionalInfo), ...movesOf(order?.additionalInfo).map((m) => m.toCourseId)]),
    ...credit.map((r) => soldId(r.order?.additionalInfo)),
  ].filter((id): id is string => !!id));
  const row = ({ entry, order }: (typeof all)[number], cells: CourseCells, amountOre: Ore): BookkeepingRow => ({
    day: osloDateKey(entry.at),
    kind: (isGiftCard(order?.additionalInfo) && GIFT_CARD_KIND[entry.kind]) || (entry.kind as BookkeepingRow['kind']),
    orderId: entry.orderId ?? '',
    humanReference: order?.humanReference ?? '',
    ...cells,
    amountOre,
    vippsReference: familyLedger.isVipps(entry) ? (order?.reference ?? '') : '',
    pspReference: familyLedger.isVipps(entry) ? entry.ref : '',
    account: ctx.env.BOOKKEEPING_ACCOUNT,
  });
  const money = moved.map((r) => row(r, isGiftCard(r.order?.additionalInfo) ? GIFT_CARD_CELLS : courseWhenMoneyMoved(r.order?.additionalInfo, r.entry.at, known), r.entry.amountOre));
  const creditRows = credit.map((r) => {
    const info = r.order?.additionalInfo as Partial<OrderAdditionalInfo> | undefined;
    const cells = isGiftCard(info) ? GIFT_CARD_CELLS : info ? courseCells(info, soldId(info), known) : { courseId: '', course: r.entry.ref, place: '', courseStart: '' };
    return row(r, cells, r.entry.kind === 'credit-given' || r.entry.kind === 'discount' ? r.entry.amountOre : ore(-Math.abs(r.entry.amountOre)));
  });
  return {
    rows: [...money, ...creditRows],
    perCourse: totals(money, (r) => r.courseId, 'courseId')
      .map((t) => {
        const r = money.find((m) => m.courseId === t.courseId)!;
        return { ...t, course: r.course, place: r.place, courseStart: r.courseStart };
      })
      .sort((a, b) => a.course.localeCompare(b.course, 'nb') || a.place.localeCompare(b.place, 'nb') || a.courseStart.localeCompare(b.courseStart)),
    perMonth: totals(money, (r) => r.day.slice(0, 7), 'month'),
    totalOre: sumOre(money.map((r) => r.amountOre)),
  };
}

/** The workbook: the rows on one sheet, the totals on another. The CSV is the rows sheet with the totals under it. */
function workbook(data: Bookkeeping, withTotalsBelow: boolean): ExcelJS.Workbook {
  // The CSV (the totals below) is where a text cell could turn into a formula; the XLSX keeps them as strings.
  const text = withTotalsBelow ? csvSafe : (value: string) => value;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Bevegelser');
  sheet.columns = [
    { header: 'Dato', key: 'date', width: 12 },
    { header: 'Type', key: 'kind', width: 10 },
    { header: 'Ordre', key: 'order', width: 12 },
    { header: 'Kurs', key: 'course', width: 32 },
    { header: 'Sted', key: 'place', width: 20 },
    { header: 'Kursstart', key: 'start', width: 12 },
    { header: 'Beløp (kr)', key: 'amount', width: 12, style: { numFmt: '0.00' } },
    { header: 'Vipps-referanse', key: 'reference', width: 36 },
    { header: 'pspReference', key: 'psp', width: 24 },
    { header: 'Konto', key: 'account', width: 8 },
  ];
  for (const r of data.rows) {
    sheet.addRow({ date: formatDate(`${r.day}T12:00:00Z`), kind: KIND_TEXT[r.kind], order: text(r.humanReference), course: text(r.course), place: text(r.place), start: r.courseStart, amount: oreToKr(r.amountOre), reference: text(r.vippsReference), psp: text(r.pspReference), account: text(r.account) });
  }
  const totalsSheet = withTotalsBelow ? sheet : book.addWorksheet('Summer');
  if (withTotalsBelow) totalsSheet.addRow([]);
  totalsSheet.addRow(['Sum per kurs']);
  for (const c of data.perCourse) totalsSheet.addRow([text(c.course), oreToKr(c.amountOre), text(c.place), c.courseStart]);
  totalsSheet.addRow(['Sum per måned']);
  for (const m of data.perMonth) totalsSheet.addRow([m.month, oreToKr(m.amountOre)]);
  totalsSheet.addRow(['Sum', oreToKr(data.totalOre)]);
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
