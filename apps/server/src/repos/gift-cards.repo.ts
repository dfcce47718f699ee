/** The `gift_cards` table (decision 059). Only this repo queries it. */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { giftCards, orders } from '../db/schema';

export type GiftCardRow = typeof giftCards.$inferSelect;

export async function insertGiftCard(tx: DbOrTx, values: typeof giftCards.$inferInsert): Promise<GiftCardRow> {
  const [row] = await tx.insert(giftCards).values(values).returning();
  return row!;
}

/** The card an order sells, row-locked (in the transaction that applies the order's payment). */
export async function lockGiftCardOfOrder(tx: DbOrTx, orderId: string): Promise<GiftCardRow | undefined> {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.orderId, orderId)).for('update');
  return row;
}

/** The card and its order by the order's Vipps reference (the return page). */
export async function findGiftCardByReference(db: DbOrTx, reference: string) {
  const [row] = await db.select({ card: giftCards, order: orders }).from(giftCards).innerJoin(orders, eq(orders.id, giftCards.orderId)).where(eq(orders.reference, reference));
  return row;
}

/** A card by its code's hash, row-locked (a redemption). */
export async function lockGiftCardByCodeHash(tx: DbOrTx, codeHash: string): Promise<GiftCardRow | undefined> {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.codeHash, codeHash)).for('update');
  return row;
}

/** The paid card's e-mail is queued: the code is forgotten, the validity starts. */
export async function markIssued(tx: DbOrTx, id: string, issuedAt: Date, expiresAt: Date): Promise<void> {
  await tx.update(giftCards).set({ issuedAt, expiresAt, pendingCode: null }).where(eq(giftCards.id, id));
}

/** Once only: false when the card was redeemed already. */
export async function markRedeemed(tx: DbOrTx, id: string, profileId: string, at: Date): Promise<boolean> {
  const rows = await tx.update(giftCards).set({ redeemedAt: at, redeemedBy: profileId }).where(and(eq(giftCards.id, id), isNull(giftCards.redeemedAt))).returning({ id: giftCards.id });
  return rows.length > 0;
}

/** Cards whose order ended unpaid: their codes can never be issued, so they are forgotten (decision 059). */
export async function forgetUnpaidCodes(db: DbOrTx): Promise<number> {
  const dead = db.select({ id: orders.id }).from(orders).where(inArray(orders.status, ['cancelled', 'aborted', 'expired', 'terminated']));
  const rows = await db
    .update(giftCards)
    .set({ pendingCode: null })
    .where(and(isNotNull(giftCards.pendingCode), isNull(giftCards.issuedAt), inArray(giftCards.orderId, dead)))
    .returning({ id: giftCards.id });
  return rows.length;
}
