import type { PriceBreakdown } from '@shared/price';
import { formatKr } from '@/lib/format';

/** The booking dialog's line under the price when the family has credit: the credit is used first, Vipps takes the rest. */
export function creditLine(price: Pick<PriceBreakdown, 'priceOre' | 'creditOre' | 'vippsOre' | 'paidByCredit'>): string | null {
  if (price.creditOre <= 0) return null;
  if (price.paidByCredit) return `Betales med tilgode (${formatKr(price.priceOre)}).`;
  return `${formatKr(price.creditOre)} trekkes fra tilgodehavendet, ${formatKr(price.vippsOre)} betales med Vipps.`;
}
