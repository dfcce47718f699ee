import { ore, sumOre, type Ore } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import * as ledger from '../../repos/ledger.repo';
import type { OrderRow } from '../../repos/orders.repo';

/**
 * The family ledger (decision 055): every movement of money or credit is an entry of the view `family_ledger_entries`,
 * every answer about money a sum of entries; this module says which kinds count for which answer, so the month-end,
 * the reconciliation, the receipts, the credit balance and "what the order still holds" cannot disagree.
 * Kinds (amount signed: + what the family has with the school grows, - it shrinks):
 * - capture: Vipps took money for an order (+); refund: Vipps gave money back (-);
 * - credit-given: family credit given (+), from an order (a cancelled date's share, a cancellation's credit part) or not;
 * - credit-used: credit that paid an order (-); credit-expired: credit that ran out unused (-), at its expiry time;
 * - makeup: a cancelled date's share spent on a make-up date (-): no money moves, but the order holds less;
 * - gift-card-expired: a gift card never redeemed (-, no family: the school's), at its expiry time (decision 059). A
 *   card's sale is its order's capture, its redemption credit given naming that order;
 * - discount: a discount line of a paid order (+, the discount given, decision 058): no money moves, and no answer
 *   about what an order holds or a family has counts it; the month-end lists it.
 */
export const LEDGER_KINDS = ['capture', 'refund', 'credit-given', 'credit-used', 'credit-expired', 'makeup', 'gift-card-expired', 'discount'] as const;
/** Kinds dated at an expiry: an entry in the future until that time comes. */
export const isExpiry = (e: { kind: string }) => e.kind === 'credit-expired' || e.kind === 'gift-card-expired';
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerEntry = ledger.LedgerEntryRow & { kind: LedgerKind };

export const isVipps = (e: { kind: string }) => e.kind === 'capture' || e.kind === 'refund';
const sum = (list: readonly { amountOre: Ore }[]) => sumOre(list.map((e) => e.amountOre));

/** What Vipps holds of these entries: captured less refunded. */
export const vippsHeld = (list: readonly { kind: string; amountOre: Ore }[]) => sum(list.filter(isVipps));

/**
 * One order's account from its entries, the one answer to "what does this order still hold": Vipps captured less
 * refunded, the credit that paid it, what was given back as credit or spent on make-ups, and `heldOre`, what is left
 * (what a cancellation can give back at most).
 */
function orderAccount(list: readonly { kind: string; amountOre: Ore }[]) {
  const vippsOre = vippsHeld(list);
  const creditPartOre = ore(-sum(list.filter((e) => e.kind === 'credit-used')));
  const givenOre = ore(sum(list.filter((e) => e.kind === 'credit-given')) - sum(list.filter((e) => e.kind === 'makeup')));
  return { vippsOre, creditPartOre, givenOre, heldOre: ore(vippsOre + creditPartOre - givenOre) };
}

/** The entries of these orders, oldest first (credit expiries left out: they are the family's, not the order's). */
export async function entriesOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<LedgerEntry[]> {
  return (await ledger.entriesOfOrders(db, orderIds)).filter((e) => !isExpiry(e)) as LedgerEntry[];
}

export async function accountOfOrder(db: DbOrTx, orderId: string) {
  return orderAccount(await entriesOfOrders(db, [orderId]));
}

/** A family's credit to use at `now` (before what open orders have pledged). */
export const familyCreditBalance = (db: DbOrTx, profileId: string, now: Date): Promise<Ore> => ledger.creditSumOfProfile(db, profileId, now);

/** The entries that happened in [from, to) (an expiry only once `now` reached it), with their orders: the month-end. */
export async function entriesBetween(db: DbOrTx, from: Date, to: Date, now: Date) {
  const rows = await ledger.entriesBetween(db, from, to);
  return rows.filter((r) => !isExpiry(r.entry) || r.entry.at.getTime() <= now.getTime()) as (Omit<(typeof rows)[number], 'entry'> & { entry: LedgerEntry })[];
}

// ---- family credit at booking and at a cancellation ------------------------------------------------------------------

/** The reason's start of the entry that keeps what is left of a given entry a booking took part of. */
export const REST_REASON = 'Rest: ';
/** Credit given back on a refund keeps its original expiry, but never ends sooner than this after the refund. */
export const MIN_CREDIT_BACK_DAYS = 30;

/**
 * The family's credit a new order may use: the balance (the ledger's one answer) less what its open orders have pledged.
 * A payment start asks it under the family's row lock, so two bookings cannot pledge the same credit.
 */
export async function availableCredit(db: DbOrTx, profileId: string, now: Date): Promise<Ore> {
  const live = await familyCreditBalance(db, profileId, now);
  return ore(Math.max(0, live - (await ledger.pledgedCredit(db, profileId))));
}

/**
 * Takes the order's credit part when it is paid (in its transaction): one negative 'used' entry, the given entries it
 * took (soonest expiry first) name it, and the rest of the last one becomes a new entry with the same expiry. Returns
 * what could not be covered (0 normally).
 */
export async function consumeCredit(tx: DbOrTx, order: Pick<OrderRow, 'id' | 'profileId' | 'creditOre' | 'humanReference'>, now: Date): Promise<Ore> {
  if (!order.profileId || order.creditOre <= 0) return ore(0);
  const live = await ledger.liveCredits(tx, order.profileId, now);
  let left: number = order.creditOre;
  const taken: ledger.CreditRow[] = [];
  for (const c of live) {
    if (left <= 0) break;
    taken.push(c);
    left -= c.amountOre;
  }
  const used = order.creditOre - Math.max(0, left);
  const entry = await ledger.insertCredit(tx, { profileId: order.profileId, amountOre: ore(-used), reason: `Brukt på bestilling ${order.humanReference}`, orderId: order.id, createdAt: now });
  await ledger.markCreditsUsed(tx, taken.map((c) => c.id), entry.id);
  if (left < 0) {
    const last = taken[taken.length - 1]!;
    await ledger.insertCredit(tx, { profileId: order.profileId, amountOre: ore(-left), reason: `${REST_REASON}${last.reason}`, orderId: last.orderId, expiresAt: last.expiresAt, createdAt: now });
  }
  return ore(Math.max(0, left));
}

/**
 * A refund goes back to each source in proportion: the Vipps part to Vipps, the credit part as credit (whole øre, the
 * Vipps part rounded down, so all refunds' Vipps parts never pass what Vipps took).
 */
export function refundParts(refundOre: Ore, order: { amountOre: Ore; creditOre: Ore }): { vippsOre: Ore; creditOre: Ore } {
  const price = order.amountOre + order.creditOre;
  const vippsOre = ore(price > 0 ? Math.floor((refundOre * order.amountOre) / price) : 0);
  return { vippsOre, creditOre: ore(refundOre - vippsOre) };
}

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * The expiry of credit given back on a refund: the original expiry (the latest the order's payment took), never sooner
 * than MIN_CREDIT_BACK_DAYS from now; `creditMonths` from now when the order took no credit.
 */
export async function creditBackExpiry(db: DbOrTx, orderId: string, now: Date, creditMonths: number): Promise<Date> {
  const taken = (await ledger.creditsUsedByOrder(db, orderId)).flatMap((c) => (c.expiresAt ? [c.expiresAt.getTime()] : []));
  if (taken.length === 0) return addMonths(now, creditMonths);
  return new Date(Math.max(...taken, now.getTime() + MIN_CREDIT_BACK_DAYS * 86_400_000));
}
