import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useModifierSales } from '../api/get-modifier-sales';

/**
 * "Options sold" on the Sales Report: for its period, how many units went with each option
 * (Large, 50 % sugar, Extra shot) and what the options' prices brought (GET /reports/modifiers).
 */
export function ModifierSalesPanel({ from, to, className }: { from: string; to: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const sales = useModifierSales({ from: from || undefined, to: to || undefined });
  const rows = sales.data?.data ?? [];
  const inKhmer = i18n.language === 'kh';
  const titleId = 'modifier-sales-title';
  const columns = [
    [t('Group'), 'pr-3 text-left'],
    [t('Option'), 'px-3 text-left'],
    [t('Units'), 'px-3 text-right'],
    [t('Amount'), 'pl-3 text-right'],
  ] as const;
  return (
    <Card className={cn('px-4 py-3', className)}>
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
          {t('Options sold')}
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('Units sold with each option, and what the options added to the price.')}</p>
        {sales.isPending ? (
          <Spinner className="mt-3" label={t('Loading options sold…')} />
        ) : sales.isError ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
            {t('Failed to load options sold')}
            <Button variant="secondary" size="sm" onClick={() => void sales.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('No options sold in this period.')}</p>
        ) : (
          <div className="mt-2 max-h-80 overflow-y-auto">
            <table aria-label={t('Options sold')} className={cn('w-full text-sm', sales.isPlaceholderData && 'opacity-60')}>
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
                  <tr key={`${row.group}-${row.option}`}>
                    <td className="py-1.5 pr-3 text-slate-600 dark:text-slate-300">{row.group}</td>
                    <td className="px-3 py-1.5 text-slate-900 dark:text-white" lang={inKhmer && row.option_km ? 'km' : undefined}>
                      {inKhmer && row.option_km ? row.option_km : row.option}
                    </td>
                    <td className="px-3 py-1.5 text-right text-slate-600 tabular-nums dark:text-slate-300">{row.quantity}</td>
                    <td className="py-1.5 pl-3 text-right font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Card>
  );
}
