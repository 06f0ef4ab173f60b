import type { TFunction } from 'i18next';
import { describePayments } from '@shop/contracts/tender';
import type { Sale } from '@shop/contracts/sale';
import { enumLabel } from '@/lib/enum-labels';
import { formatMoney, formatRiel } from '@/lib/format';

/**
 * A sale's payments in one line, as lists, receipts and the change screen show them: "Cash $10.00
 * + ៛2,000 + Card $1.13", or the method alone when one payment paid the total ("KHQR"). A sale
 * from before payments were split has none listed: its method then.
 */
export function paymentsText(sale: Pick<Sale, 'payments' | 'payment_method'>, t: TFunction): string {
  const taken = sale.payments.filter((payment) => payment.kind === 'sale');
  if (taken.length === 0) return enumLabel('payment', sale.payment_method, t);
  return describePayments(taken, { usd: formatMoney, khr: formatRiel, method: (label) => enumLabel('payment', label, t) });
}
