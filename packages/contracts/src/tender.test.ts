import { describe, expect, it } from 'vitest';
import { describePayments } from './tender';
import { centsToKhrChange, centsToKhrDue, khrToCents, settleTender, type SaleRates } from './tender';

const rates: SaleRates = { khrPerUsd: 4100, khrChangePerUsd: 4000, rielStep: 100 };
const cash = (currency: 'USD' | 'KHR', amount: number) => ({ methodKey: 'cash', currency, amount });

describe('settling a tender in dollars and riel', () => {
  it('credits riel rounded down to the cent, and asks for riel rounded up to the step', () => {
    expect(khrToCents(20_000, 4100)).toBe(487); // 487.8
    expect(khrToCents(4_100, 4100)).toBe(100);
    expect(centsToKhrDue(1100, { khrPerUsd: 4100, rielStep: 100 })).toBe(45_100);
    expect(centsToKhrDue(1100, { khrPerUsd: 4100, rielStep: 1000 })).toBe(46_000);
    expect(centsToKhrDue(0, rates)).toBe(0);
    // What is asked for in riel always covers what is owed once credited back.
    for (const owed of [1, 99, 487, 1100, 12_345]) expect(khrToCents(centsToKhrDue(owed, rates), rates.khrPerUsd)).toBeGreaterThanOrEqual(owed);
  });

  it('gives change as whole dollars and the rest in riel at the change rate, rounded down', () => {
    // $10 + ៛10,000 (243 cents) for $11.00: change 143 cents: $1 and 43 cents at 4,000 = ៛1,720 → ៛1,700.
    const outcome = settleTender([cash('USD', 1000), cash('KHR', 10_000)], 1100, rates);
    expect(outcome).toMatchObject({ paidCents: 1243, dueCents: 0, changeCents: 143, change: { usdCents: 100, khr: 1700 }, changeAllKhr: 5700, covered: true, nonCashOver: false });
    expect(settleTender([cash('USD', 1000), cash('KHR', 10_000)], 1100, rates, 'KHR').change).toEqual({ usdCents: 0, khr: 5700 });
    expect(centsToKhrChange(143, { khrChangePerUsd: 4000, rielStep: 500 })).toBe(5500);
    expect(centsToKhrChange(143, { khrChangePerUsd: 4000, rielStep: 1000 })).toBe(5000);
  });

  it('gives all the change in riel to a customer who paid cash only in riel', () => {
    const outcome = settleTender([cash('KHR', 50_000)], 1100, rates);
    expect(outcome).toMatchObject({ changeCents: 119, change: { usdCents: 0, khr: 4700 } });
  });

  it('says what is still owed in both currencies, and that card cannot go beyond the total', () => {
    const short = settleTender([cash('USD', 500), { methodKey: 'card', currency: 'USD', amount: 300 }], 1100, rates);
    expect(short).toMatchObject({ covered: false, dueCents: 300, dueKhr: 12_300, changeCents: 0 });
    expect(settleTender([{ methodKey: 'card', currency: 'USD', amount: 1200 }], 1100, rates).nonCashOver).toBe(true);
    expect(settleTender([{ methodKey: 'khqr', currency: 'KHR', amount: 45_100 }], 1100, rates)).toMatchObject({ nonCashOver: false, covered: true, changeCents: 0 });
  });
});

describe('payments in one line', () => {
  const format = { usd: (d: number) => `$${d.toFixed(2)}`, khr: (r: number) => `៛${r.toLocaleString('en-US')}` };
  const p = (method: string, currency: 'USD' | 'KHR', amount: number) => ({ method, currency, amount, value: 0 });
  it('names the method alone when one method in dollars paid, and lists amounts when they mix', () => {
    expect(describePayments([p('KHQR', 'USD', 11)], format)).toBe('KHQR');
    expect(describePayments([p('Cash', 'USD', 20)], format)).toBe('Cash');
    expect(describePayments([p('Cash', 'KHR', 50_000)], format)).toBe('Cash ៛50,000');
    expect(describePayments([p('Cash', 'USD', 10), p('Cash', 'KHR', 2000)], format)).toBe('Cash $10.00 + ៛2,000');
    expect(describePayments([p('Cash', 'USD', 5), p('Cash', 'KHR', 20_000), p('Card', 'USD', 1.13)], format)).toBe('Cash $5.00 + ៛20,000 + Card $1.13');
    expect(describePayments([], format)).toBe('');
  });
});
