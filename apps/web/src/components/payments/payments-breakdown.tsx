import { useTranslation } from 'react-i18next';
import type { PaymentTotal } from '@shop/contracts/payment-totals';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
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
  const titleId = 'payments-breakdown-title';
  const columns = [
    [t('Method'), 'pr-3 text-left'],
    [t('Currency'), 'px-3 text-left'],
    [t('Refunds'), 'px-3 text-right'],
    [t('Amount'), 'pl-3 text-right'],
  ] as const;
  return (
    <Card className={cn('px-4 py-3', className)}>
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
          {t('Takings by method')}
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('Taken on each day, less change and refunds; dollars and riel apart.')}</p>
        {totals.isPending ? (
          <Spinner className="mt-3" label={t('Loading payments…')} />
        ) : totals.isError ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
            {t('Failed to load payments')}
            <Button variant="secondary" size="sm" onClick={() => void totals.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('No payments in this period.')}</p>
        ) : (
          <table aria-label={t('Takings by method')} className={cn('mt-2 w-full text-sm', totals.isPlaceholderData && 'opacity-60')}>
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                {columns.map(([label, place]) => (
                  <th key={label} scope="col" className={cn('py-1 font-medium', place)}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
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
            </tbody>
          </table>
        )}
      </section>
    </Card>
  );
}
