import { paymentsText } from '@/lib/payments-text';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SALE_CHANNELS, SALE_STATUSES, type Sale, type saleTotalsSchema } from '@shop/contracts/sale';
import { PAYMENT_METHODS } from '@shop/contracts/supply';
import { REPORT_FILES } from '@shop/contracts/report';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Column } from '@/components/ui/table';
import { enumLabel, enumOptions } from '@/lib/enum-labels';
import { formatMoney } from '@/lib/format';
import { PaymentsBreakdown } from '@/components/payments/payments-breakdown';
import { useTills } from '@/components/shift-report/shifts-api';
import { ModifierSalesPanel } from './modifier-sales-panel';
import { OfflineReviewPanel } from './offline-review-panel';
import { ReportScreen } from './report-screen';

type Totals = z.infer<typeof saleTotalsSchema>;

const STATUS_TONES: Record<Sale['status'], BadgeTone> = { Paid: 'success', Partial: 'warning', Refunded: 'danger', Cancelled: 'neutral' };

/** Money that went back, as a minus: "-$2.50" (nothing is $0.00). */
const minus = (amount: number) => formatMoney(amount === 0 ? 0 : -amount);

/** Net, and when money went back: the refunds in red and the net after them, each named for a screen reader. */
function NetAmount({ net, refunded, kept }: { net: number; refunded: number; kept: number }) {
  const { t } = useTranslation();
  if (!refunded) return <>{formatMoney(net)}</>;
  return (
    <span className="inline-flex flex-col items-end">
      <span>{formatMoney(net)}</span>
      <span className="text-xs font-normal text-red-700 dark:text-red-400">
        <span className="sr-only">{t('Refunds')} </span>
        {minus(refunded)}
      </span>
      <span className="border-t border-slate-300 font-semibold dark:border-slate-600">
        <span className="sr-only">{t('Net after refunds')} </span>
        {formatMoney(kept)}
      </span>
    </span>
  );
}

/** The sales report (docs/screens.md, "Reports"). */
export function SalesReportPage() {
  const { t } = useTranslation();
  const money = 'text-right tabular-nums';
  const columns: Column<Sale>[] = [
    { id: 'date', header: t('Date'), minor: true, cell: (sale) => sale.business_date },
    { id: 'so', header: t('SO'), cell: (sale) => <span className="font-mono text-xs">{sale.code}</span> },
    { id: 'customer', header: t('Customer'), minor: true, wrap: true, cell: (sale) => sale.customer_name ?? t('Walk-in') },
    { id: 'channel', header: t('Channel'), minor: true, cell: (sale) => enumLabel('channel', sale.channel, t) },
    { id: 'items', header: t('Items'), minor: true, className: 'text-right tabular-nums', cell: (sale) => sale.items_count },
    { id: 'qty', header: t('Qty'), minor: true, className: 'text-right tabular-nums', cell: (sale) => sale.total_qty },
    { id: 'gross', header: t('Gross'), minor: true, className: money, cell: (sale) => formatMoney(sale.gross) },
    { id: 'discount', header: t('Discount'), minor: true, className: money, cell: (sale) => formatMoney(sale.discount) },
    { id: 'tax', header: t('Tax'), minor: true, className: money, cell: (sale) => formatMoney(sale.tax) },
    // A sale's refunds (on any day) under its Net, then what it kept: no more columns than fit a laptop's width.
    { id: 'net', header: t('Net'), className: money, cell: (sale) => <NetAmount net={sale.total} refunded={sale.refunded} kept={sale.total - sale.refunded} /> },
    { id: 'payment', header: t('Payment'), minor: true, wrap: true, cell: (sale) => paymentsText(sale, t) },
    { id: 'status', header: t('Status'), cell: (sale) => <Badge tone={STATUS_TONES[sale.status]}>{enumLabel('saleStatus', sale.status, t)}</Badge> },
  ];
  const all = { value: '', label: t('All') };
  const tills = useTills();
  const tillOptions = (tills.data ?? []).map((till) => ({ value: String(till.id), label: till.name }));
  return (
    <ReportScreen<Sale, Totals>
      title={t('Sales Report')}
      path="/sales"
      fileName={REPORT_FILES.sales}
      // Each line with its options, note and discounts: what a per-sale row cannot show.
      lines={{ path: 'lines', fileName: REPORT_FILES.saleLines, label: t('Export lines CSV') }}
      perPage={8}
      filters={[
        { id: 'channel', label: t('Channel'), options: [all, ...enumOptions('channel', SALE_CHANNELS, t)] },
        { id: 'payment', label: t('Payment'), options: [all, ...enumOptions('payment', PAYMENT_METHODS, t)] },
        { id: 'status', label: t('Status'), options: [all, ...enumOptions('saleStatus', SALE_STATUSES, t)] },
        // Sales rung up at one till (sales sent without a till belong to none).
        { id: 'till_id', label: t('Till'), options: [all, ...tillOptions] },
      ]}
      columns={columns}
      rowKey={(sale) => sale.id}
      cards={(totals) => [
        { label: t('Orders'), value: String(totals.orders) },
        { label: t('Items'), value: String(totals.items) },
        { label: t('Qty'), value: String(totals.qty) },
        { label: t('Gross'), value: formatMoney(totals.gross) },
        { label: t('Discount'), value: formatMoney(totals.discount) },
        { label: t('Net'), value: formatMoney(totals.net) },
        { label: t('Refunds'), value: minus(totals.refunded) },
        { label: t('Net after refunds'), value: formatMoney(totals.net_after_refunds) },
      ]}
      note={t('Refunds count on the day they are made, whatever the day of the sale. In the table, a sale’s refunds show in red under its Net, then what it kept.')}
      aside={(period) => (
        <div className="mb-5 grid items-start gap-5 xl:grid-cols-2">
          <PaymentsBreakdown from={period.from} to={period.to} till_id={period.choices.till_id ? Number(period.choices.till_id) : undefined} />
          {/* The options are counted for the whole period, whatever the till. */}
          <ModifierSalesPanel from={period.from} to={period.to} />
          {/* What offline sales left to look at, whatever the period: until a Manager has seen it. */}
          <OfflineReviewPanel className="xl:col-span-2" />
        </div>
      )}
      footer={(totals) => ({
        date: t('Total'),
        items: totals.items,
        qty: totals.qty,
        gross: formatMoney(totals.gross),
        discount: formatMoney(totals.discount),
        tax: formatMoney(totals.tax),
        net: <NetAmount net={totals.net} refunded={totals.refunded} kept={totals.net_after_refunds} />,
      })}
      emptyText={t('No sales match your filters.')}
      loadingText={t('Loading sales…')}
      errorText={t('Failed to load sales')}
    />
  );
}
