import { krToOre, osloDateKey, priceOrder, type DiscountRule, type Ore, type PriceBreakdown, type Season } from '@app/shared';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import * as orders from '../../repos/orders.repo';
import { lockProfile } from '../../repos/profiles.repo';
import { seasonOn } from '../seasons/season-on';
import { currentSettings } from '../settings/settings';
import { checkCode, type CodeFacts, type CodeRule } from './discount-codes';
import { availableCredit } from './entries';

/**
 * An order's price at a payment start (decision 058): the shared rule `priceOrder` with the facts read here, the
 * sibling discount in force, the season of the course, the family's booked children in it and its credit.
 */

/** What a payment start reads before the lock: the 'siblingDiscount' version and its rule today, the course's season. */
export type PriceRules = { siblingVersion: number; sibling: DiscountRule | null; season: Season | null };

export async function priceRules(ctx: ServiceContext, firstDate: Date | string | undefined): Promise<PriceRules> {
  const { version, value } = await currentSettings(ctx, 'siblingDiscount');
  const inForce = value.type !== 'off' && osloDateKey(ctx.clock.now()) >= value.from;
  const sibling = !inForce ? null : value.type === 'percent' ? { percent: value.percent } : { amountOre: krToOre(value.amountKr) };
  const season = sibling && firstDate ? await seasonOn(ctx.db, firstDate) : null;
  return { siblingVersion: version, sibling, season };
}

/**
 * The sibling discount applies to a child of the family after the first booked (paid, or holding a live payment hold)
 * in the course's season, and once per child and season.
 */
export async function siblingApplies(db: DbOrTx, rules: PriceRules, profileId: string, childId: string): Promise<boolean> {
  if (!rules.sibling || !rules.season) return false;
  const booked = await orders.bookedInSeason(db, profileId, rules.season);
  const first = booked[0];
  return !!first && first.childId !== childId && !booked.some((o) => o.childId === childId && o.sibling);
}

type PriceFacts = {
  profileId: string | null;
  childId: string;
  listOre: Ore;
  now: Date;
  /** The discount code the parent gave, and the course it is for (checked under the lock). */
  code?: { text: string; course: CodeFacts['course'] };
};

/** The price as the family would pay it now (the booking dialog's lines); nothing locked. */
export async function quotePrice(db: DbOrTx, rules: PriceRules, facts: PriceFacts, code: CodeRule | null = null): Promise<PriceBreakdown> {
  const { profileId, childId, listOre, now } = facts;
  if (!profileId) return priceOrder({ listOre, code });
  const sibling = (await siblingApplies(db, rules, profileId, childId)) ? rules.sibling : null;
  return priceOrder({ listOre, sibling, code, availableCreditOre: await availableCredit(db, profileId, now) });
}

/**
 * The same, counted again under the family's row lock in the order's transaction: two children booked at the same
 * moment take turns, so one counts the other, and two orders cannot pledge the same credit. A discount code is checked
 * after that, under its own row's lock (course, family, code: always in this order), so its last use goes to one
 * family; `discountCodeId` is the code's when the order has its line.
 */
export async function lockedPrice(tx: DbOrTx, rules: PriceRules, facts: PriceFacts): Promise<PriceBreakdown & { discountCodeId: string | null }> {
  if (facts.profileId) await lockProfile(tx, facts.profileId);
  const code = facts.code ? await checkCode(tx, facts.code.text, { course: facts.code.course, profileId: facts.profileId, now: facts.now }, true) : null;
  const price = await quotePrice(tx, rules, facts, code);
  return { ...price, discountCodeId: code && price.lines.some((l) => l.kind === 'code') ? code.id : null };
}
