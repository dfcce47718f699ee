import type { DbOrTx } from '../../db/client';
import * as ledger from '../../repos/ledger.repo';

/**
 * The family ledger (issue 55 item 2, decision 055): every movement of money or credit is one entry with a kind, and
 * every answer about money is a sum of entries. The entries are the view `family_ledger_entries` (migration 0029); this
 * module says which kinds count for which answer, so the month-end, the reconciliation, the receipts, the credit
 * balance and a cancellation's "what the order still holds" cannot disagree.
 *
 * Kinds (amount signed: + what the family has with the school grows, - it shrinks):
 * - capture: Vipps took money for an order (+); refund: Vipps gave money back (-);
 * - credit-given: family credit given (+), from an order (a cancelled date's share, a cancellation's credit part) or not;
 * - credit-used: credit that paid an order (-); credit-expired: credit that ran out unused (-), at its expiry time;
 * - makeup: a cancelled date's share spent on a make-up date (-): no money moves, but the order holds less.
 */
export const LEDGER_KINDS = ['capture', 'refund', 'credit-given', 'credit-used', 'credit-expired', 'makeup'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerEntry = ledger.LedgerEntryRow & { kind: LedgerKind };

export const isVipps = (e: { kind: string }) => e.kind === 'capture' || e.kind === 'refund';
export const isCredit = (e: { kind: string }) => e.kind === 'credit-given' || e.kind === 'credit-used' || e.kind === 'credit-expired';
const sum = (list: readonly { amountOre: number }[]) => list.reduce((total, e) => total + e.amountOre, 0);

/** What Vipps holds of these entries: captured less refunded. */
export const vippsHeld = (list: readonly { kind: string; amountOre: number }[]) => sum(list.filter(isVipps));

/** A family's credit to use at `now`: given, less used, less expired by then. */
export const creditBalance = (list: readonly { kind: string; amountOre: number; at: Date }[], now: Date) =>
  sum(list.filter((e) => isCredit(e) && (e.kind !== 'credit-expired' || e.at.getTime() <= now.getTime())));

export interface OrderAccount {
  /** Vipps: captured less refunded. */
  vippsOre: number;
  /** Credit that paid the order. */
  creditPartOre: number;
  /** Of the order's value, given back as credit or spent on make-ups (cancelled dates, a cancellation's credit part). */
  givenOre: number;
  /** What the order still holds for the family: what a cancellation can give back at most. */
  heldOre: number;
}

/** One order's account from its entries: the one answer to "what does this order still hold". */
export function orderAccount(list: readonly { kind: string; amountOre: number }[]): OrderAccount {
  const vippsOre = vippsHeld(list);
  const creditPartOre = -sum(list.filter((e) => e.kind === 'credit-used'));
  const givenOre = sum(list.filter((e) => e.kind === 'credit-given')) - sum(list.filter((e) => e.kind === 'makeup'));
  return { vippsOre, creditPartOre, givenOre, heldOre: vippsOre + creditPartOre - givenOre };
}

/** The entries of these orders, oldest first (credit expiries left out: they are the family's, not the order's). */
export async function entriesOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<LedgerEntry[]> {
  return (await ledger.entriesOfOrders(db, orderIds)).filter((e) => e.kind !== 'credit-expired') as LedgerEntry[];
}

export async function accountOfOrder(db: DbOrTx, orderId: string): Promise<OrderAccount> {
  return orderAccount(await entriesOfOrders(db, [orderId]));
}

/** A family's credit to use at `now` (before what open orders have pledged). */
export const familyCreditBalance = (db: DbOrTx, profileId: string, now: Date): Promise<number> => ledger.creditSumOfProfile(db, profileId, now);

/** The entries that happened in [from, to) (an expiry only once `now` reached it), with their orders: the month-end. */
export async function entriesBetween(db: DbOrTx, from: Date, to: Date, now: Date) {
  const rows = await ledger.entriesBetween(db, from, to);
  return rows.filter((r) => r.entry.kind !== 'credit-expired' || r.entry.at.getTime() <= now.getTime()) as (Omit<(typeof rows)[number], 'entry'> & { entry: LedgerEntry })[];
}
