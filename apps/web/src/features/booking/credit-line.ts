import { formatKr, krToOre, ore, type Ore } from '@/lib/format';

/** Below this the rest is not charged: the order is paid by credit (the server's MIN_VIPPS_ORE, issue 38). */
const MIN_VIPPS_ORE = 100;

/** The booking dialog's line under the price when the family has credit: the credit is used first, Vipps takes the rest. */
export function creditLine(priceKr: number, creditOre: Ore): string | null {
  const priceOre = krToOre(priceKr);
  const fromCredit = ore(Math.min(Math.max(0, creditOre), priceOre));
  if (fromCredit <= 0) return null;
  const rest = ore(priceOre - fromCredit);
  if (rest < MIN_VIPPS_ORE) return `Betales med tilgode (${formatKr(krToOre(priceKr))}).`;
  return `${formatKr(fromCredit)} trekkes fra tilgodehavendet, ${formatKr(rest)} betales med Vipps.`;
}
