import { pgView, text, timestamp } from 'drizzle-orm/pg-core';
import { oreColumn } from './columns';

/** The family ledger (decision 055): every movement of money or credit as an entry, a read-only view. */
export const familyLedgerEntries = pgView('family_ledger_entries', {
  /** The recording row's id (an order event, a credit entry, a date choice): a receipt's id. */
  id: text('id').notNull(),
  profileId: text('profile_id'),
  orderId: text('order_id'),
  kind: text('kind').notNull(),
  /** Signed øre: + what the family has with the school grows, - it shrinks. */
  amountOre: oreColumn('amount_ore').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  /** Vipps' pspReference (capture, refund), the credit entry's reason, or the cancelled date's id (make-up). */
  ref: text('ref').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}).existing();
