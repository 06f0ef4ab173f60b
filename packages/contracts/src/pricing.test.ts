import { describe, expect, it } from 'vitest';
import { bestPromotion, priceSale, type PricingOptions } from './pricing';

const noTax: PricingOptions = { taxEnabled: false, taxInclusive: false, taxRateBp: 0, serviceBp: 0 };
const tax10: PricingOptions = { taxEnabled: true, taxInclusive: false, taxRateBp: 1000, serviceBp: 0 };

describe('pricing a sale', () => {
  it('adds lines at their catalogue price when nothing else applies', () => {
    const pricing = priceSale(
      [
        { quantity: 2, unitPriceCents: 250, discountBp: 0 },
        { quantity: 1, unitPriceCents: 199, discountBp: 0 },
      ],
      noTax,
    );
    expect(pricing).toMatchObject({
      lines: [
        { grossCents: 500, discountCents: 0, lineTotalCents: 500 },
        { grossCents: 199, discountCents: 0, lineTotalCents: 199 },
      ],
      grossCents: 699,
      discountCents: 0,
      subtotalCents: 699,
      taxCents: 0,
      serviceCents: 0,
      totalCents: 699,
    });
  });

  it('adds an exclusive tax on the subtotal, rounded at the half cent', () => {
    // 10 % of $2.45 is 24.5 ¢: rounds up to 25 ¢.
    const pricing = priceSale([{ quantity: 1, unitPriceCents: 245, discountBp: 0 }], tax10);
    expect(pricing.taxCents).toBe(25);
    expect(pricing.totalCents).toBe(270);
  });

  it('takes an inclusive tax out of the prices and leaves the total alone', () => {
    const pricing = priceSale([{ quantity: 1, unitPriceCents: 1100, discountBp: 0 }], { ...tax10, taxInclusive: true });
    expect(pricing.taxCents).toBe(100);
    expect(pricing.subtotalCents).toBe(1100);
    expect(pricing.totalCents).toBe(1100);
  });

  it('charges no tax when it is turned off, whatever the rate', () => {
    expect(priceSale([{ quantity: 1, unitPriceCents: 1000, discountBp: 0 }], { ...tax10, taxEnabled: false }).taxCents).toBe(0);
  });

  it('applies a promotion per unit, then tax and service on what the goods sell for', () => {
    // $3.50 at 15 % off is $2.97 a unit (52.5 ¢ off rounds to 53 ¢); three of them are $8.91.
    const pricing = priceSale([{ quantity: 3, unitPriceCents: 350, discountBp: 1500 }], { ...tax10, serviceBp: 500 });
    expect(pricing.lines[0]).toMatchObject({ grossCents: 1050, discountCents: 159, lineTotalCents: 891 });
    expect(pricing.subtotalCents).toBe(891);
    expect(pricing.taxCents).toBe(89); // 89.1 ¢
    expect(pricing.serviceCents).toBe(45); // 44.55 ¢
    expect(pricing.totalCents).toBe(891 + 89 + 45);
  });

  it('adds service on top of an inclusive tax', () => {
    const pricing = priceSale([{ quantity: 1, unitPriceCents: 1100, discountBp: 0 }], { taxEnabled: true, taxInclusive: true, taxRateBp: 1000, serviceBp: 1000 });
    expect(pricing.taxCents).toBe(100);
    expect(pricing.serviceCents).toBe(110);
    expect(pricing.totalCents).toBe(1210);
  });

  it('prices two lines of one product the same as one line of two', () => {
    const one = priceSale([{ quantity: 2, unitPriceCents: 199, discountBp: 1250 }], tax10);
    const two = priceSale(
      [
        { quantity: 1, unitPriceCents: 199, discountBp: 1250 },
        { quantity: 1, unitPriceCents: 199, discountBp: 1250 },
      ],
      tax10,
    );
    expect(two.totalCents).toBe(one.totalCents);
    expect(two.discountCents).toBe(one.discountCents);
  });

  it('stays exact in whole cents for very large sales', () => {
    // 500 lines of 1,000 × $999,999.99 at 33.33 % off: $666,699.99 a unit after 33,330,000 ¢ off.
    const lines = Array.from({ length: 500 }, () => ({ quantity: 1000, unitPriceCents: 99_999_999, discountBp: 3333 }));
    const pricing = priceSale(lines, { taxEnabled: true, taxInclusive: false, taxRateBp: 1000, serviceBp: 1000 });
    expect(pricing.subtotalCents).toBe(500 * 1000 * 66_669_999);
    expect(pricing.taxCents).toBe(3_333_499_950_000);
    expect(pricing.totalCents).toBe(33_334_999_500_000 + 2 * 3_333_499_950_000);
    expect(Number.isSafeInteger(pricing.totalCents)).toBe(true);
  });

  it('prices an empty sale at nothing', () => {
    expect(priceSale([], tax10).totalCents).toBe(0);
  });
});

describe('discounts given by hand', () => {
  it('takes a line discount after the promotion, and tax on what is left', () => {
    // $4.00 × 2 at 10 % promotion = $7.20; 25 % off that by hand = $1.80; tax 10 % on $5.40.
    const pricing = priceSale([{ quantity: 2, unitPriceCents: 400, discountBp: 1000, handDiscount: { type: 'percent', value: 25 } }], tax10);
    expect(pricing.lines[0]).toMatchObject({ grossCents: 800, promotionCents: 80, handCents: 180, orderShareCents: 0, discountCents: 260, lineTotalCents: 540 });
    expect(pricing.taxCents).toBe(54);
    expect(pricing.totalCents).toBe(594);
  });

  it('cuts an amount beyond the line to the line, and says what was asked', () => {
    const pricing = priceSale([{ quantity: 1, unitPriceCents: 250, discountBp: 0, handDiscount: { type: 'amount', value: 3 } }], noTax);
    expect(pricing.lines[0]).toMatchObject({ handAskedCents: 300, handCents: 250, lineTotalCents: 0 });
    expect(pricing.totalCents).toBe(0);
  });

  it('shares an order discount over the lines to the cent, after their own discounts', () => {
    const pricing = priceSale(
      [
        { quantity: 1, unitPriceCents: 300, discountBp: 0 },
        { quantity: 1, unitPriceCents: 200, discountBp: 0, handDiscount: { type: 'amount', value: 1 } },
        { quantity: 3, unitPriceCents: 100, discountBp: 0 },
      ],
      { ...noTax, orderDiscount: { type: 'amount', value: 1 } },
    );
    // Lines come to $3.00, $1.00 and $3.00 before the order's $1.00: shared 43 + 14 + 43 cents.
    expect(pricing.lines.map((line) => line.orderShareCents)).toEqual([43, 14, 43]);
    expect(pricing.orderDiscountCents).toBe(100);
    expect(pricing.discountCents).toBe(200);
    expect(pricing.subtotalCents).toBe(600);
    expect(pricing.lines.reduce((sum, line) => sum + line.lineTotalCents, 0)).toBe(600);
  });

  it('takes a percent order discount of what the lines come to', () => {
    const pricing = priceSale([{ quantity: 3, unitPriceCents: 333, discountBp: 0 }], { ...tax10, orderDiscount: { type: 'percent', value: 10 } });
    expect(pricing.orderDiscountCents).toBe(100); // 99.9 ¢
    expect(pricing.subtotalCents).toBe(899);
    expect(pricing.taxCents).toBe(90);
  });
});

describe("a product's best promotion", () => {
  const promotions = [
    { id: 1, discountBp: 1000, active: true, validUntil: null },
    { id: 2, discountBp: 2500, active: true, validUntil: '2026-11-20' },
    { id: 3, discountBp: 5000, active: false, validUntil: null },
    { id: 4, discountBp: 1500, active: true, validUntil: '2026-11-23' },
  ];

  it('takes the largest discount among those active and not expired', () => {
    expect(bestPromotion(promotions, '2026-11-23')?.id).toBe(4);
    expect(bestPromotion(promotions, '2026-11-20')?.id).toBe(2);
    expect(bestPromotion(promotions, '2026-11-24')?.id).toBe(1);
    expect(bestPromotion([], '2026-11-23')).toBeNull();
  });
});
