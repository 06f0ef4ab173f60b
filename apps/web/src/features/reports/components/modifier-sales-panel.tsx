import { useTranslation } from 'react-i18next';
import { TablePanel } from '@/components/ui/table-panel';
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
  const columns = [
    [t('Group'), 'pr-3 text-left'],
    [t('Option'), 'px-3 text-left'],
    [t('Units'), 'px-3 text-right'],
    [t('Amount'), 'pl-3 text-right'],
  ] as const;
  return (
    <TablePanel
      title={t('Options sold')}
      description={t('Units sold with each option, and what the options added to the price.')}
      query={sales}
      loadingText={t('Loading options sold…')}
      errorText={t('Failed to load options sold')}
      emptyText={t('No options sold in this period.')}
      empty={rows.length === 0}
      columns={columns}
      scroll
      className={className}
    >
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
    </TablePanel>
  );
}
