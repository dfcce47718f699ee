import { formatKr, ore, percentOfDown, type Ore } from './money';

/**
 * The price of an order (decision 058), one pure rule for the booking dialog and the server: the list price (the
 * pro-rata price the order covers today), then the sibling discount, then at most one discount code, then the family's
 * credit, and Vipps takes the rest. A rest below 1 kr is not charged: the order is paid by credit.
 * A percentage rounds down to whole øre of discount; no discount takes the price below 0.
 */

/** Below this the Vipps part is not charged (paid by credit, issue 38). */
export const MIN_VIPPS_ORE = ore(100);

/** A discount as a rule: a percentage of the price it meets, or an amount in øre. */
export type DiscountRule = { percent: number } | { amountOre: Ore };

/** One discount line of an order, in the order applied. `code` is the discount code's text on a code line. */
export type DiscountLine = { kind: 'sibling' | 'code'; amountOre: Ore; code?: string };

export interface PriceInput {
  listOre: Ore;
  sibling?: DiscountRule | null;
  code?: (DiscountRule & { code: string }) | null;
  /** The family's credit that may be used (before this order). */
  availableCreditOre?: Ore;
}

export interface PriceBreakdown {
  listOre: Ore;
  lines: DiscountLine[];
  /** What the family pays: the list price less the discounts (credit and Vipps together). */
  priceOre: Ore;
  creditOre: Ore;
  vippsOre: Ore;
  paidByCredit: boolean;
}

/** What a rule takes off `priceOre`: a percentage rounded down to whole øre, never more than the price. */
export function discountOf(rule: DiscountRule, priceOre: Ore): Ore {
  const off = 'percent' in rule ? percentOfDown(priceOre, rule.percent) : rule.amountOre;
  return ore(Math.max(0, Math.min(off, priceOre)));
}

/** How a price splits into credit and Vipps. */
export function splitPrice(priceOre: Ore, availableOre: Ore): Pick<PriceBreakdown, 'creditOre' | 'vippsOre' | 'paidByCredit'> {
  const creditOre = ore(Math.min(Math.max(0, availableOre), priceOre));
  const rest = ore(priceOre - creditOre);
  if (creditOre > 0 && rest < MIN_VIPPS_ORE) return { creditOre, vippsOre: ore(0), paidByCredit: true };
  return { creditOre, vippsOre: rest, paidByCredit: false };
}

export function priceOrder({ listOre, sibling, code, availableCreditOre = ore(0) }: PriceInput): PriceBreakdown {
  const lines: DiscountLine[] = [];
  let priceOre = listOre;
  for (const [kind, rule] of [['sibling', sibling], ['code', code]] as const) {
    if (!rule) continue;
    const amountOre = discountOf(rule, priceOre);
    if (amountOre <= 0) continue;
    lines.push(kind === 'code' && code ? { kind, amountOre, code: code.code } : { kind, amountOre });
    priceOre = ore(priceOre - amountOre);
  }
  return { listOre, lines, priceOre, ...splitPrice(priceOre, availableCreditOre) };
}

/** The line's label on screen and in e-mails ('Søskenrabatt', 'Rabattkode VÅR-10'). */
export const discountLabel = (line: Pick<DiscountLine, 'kind' | 'code'>): string =>
  line.kind === 'sibling' ? 'Søskenrabatt' : `Rabattkode ${line.code ?? ''}`.trim();

/** A discount line as the dialog, the payment page and the order views show it: 'Søskenrabatt −340 kr'. */
export const discountText = (line: DiscountLine): string => `${discountLabel(line)} ${formatKr(ore(-line.amountOre))}`;
