import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, SUPPLY_STATUSES, type Supply } from '@shop/contracts/supply';
import { REPORT_FILES } from '@shop/contracts/report';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Column } from '@/components/ui/table';
import { enumLabel, enumOptions } from '@/lib/enum-labels';
import { formatMoney } from '@/lib/format';
import { ReportScreen } from './report-screen';

type Totals = { orders: number; items: number; qty: number; subtotal: number; tax: number; freight: number; total: number };

const STATUS_TONES: Record<Supply['status'], BadgeTone> = { Received: 'success', Pending: 'warning', Cancelled: 'neutral' };

/** The purchase report (docs/screens.md, "Reports"): the PO is the invoice id, else 'PO-' and the id. */
export function PurchaseReportPage() {
  const { t } = useTranslation();
  const money = 'text-right tabular-nums';
  const columns: Column<Supply>[] = [
    { id: 'date', header: t('Date'), minor: true, cell: (supply) => supply.invoice_date.slice(0, 10) },
    { id: 'po', header: t('PO'), cell: (supply) => <span className="font-mono text-xs">{supply.invoice_id || `PO-${supply.id}`}</span> },
    { id: 'supplier', header: t('Supplier'), minor: true, wrap: true, cell: (supply) => supply.supplier_name },
    { id: 'ref', header: t('Ref'), minor: true, wrap: true, cell: (supply) => supply.reference ?? '-' },
    { id: 'items', header: t('Items'), minor: true, className: 'text-right tabular-nums', cell: (supply) => supply.items_count },
    { id: 'qty', header: t('Qty'), minor: true, className: 'text-right tabular-nums', cell: (supply) => supply.total_qty },
    { id: 'subtotal', header: t('Subtotal'), minor: true, className: money, cell: (supply) => formatMoney(supply.subtotal) },
    { id: 'tax', header: t('Tax'), minor: true, className: money, cell: (supply) => formatMoney(supply.tax) },
    { id: 'freight', header: t('Freight'), minor: true, className: money, cell: (supply) => formatMoney(supply.freight) },
    { id: 'total', header: t('Total'), className: money, cell: (supply) => formatMoney(supply.total) },
    { id: 'payment', header: t('Payment'), minor: true, cell: (supply) => (supply.payment_method ? enumLabel('payment', supply.payment_method, t) : '-') },
    { id: 'status', header: t('Status'), cell: (supply) => <Badge tone={STATUS_TONES[supply.status]}>{enumLabel('supplyStatus', supply.status, t)}</Badge> },
  ];
  const all = { value: '', label: t('All') };
  return (
    <ReportScreen<Supply, Totals>
      title={t('Purchase Report')}
      path="/supplies"
      fileName={REPORT_FILES.purchases}
      perPage={8}
      filters={[
        { id: 'payment', label: t('Payment'), options: [all, ...enumOptions('payment', PAYMENT_METHODS, t)] },
        { id: 'status', label: t('Status'), options: [all, ...enumOptions('supplyStatus', SUPPLY_STATUSES, t)] },
      ]}
      columns={columns}
      rowKey={(supply) => supply.id}
      cards={(totals) => [
        { label: t('Orders'), value: String(totals.orders) },
        { label: t('Items'), value: String(totals.items) },
        { label: t('Qty'), value: String(totals.qty) },
        { label: t('Subtotal'), value: formatMoney(totals.subtotal) },
        { label: t('Total'), value: formatMoney(totals.total) },
      ]}
      footer={(totals) => ({
        date: t('Total'),
        items: totals.items,
        qty: totals.qty,
        subtotal: formatMoney(totals.subtotal),
        tax: formatMoney(totals.tax),
        freight: formatMoney(totals.freight),
        total: formatMoney(totals.total),
      })}
      emptyText={t('No purchases match your filters.')}
      loadingText={t('Loading purchases…')}
      errorText={t('Failed to load purchases')}
    />
  );
}
