import { useTranslation } from 'react-i18next';
import type { OfflineFlag } from '@shop/contracts/offline-sale';
import { TablePanel } from '@/components/ui/table-panel';
import { formatMoney } from '@/lib/format';
import { useOfflineReview } from '../api/get-offline-review';

/**
 * "Sold offline: to review" on the Sales Report (docs/decisions/0016-offline-selling.md): what
 * the server found when sales made offline arrived. Stock that ran short (on hand went below
 * zero), a price the till charged that the catalogue no longer had, a shift closed meanwhile.
 */
export function OfflineReviewPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const review = useOfflineReview();
  const rows = review.data?.data ?? [];
  const columns = [
    [t('Sale'), 'pr-3 text-left'],
    [t('What'), 'px-3 text-left'],
    [t('Details'), 'pl-3 text-right'],
  ] as const;
  return (
    <TablePanel
      title={t('Sold offline: to review')}
      description={t('Sales made while the till was offline are recorded as sold. Here is what differed from the server’s figures when they arrived.')}
      query={review}
      loadingText={t('Loading offline sales…')}
      errorText={t('Failed to load offline sales')}
      emptyText={t('Nothing to review: every offline sale matched.')}
      empty={rows.length === 0}
      columns={columns}
      scroll
      className={className}
    >
      {rows.map((flag) => (
        <tr key={flag.id}>
          <td className="py-1.5 pr-3 whitespace-nowrap">
            <span className="font-mono text-xs text-slate-900 dark:text-white">{flag.sale_code}</span>
            <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">{flag.offline_number}</span>
          </td>
          <td className="px-3 py-1.5 text-slate-700 dark:text-slate-200">
            {flagText(flag, t)}
            {flag.product ? <span className="block text-xs text-slate-500 dark:text-slate-400">{flag.product.name}</span> : null}
          </td>
          <td className="py-1.5 pl-3 text-right text-slate-600 tabular-nums dark:text-slate-300">{flagDetails(flag, t)}</td>
        </tr>
      ))}
    </TablePanel>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function flagText(flag: OfflineFlag, t: T): string {
  if (flag.kind === 'short_stock') return t('Sold with too little stock');
  if (flag.kind === 'price') return t('Sold at another price');
  return t('Shift closed before it arrived');
}

function flagDetails(flag: OfflineFlag, t: T): string {
  if (flag.kind === 'short_stock') return t('{{quantity}} sold, on hand {{onHand}}', { quantity: flag.quantity ?? 0, onHand: flag.on_hand_after ?? 0 });
  if (flag.kind === 'price' && flag.till_price !== null && flag.catalogue_price !== null) {
    return t('{{till}} at the till, {{catalogue}} now ({{difference}})', {
      till: formatMoney(flag.till_price),
      catalogue: formatMoney(flag.catalogue_price),
      difference: formatMoney(flag.difference ?? 0),
    });
  }
  return '';
}
