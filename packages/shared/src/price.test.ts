import { describe, expect, it } from 'vitest';
import { ore } from './money';
import { discountLabel, discountOf, priceOrder, splitPrice, type DiscountRule } from './price';

const pct = (percent: number): DiscountRule => ({ percent });
const kr = (n: number): DiscountRule => ({ amountOre: ore(n * 100) });
const sum = (xs: readonly { amountOre: number }[]) => xs.reduce((s, x) => s + x.amountOre, 0);

describe('discountOf', () => {
  it('rounds a percentage down to whole øre and never passes the price', () => {
    expect(discountOf(pct(10), ore(100_001))).toBe(10_000);
    expect(discountOf(pct(15), ore(33_333))).toBe(4_999);
    expect(discountOf(pct(100), ore(33_333))).toBe(33_333);
    expect(discountOf(kr(340), ore(100_000))).toBe(34_000);
    expect(discountOf(kr(340), ore(20_000))).toBe(20_000);
    expect(discountOf(pct(0), ore(20_000))).toBe(0);
  });
});

describe('priceOrder', () => {
  it('without discounts or credit: the list price to Vipps', () => {
    expect(priceOrder({ listOre: ore(170_000) })).toEqual({ listOre: 170_000, lines: [], priceOre: 170_000, creditOre: 0, vippsOre: 170_000, paidByCredit: false });
  });

  it('sibling discount alone, as a percentage or an amount', () => {
    expect(priceOrder({ listOre: ore(170_000), sibling: pct(20) })).toMatchObject({ lines: [{ kind: 'sibling', amountOre: 34_000 }], priceOre: 136_000, vippsOre: 136_000 });
    expect(priceOrder({ listOre: ore(170_000), sibling: kr(340) })).toMatchObject({ lines: [{ kind: 'sibling', amountOre: 34_000 }], vippsOre: 136_000 });
  });

  it('a code alone keeps its text on the line', () => {
    expect(priceOrder({ listOre: ore(170_000), code: { ...kr(100), code: 'VAR-10' } })).toMatchObject({ lines: [{ kind: 'code', amountOre: 10_000, code: 'VAR-10' }], vippsOre: 160_000 });
  });

  it('the code meets the price after the sibling discount', () => {
    const p = priceOrder({ listOre: ore(170_000), sibling: pct(20), code: { ...pct(10), code: 'X' } });
    expect(p.lines).toEqual([{ kind: 'sibling', amountOre: 34_000 }, { kind: 'code', amountOre: 13_600, code: 'X' }]);
    expect(p.priceOre).toBe(122_400);
  });

  it('credit after the discounts, Vipps the rest; a rest below 1 kr is paid by credit', () => {
    expect(priceOrder({ listOre: ore(170_000), sibling: kr(340), availableCreditOre: ore(50_000) })).toMatchObject({ priceOre: 136_000, creditOre: 50_000, vippsOre: 86_000, paidByCredit: false });
    expect(priceOrder({ listOre: ore(170_000), sibling: kr(340), availableCreditOre: ore(135_901) })).toMatchObject({ creditOre: 135_901, vippsOre: 0, paidByCredit: true });
    expect(priceOrder({ listOre: ore(170_000), sibling: kr(340), availableCreditOre: ore(135_900) })).toMatchObject({ creditOre: 135_900, vippsOre: 100, paidByCredit: false });
    expect(priceOrder({ listOre: ore(170_000), code: { ...pct(10), code: 'X' }, availableCreditOre: ore(900_000) })).toMatchObject({ creditOre: 153_000, vippsOre: 0, paidByCredit: true });
  });

  it('a discount that takes it all leaves nothing to pay and no credit used; an empty discount adds no line', () => {
    expect(priceOrder({ listOre: ore(20_000), sibling: kr(340), code: { ...pct(50), code: 'X' }, availableCreditOre: ore(5_000) })).toEqual({
      listOre: 20_000, lines: [{ kind: 'sibling', amountOre: 20_000 }], priceOre: 0, creditOre: 0, vippsOre: 0, paidByCredit: false,
    });
  });

  it('a code in every combination: percentage or amount, with or without the sibling discount and credit, to the øre', () => {
    const list = ore(170_001);
    // [sibling, code, credit] → [sibling line, code line, credit, vipps]
    const cases: [DiscountRule | null, DiscountRule, number, [number | null, number, number, number]][] = [
      [null, pct(10), 0, [null, 17_000, 0, 153_001]],
      [null, kr(150), 0, [null, 15_000, 0, 155_001]],
      [pct(20), pct(10), 0, [34_000, 13_600, 0, 122_401]],
      [kr(340), pct(10), 0, [34_000, 13_600, 0, 122_401]],
      [kr(340), kr(150), 0, [34_000, 15_000, 0, 121_001]],
      [null, pct(10), 50_000, [null, 17_000, 50_000, 103_001]],
      [kr(340), kr(150), 50_000, [34_000, 15_000, 50_000, 71_001]],
      [kr(340), pct(10), 122_400, [34_000, 13_600, 122_400, 0]],
      [null, kr(2_000), 50_000, [null, 170_001, 0, 0]],
      [pct(100), pct(10), 0, [170_001, 0, 0, 0]],
    ];
    for (const [sibling, rule, credit, [siblingOre, codeOre, creditOre, vippsOre]] of cases) {
      const p = priceOrder({ listOre: list, sibling, code: { ...rule, code: 'VAR2027' }, availableCreditOre: ore(credit) });
      const label = JSON.stringify({ sibling, rule, credit });
      expect(p.lines.find((l) => l.kind === 'sibling')?.amountOre ?? null, label).toBe(siblingOre);
      expect(p.lines.find((l) => l.kind === 'code')?.amountOre ?? 0, label).toBe(codeOre);
      if (codeOre > 0) expect(p.lines.at(-1), label).toEqual({ kind: 'code', amountOre: codeOre, code: 'VAR2027' });
      expect([p.creditOre, p.vippsOre], label).toEqual([creditOre, vippsOre]);
    }
  });

  it('every combination of uneven prices: the lines add up to the øre', () => {
    const rules = [null, pct(7), pct(33), pct(100), kr(1), kr(340)];
    for (const listOre of [ore(0), ore(1), ore(99), ore(12_345), ore(100_001), ore(166_667)]) {
      for (const sibling of rules) {
        for (const code of rules) {
          for (const availableCreditOre of [ore(0), ore(1), ore(77_777), ore(1_000_000)]) {
            const p = priceOrder({ listOre, sibling, code: code && { ...code, code: 'C' }, availableCreditOre });
            expect(p.lines.every((l) => Number.isInteger(l.amountOre) && l.amountOre > 0)).toBe(true);
            expect(listOre - sum(p.lines)).toBe(p.priceOre);
            expect(p.priceOre).toBeGreaterThanOrEqual(0);
            // What Vipps takes is the price less the credit, but for a rest below 1 kr that is not charged.
            const rest = p.priceOre - p.creditOre;
            expect(p.vippsOre).toBe(p.paidByCredit ? 0 : rest);
            if (p.paidByCredit) expect(rest).toBeLessThan(100);
            expect(p.creditOre).toBeLessThanOrEqual(Math.min(availableCreditOre, p.priceOre));
          }
        }
      }
    }
  });
});

describe('splitPrice', () => {
  it('credit first, Vipps the rest', () => {
    expect(splitPrice(ore(100_001), ore(0))).toEqual({ creditOre: 0, vippsOre: 100_001, paidByCredit: false });
    expect(splitPrice(ore(100_001), ore(99_902))).toEqual({ creditOre: 99_902, vippsOre: 0, paidByCredit: true });
  });
});

describe('discountLabel', () => {
  it('names the line', () => {
    expect(discountLabel({ kind: 'sibling' })).toBe('Søskenrabatt');
    expect(discountLabel({ kind: 'code', code: 'VAR-10' })).toBe('Rabattkode VAR-10');
  });
});
