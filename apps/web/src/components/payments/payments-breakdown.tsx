import { useTranslation } from 'react-i18next';
import type { PaymentTotal } from '@shop/contracts/payment-totals';
import { TablePanel } from '@/components/ui/table-panel';
import { enumLabel } from '@/lib/enum-labels';
import { formatMoney, formatRiel } from '@/lib/format';
import { usePaymentTotals, type PaymentTotalsParams } from './payment-totals';

/** Dollars or riel, a minus before the sign: "-$5.25", "-៛10,300". */
export const amountText = (currency: PaymentTotal['currency'], amount: number) => {
  const text = currency === 'KHR' ? formatRiel(Math.abs(amount)) : formatMoney(Math.abs(amount));
  return amount < 0 ? `-${text}` : text;
};

/**
 * What each payment method brought in over the period, dollars and riel apart: payments and
 * settlements on the day they were taken, less change and less refunds on the day they were made
 * (GET /reports/payments). The Sales Report shows it for its period, the Dashboard for its 30 days.
 */
export function PaymentsBreakdown({ from, to, till_id, className }: PaymentTotalsParams & { className?: string }) {
  const { t } = useTranslation();
  const totals = usePaymentTotals({ from: from || undefined, to: to || undefined, till_id });
  const rows = totals.data?.data ?? [];
  const columns = [
    [t('Method'), 'pr-3 text-left'],
    [t('Currency'), 'px-3 text-left'],
    [t('Refunds'), 'px-3 text-right'],
    [t('Amount'), 'pl-3 text-right'],
  ] as const;
  return (
    <TablePanel
      title={t('Takings by method')}
      description={t('Taken on each day, less change and refunds; dollars and riel apart.')}
      query={totals}
      loadingText={t('Loading payments…')}
      errorText={t('Failed to load payments')}
      emptyText={t('No payments in this period.')}
      empty={rows.length === 0}
      columns={columns}
      className={className}
    >
      {rows.map((row) => (
        <tr key={`${row.method_key}-${row.currency}`}>
          <td className="py-1.5 pr-3 text-slate-900 dark:text-white">{enumLabel('payment', row.method, t)}</td>
          <td className="px-3 py-1.5 text-slate-600 dark:text-slate-300">{row.currency === 'KHR' ? t('Riel') : t('Dollars')}</td>
          <td className="px-3 py-1.5 text-right text-slate-600 tabular-nums dark:text-slate-300">
            {row.refunded ? amountText(row.currency, -row.refunded) : '—'}
          </td>
          <td className="py-1.5 pl-3 text-right font-semibold text-slate-900 tabular-nums dark:text-white">{amountText(row.currency, row.amount)}</td>
        </tr>
      ))}
    </TablePanel>
  );
}
