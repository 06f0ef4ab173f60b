import { describe, expect, it } from 'vitest';
import { refundKhr, refundLineAmounts, refundTotalCents, type RefundableLine } from './refund';

// 2 lattes (4.00) and 3 croissants (5.40), total 10.34 with tax: shares 4.40 and 5.94.
const lines: RefundableLine[] = [
  { id: 1, quantity: 2, refunded_qty: 0, line_total_cents: 400, refunded_cents: 0 },
  { id: 2, quantity: 3, refunded_qty: 0, line_total_cents: 540, refunded_cents: 0 },
];

describe('a refund’s money', () => {
  it('gives each line its share of the total, and the last units what is left of it', () => {
    expect(refundLineAmounts(1034, lines, new Map([[2, 1]]))).toEqual([{ id: 2, quantity: 1, amount: 198 }]);
    // Two croissants later: 5.94 − 1.98 already back = 3.96, so the line adds up to its share.
    const later = [lines[0]!, { ...lines[1]!, refunded_qty: 1, refunded_cents: 198 }];
    expect(refundLineAmounts(1034, later, new Map([[2, 2]]))).toEqual([{ id: 2, quantity: 2, amount: 396 }]);
    expect(refundTotalCents(1034, lines, new Map([[1, 2], [2, 3]]))).toBe(1034);
    expect(refundLineAmounts(1034, lines, new Map([[1, 0]]))).toEqual([]);
  });

  it('hands riel back at the rate given, rounded up to the step', () => {
    // 2.50 at 4,100 = 10,250 → 10,300; at 4,000 exactly 10,000.
    expect(refundKhr(250, { khrPerUsd: 4100, rielStep: 100 })).toBe(10_300);
    expect(refundKhr(250, { khrPerUsd: 4000, rielStep: 100 })).toBe(10_000);
    expect(refundKhr(250, { khrPerUsd: 4100, rielStep: 500 })).toBe(10_500);
    expect(refundKhr(0, { khrPerUsd: 4100, rielStep: 100 })).toBe(0);
  });
});
