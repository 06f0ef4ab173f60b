import { toCents } from '@shop/contracts/money';
import type { Sale } from '@shop/contracts/sale';
import { enumLabel } from '@/lib/enum-labels';
import { formatDate, formatMoney, formatRiel } from '@/lib/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type PaymentRow = { key: string; label: string; value: string };

/** Change as handed back: "$1.00 + ៛1,100", "៛5,200" or "$2.00". */
export function changeText(change: { usdCents: number; khr: number }): string {
  const parts = [...(change.usdCents > 0 ? [formatMoney(change.usdCents / 100)] : []), ...(change.khr > 0 || change.usdCents === 0 ? [formatRiel(change.khr)] : [])];
  return parts.join(' + ');
}

/**
 * How a sale was paid, as its receipt and its details show it, from the figures the sale stored
 * (so a reprint never changes): each payment with its method and currency, what was handed over,
 * the change in dollars and riel, the rate used when riel changed hands, and what is still owed.
 */
export function salePaymentRows(sale: Pick<Sale, 'payments' | 'tendered' | 'change' | 'change_usd' | 'change_khr' | 'khr_per_usd' | 'khr_change_per_usd' | 'balance'>, t: Translate): PaymentRow[] {
  const rows: PaymentRow[] = sale.payments.map((payment) => {
    const method = enumLabel('payment', payment.method, t);
    const amount = payment.currency === 'KHR' ? `${formatRiel(payment.amount)} (${formatMoney(payment.value)})` : formatMoney(payment.amount);
    const label = payment.kind === 'settlement' ? t('{{method}}, paid {{date}}', { method, date: formatDate(payment.business_date) }) : method;
    return { key: `payment-${payment.id}`, label, value: amount };
  });
  if (sale.change > 0) {
    rows.push({ key: 'tendered', label: t('Tendered'), value: formatMoney(sale.tendered) });
    rows.push({ key: 'change', label: t('Change'), value: formatMoney(sale.change) });
    rows.push({ key: 'change-given', label: t('Change given'), value: changeText({ usdCents: toCents(sale.change_usd), khr: sale.change_khr }) });
  }
  const tookRiel = sale.payments.some((payment) => payment.currency === 'KHR') || sale.change_khr > 0;
  if (tookRiel) {
    rows.push({ key: 'rate', label: t('Rate'), value: t('{{riel}} = {{usd}}', { riel: formatRiel(sale.khr_per_usd), usd: formatMoney(1) }) });
    if (sale.change_khr > 0 && sale.khr_change_per_usd !== sale.khr_per_usd) {
      rows.push({ key: 'change-rate', label: t('Rate for change'), value: t('{{riel}} = {{usd}}', { riel: formatRiel(sale.khr_change_per_usd), usd: formatMoney(1) }) });
    }
  }
  if (sale.balance > 0) rows.push({ key: 'balance', label: t('Balance due'), value: formatMoney(sale.balance) });
  return rows;
}
