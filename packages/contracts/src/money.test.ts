import { describe, expect, it } from 'vitest';
import {
  centsToInput,
  centsToRielChange,
  centsToRielDue,
  discountedUnitCents,
  fromBasisPoints,
  fromCents,
  includedTaxCents,
  MAX_AMOUNT,
  money,
  parseAmountToCents,
  parseRiel,
  percent,
  percentOfCents,
  quantity,
  riel,
  rielToCents,
  roundUpTo,
  splitCents,
  sumCents,
  toBasisPoints,
  toCents,
} from './money';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('converting at the edges', () => {
  it('turns dollars into whole cents without binary-fraction noise, and back', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.15)).toBe(115);
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(toCents(1234.56))).toBe(1234.56);
  });

  it('turns percents into basis points and back', () => {
    expect(toBasisPoints(12.5)).toBe(1250);
    expect(toBasisPoints(0.07)).toBe(7);
    expect(fromBasisPoints(1250)).toBe(12.5);
  });

  it('reads what a cashier types in an amount box', () => {
    expect(parseAmountToCents('12.5')).toBe(1250);
    expect(parseAmountToCents('0.10')).toBe(10);
    expect(parseAmountToCents('')).toBeNull();
    expect(parseAmountToCents('-3')).toBeNull();
    expect(parseAmountToCents('abc')).toBeNull();
    expect(centsToInput(1250)).toBe('12.50');
    expect([0, 5, 10, 99, 100, 105, -5, -250, -100, 100_000_000].map(centsToInput)).toEqual(['0.00', '0.05', '0.10', '0.99', '1.00', '1.05', '-0.05', '-2.50', '-1.00', '1000000.00']);
    expect(parseRiel('2000')).toBe(2000);
    expect(parseRiel('1500.9')).toBe(1500);
    expect(parseRiel('')).toBe(0);
    expect(parseRiel('-100')).toBe(0);
  });
});

describe('rounding rules', () => {
  it('rounds a percent of an amount half away from zero on whole cents', () => {
    expect(percentOfCents(5, 1000)).toBe(1); // 0.5 ¢ → 1 ¢
    expect(percentOfCents(15, 1000)).toBe(2); // 1.5 ¢ → 2 ¢
    expect(percentOfCents(14, 1000)).toBe(1); // 1.4 ¢ → 1 ¢
    expect(percentOfCents(350, 1500)).toBe(53); // 52.5 ¢ → 53 ¢
    expect(percentOfCents(0, 1000)).toBe(0);
  });

  it('takes an inclusive tax out of a price rather than adding it', () => {
    expect(includedTaxCents(11_000, 1000)).toBe(1000);
    expect(includedTaxCents(100, 1000)).toBe(9); // 100 − round(90.9) = 9
    expect(includedTaxCents(500, 0)).toBe(0);
  });

  it('discounts per unit, so the unit price after a promotion is whole cents', () => {
    expect(discountedUnitCents(350, 1500)).toBe(297);
    expect(discountedUnitCents(199, 1000)).toBe(179); // 19.9 ¢ off → 20 ¢ off
    expect(discountedUnitCents(1000, 0)).toBe(1000);
    expect(discountedUnitCents(1000, 10_000)).toBe(0);
  });

  it('splits an amount into parts that add up to it exactly', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(splitCents(1099, [500, 250, 250])).toEqual([550, 275, 274]);
    expect(splitCents(0, [1, 2])).toEqual([0, 0]);
    expect(splitCents(500, [0, 0])).toEqual([0, 500]);
    expect(sumCents(splitCents(123_457, [7, 13, 19, 23]))).toBe(123_457);
  });

  it('rounds up to a whole note', () => {
    expect(roundUpTo(1234, 500)).toBe(1500);
    expect(roundUpTo(1500, 500)).toBe(1500);
  });
});

describe('riel at the shop rate', () => {
  it('credits riel handed over rounded down, never more than was given', () => {
    expect(rielToCents(2000, 4000)).toBe(50);
    expect(rielToCents(1000, 4100)).toBe(24); // 24.39 ¢
    expect(rielToCents(0, 4100)).toBe(0);
  });

  it('gives change in riel rounded down to 100 riel, the smallest note in use', () => {
    expect(centsToRielChange(37, 4100)).toBe(1500); // 1,517 ៛
    expect(centsToRielChange(25, 4000)).toBe(1000);
    expect(centsToRielChange(2, 4100)).toBe(0); // 82 ៛: no note that small
  });

  it('asks for an amount due in riel rounded up to 100 riel, so it is covered', () => {
    expect(centsToRielDue(37, 4100)).toBe(1600);
    expect(centsToRielDue(25, 4000)).toBe(1000);
    expect(centsToRielDue(1, 4100)).toBe(100);
  });
});

describe('very large and very small amounts', () => {
  it('keeps the largest amount and a full sale of them exact in cents', () => {
    expect(toCents(MAX_AMOUNT)).toBe(100_000_000);
    expect(toCents(999_999.99)).toBe(99_999_999);
    const lines = Array.from({ length: 500 }, () => toCents(999_999.99));
    expect(sumCents(lines)).toBe(49_999_999_500);
    expect(Number.isSafeInteger(sumCents(lines) * 10_000)).toBe(true);
    expect(percentOfCents(sumCents(lines), 1000)).toBe(4_999_999_950);
  });

  it('keeps one cent one cent', () => {
    expect(toCents(0.01)).toBe(1);
    expect(percentOfCents(1, 4999)).toBe(0);
    expect(percentOfCents(1, 5000)).toBe(1);
    expect(rielToCents(41, 4100)).toBe(1);
  });
});

describe('the validation building blocks', () => {
  it('money: 0 or more, at most the one limit, at most 2 decimals', () => {
    const price = money('Price');
    expect(price.safeParse(19.99).success).toBe(true);
    expect(price.safeParse(0).success).toBe(true);
    expect(price.safeParse(MAX_AMOUNT).success).toBe(true);
    expect(price.safeParse(0.1 + 0.2).success).toBe(true);
    expect(messageOf(price.safeParse(19.999))).toBe('Price can have at most 2 decimals.');
    expect(messageOf(price.safeParse(-1))).toBe('Price must be 0 or more.');
    expect(messageOf(price.safeParse(MAX_AMOUNT + 0.01))).toBe('Price must be at most 1,000,000.');
    expect(messageOf(price.safeParse('2.50'))).toBe('Price is required.');
    expect(messageOf(money('Unit price', { invalid: 'Unit price must be ≥ 0.' }).safeParse(-0.01))).toBe('Unit price must be ≥ 0.');
  });

  it('percent: 0 to 100 with at most 2 decimals', () => {
    const rate = percent('Tax rate');
    expect(rate.safeParse(12.5).success).toBe(true);
    expect(rate.safeParse(100).success).toBe(true);
    expect(messageOf(rate.safeParse(100.01))).toBe('Tax rate must be between 0 and 100.');
    expect(messageOf(rate.safeParse(12.345))).toBe('Tax rate can have at most 2 decimals.');
    expect(messageOf(percent('Discount', { invalid: 'Discount must be between 0 and 100.' }).safeParse(Number.NaN))).toBe('Discount must be between 0 and 100.');
  });

  it('quantity and riel: whole numbers within their limits', () => {
    const qty = quantity('Quantity').min(1, 'Quantity must be at least 1.');
    expect(qty.safeParse(3).success).toBe(true);
    expect(messageOf(qty.safeParse(0))).toBe('Quantity must be at least 1.');
    expect(messageOf(qty.safeParse(1.5))).toBe('Quantity must be a whole number.');
    expect(messageOf(qty.safeParse(1_000_001))).toBe('Quantity is too large.');
    expect(quantity('Quantity').safeParse(-2).success).toBe(true);
    expect(riel('Riel tendered').safeParse(2000).success).toBe(true);
    expect(messageOf(riel('Riel tendered').safeParse(-100))).toBe('Riel tendered must be 0 or more.');
  });
});
