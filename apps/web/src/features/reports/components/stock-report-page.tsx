import { useTranslation } from 'react-i18next';
import { REPORT_FILES, STOCK_STATES, type StockReportRow } from '@shop/contracts/report';
import { Badge } from '@/components/ui/badge';
import { ClampedText } from '@/components/ui/clamped-text';
import type { Column } from '@/components/ui/table';
import { enumLabel, enumOptions } from '@/lib/enum-labels';
import { formatMoney } from '@/lib/format';
import { useCategoryOptions } from '../api/get-category-options';
import { ReportScreen } from './report-screen';

type Totals = { skus: number; openingQty: number; closingQty: number; purchases: number; sales: number; adjustments: number; valuation: number };

/** The stock report (docs/screens.md, "Reports"): per product over the range, from the stock ledger. */
export function StockReportPage() {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const number = 'text-right tabular-nums';
  const columns: Column<StockReportRow>[] = [
    { id: 'product', header: t('Product'), wrap: true, cell: (row) => <ClampedText text={row.name} className="font-medium text-slate-900 dark:text-white" /> },
    { id: 'sku', header: t('SKU'), minor: true, cell: (row) => <span className="font-mono text-xs">{row.sku}</span> },
    { id: 'category', header: t('Category'), minor: true, wrap: true, cell: (row) => row.category },
    { id: 'unit', header: t('Unit'), minor: true, cell: (row) => row.unit },
    { id: 'unitCost', header: t('Unit Cost'), minor: true, className: number, cell: (row) => formatMoney(row.unitCost) },
    { id: 'opening', header: t('Opening'), minor: true, className: number, cell: (row) => row.openingQty },
    { id: 'purchases', header: t('Purchases'), minor: true, className: number, cell: (row) => row.purchasedQty },
    { id: 'sales', header: t('Sales'), minor: true, className: number, cell: (row) => row.soldQty },
    { id: 'adjust', header: t('Adjust'), minor: true, className: number, cell: (row) => row.adjustedQty },
    { id: 'closing', header: t('Closing'), className: number, cell: (row) => row.closingQty },
    { id: 'valuation', header: t('Valuation'), minor: true, className: number, cell: (row) => formatMoney(row.valuation) },
    {
      id: 'state',
      header: t('State'),
      cell: (row) => <Badge tone={row.state === 'Normal' ? 'success' : row.state === 'Expired' ? 'warning' : 'danger'}>{enumLabel('stockState', row.state, t)}</Badge>,
    },
  ];
  const all = { value: '', label: t('All') };
  return (
    <ReportScreen<StockReportRow, Totals>
      title={t('Stock Report')}
      path="/stock-report"
      fileName={REPORT_FILES.stock}
      perPage={10}
      filters={[
        { id: 'category', label: t('Category'), options: [all, ...(categories.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))] },
        { id: 'state', label: t('Stock State'), options: [all, ...enumOptions('stockState', STOCK_STATES, t)] },
      ]}
      columns={columns}
      rowKey={(row) => row.productId}
      cards={(totals) => [
        { label: t('SKUs'), value: String(totals.skus) },
        { label: t('Opening Qty'), value: String(totals.openingQty) },
        { label: t('Closing Qty'), value: String(totals.closingQty) },
        { label: t('Purchases'), value: String(totals.purchases) },
        { label: t('Valuation'), value: formatMoney(totals.valuation) },
      ]}
      footer={(totals) => ({
        product: t('Total'),
        opening: totals.openingQty,
        purchases: totals.purchases,
        sales: totals.sales,
        adjust: totals.adjustments,
        closing: totals.closingQty,
        valuation: formatMoney(totals.valuation),
      })}
      emptyText={t('No products match your filters.')}
      errorText={t('Failed to load stock')}
    />
  );
}
