import { useState, type ReactNode } from 'react';
import { HandCoins, Printer, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Sale, SaleItem } from '@shop/contracts/sale';
import { printReceipt } from '@/components/receipt/print-receipt';
import { salePaymentRows } from '@/components/receipt/sale-payments';
import { ReceiptSlipPreview } from '@/components/receipt/slip-preview';
import { useReceiptPrinter } from '@/components/receipt/use-receipt-printer';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Spinner } from '@/components/ui/spinner';
import { Table, type Column } from '@/components/ui/table';
import { enumLabel } from '@/lib/enum-labels';
import { formatDate, formatDateTime, formatMoney, formatRiel, formatTimeOfDay } from '@/lib/format';
import { discountText, optionWithPrice } from '@/lib/modifier-text';
import { useCan } from '@/lib/permissions';
import { usePrintSale } from '@/lib/printing/print-api';
import { printCallFailureText, printErrorText } from '@/lib/printing/print-text';
import { useShopSettings } from '@/lib/shop-settings';
import { useTillId } from '@/lib/till';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useSale } from '../api/get-sale';
import { RefundDialog } from './refund-dialog';
import { SaleStatusBadge } from './sale-labels';
import { SettleDialog } from './settle-dialog';

type SaleDetailsDialogProps = {
  /** The sale to show; `null` when the dialog is closed. */
  saleId: number | null;
  onClose: () => void;
};

/** One sale's header, lines, totals and refunds, with print and refund (docs/screens.md, "Sales orders"). */
export function SaleDetailsDialog({ saleId, onClose }: SaleDetailsDialogProps) {
  const { t } = useTranslation();
  const sale = useSale(saleId);
  useLoadErrorToast(sale.error, sale.errorUpdatedAt, t('Failed to load sale'), t);
  const data = saleId !== null && sale.data?.id === saleId ? sale.data : undefined;

  return (
    <Modal
      open={saleId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="2xl"
      title={data ? t('Sale {{code}}', { code: data.code }) : t('Sale details')}
    >
      {data ? (
        <SaleDetails sale={data} onClose={onClose} />
      ) : (
        <ModalBody>
          {sale.isError ? (
            <div className="space-y-3">
              <AlertBanner>{t('Failed to load sale')}</AlertBanner>
              <Button variant="secondary" size="sm" onClick={() => void sale.refetch()}>
                {t('Retry')}
              </Button>
            </div>
          ) : (
            <Spinner label={t('Loading…')} />
          )}
        </ModalBody>
      )}
    </Modal>
  );
}

function SaleDetails({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // Those without `sales:refund` refund with a Manager's PIN (the refund dialog asks for it).
  const refundsFreely = useCan('sales:refund');
  const sells = useCan('sales:create');
  const canRefund = refundsFreely || sells;
  const { settings } = useShopSettings();
  const [view, setView] = useState<'details' | 'preview'>('details');
  const [refunding, setRefunding] = useState(false);
  const canTakePayment = useCan('sales:create');
  const [settling, setSettling] = useState(false);
  const owing = sale.status === 'Partial' && sale.balance > 0;
  const items = sale.items ?? [];
  const refundable = items.some((item) => item.quantity > item.refunded_qty);
  const payments = salePaymentRows(sale, t);
  const itemName = (saleItemId: number) => items.find((item) => item.id === saleItemId)?.product_name ?? `#${saleItemId}`;

  // A reprint is a copy, on this browser's till's receipt printer (else the sale's till's, else the shop's).
  const thisTill = useTillId();
  const tillId = thisTill ?? sale.till_id;
  const receiptPrinter = useReceiptPrinter(tillId);
  const printSale = usePrintSale();
  const [printingHere, setPrintingHere] = useState(false);
  const printing = printSale.isPending || printingHere;

  async function onPrint() {
    const { route, printer } = receiptPrinter;
    if (route === 'server') {
      printSale.mutate(
        { saleId: sale.id, till_id: tillId, copy: true },
        {
          onSuccess: (answer) =>
            answer.data.status === 'printed' ? toast.success(t('Printed')) : toast.error(t('Receipt not printed: {{reason}}', { reason: printErrorText(answer.data.error, t) })),
          onError: (error) => toast.error(t('Receipt not printed: {{reason}}', { reason: printCallFailureText(error, t) })),
        },
      );
      return;
    }
    if ((route === 'usb' || route === 'serial') && printer) {
      setPrintingHere(true);
      try {
        const { printReceiptHere } = await import('@/lib/printing/receipt-here');
        await printReceiptHere(sale, settings, printer, { tillId, copy: true });
        toast.success(t('Printed'));
      } catch (error) {
        toast.error(t('Receipt not printed: {{reason}}', { reason: printCallFailureText(error, t) }));
      } finally {
        setPrintingHere(false);
      }
      return;
    }
    try {
      await printReceipt(sale, settings);
    } catch {
      toast.error(t('Printing failed'));
    }
  }

  const columns: Column<SaleItem>[] = [
    {
      id: 'product',
      header: t('Product'),
      wrap: true,
      cell: (item) => (
        <>
          <span className="font-medium text-slate-900 dark:text-white">{item.product_name}</span>
          {item.modifiers.length > 0 ? (
            <span className="block text-xs text-slate-600 dark:text-slate-300">{item.modifiers.map((option) => optionWithPrice(option, i18n.language, formatMoney)).join(' · ')}</span>
          ) : null}
          {item.note ? <span className="block text-xs text-amber-800 italic dark:text-amber-300">{item.note}</span> : null}
          {item.line_discount ? (
            <span className="block text-xs text-emerald-700 dark:text-emerald-400">
              {t('Discount')} {discountText(item.line_discount, t, formatMoney)} −{formatMoney(item.line_discount.amount)}
            </span>
          ) : null}
        </>
      ),
    },
    { id: 'sku', header: t('SKU'), cell: (item) => <span className="font-mono text-xs">{item.sku}</span> },
    { id: 'qty', header: t('Qty'), className: 'text-right tabular-nums', cell: (item) => item.quantity },
    { id: 'price', header: t('Unit Price'), className: 'text-right tabular-nums', cell: (item) => formatMoney(item.unit_price) },
    {
      id: 'discount',
      header: t('Discount'),
      className: 'text-right tabular-nums',
      cell: (item) =>
        item.discount > 0 ? (
          `−${formatMoney(item.discount)}${item.discount_percent > 0 ? ` (${item.discount_percent}%)` : ''}`
        ) : (
          <span className="text-slate-500 dark:text-slate-400">-</span>
        ),
    },
    {
      id: 'total',
      header: t('Line Total'),
      className: 'text-right tabular-nums',
      cell: (item) => <span className="font-medium text-slate-900 dark:text-white">{formatMoney(item.line_total)}</span>,
    },
    {
      id: 'refunded',
      header: t('Refunded'),
      className: 'text-right tabular-nums',
      cell: (item) => (item.refunded_qty > 0 ? item.refunded_qty : <span className="text-slate-500 dark:text-slate-400">-</span>),
    },
  ];

  const taxLabel = sale.tax_inclusive
    ? t('Tax {{rate}}% (included)', { rate: sale.tax_rate })
    : t('Tax {{rate}}%', { rate: sale.tax_rate });

  return (
    <>
      <ModalBody className="space-y-5">
        <SegmentedControl
          label={t('Show')}
          className="w-fit"
          options={[
            ['details', t('Details')],
            ['preview', t('Printer preview')],
          ]}
          value={view}
          onChange={setView}
        />
        {view === 'preview' ? (
          <ReceiptSlipPreview sale={sale} settings={settings} />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
              <Fact label={t('Date')}>
                <span className="tabular-nums">
                  {formatDate(sale.business_date)} {formatTimeOfDay(sale.sale_date, settings.localization.timezone)}
                </span>
              </Fact>
              <Fact label={t('Cashier')}>{sale.cashier?.name ?? '-'}</Fact>
              {sale.till ? <Fact label={t('Till')}>{sale.till.name}</Fact> : null}
              <Fact label={t('Customer')}>{sale.customer?.name ?? t('Walk-in')}</Fact>
              <Fact label={t('Channel')}>{enumLabel('channel', sale.channel, t)}</Fact>
              <Fact label={t('Payment')}>
                {sale.payment_method
                  .split(' + ')
                  .map((method) => enumLabel('payment', method, t))
                  .join(' + ')}
              </Fact>
              {sale.discount_approved_by ? <Fact label={t('Discount approved by')}>{sale.discount_approved_by.name}</Fact> : null}
              <Fact label={t('Status')}>
                <SaleStatusBadge status={sale.status} />
              </Fact>
            </dl>

            <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
              <Table label={t('Lines')} columns={columns} rows={items} rowKey={(item) => item.id} emptyText={t('No lines on this sale.')} />
            </div>

            <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1 space-y-4">
                {sale.notes ? (
                  <div className="text-sm">
                    <h3 className="font-medium text-slate-900 dark:text-white">{t('Notes')}</h3>
                    <p className="mt-1 whitespace-pre-line text-slate-600 dark:text-slate-300">{sale.notes}</p>
                  </div>
                ) : null}
                {sale.refunds && sale.refunds.length > 0 ? (
                  <section aria-labelledby="sale-refunds-heading" className="text-sm">
                    <h3 id="sale-refunds-heading" className="font-medium text-slate-900 dark:text-white">
                      {t('Refunds')}
                    </h3>
                    <ul className="mt-2 space-y-2">
                      {sale.refunds.map((refund) => (
                        <li key={refund.id} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
                          <div className="flex flex-wrap items-baseline justify-between gap-2">
                            <span className="font-mono text-xs font-semibold text-slate-900 dark:text-white">{refund.code}</span>
                            <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                              {formatDateTime(refund.created_at, settings.localization.timezone)}
                            </span>
                            <span className="font-medium tabular-nums">
                              −{formatMoney(refund.amount)}
                              {/* How it went back: the method, and the riel handed over when in riel. */}
                              <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">
                                {enumLabel('payment', refund.method, t)}
                                {refund.currency === 'KHR' ? ` ${formatRiel(refund.amount_khr)}` : ''}
                              </span>
                            </span>
                          </div>
                          <p className="mt-1 text-slate-600 dark:text-slate-300">
                            {refund.items.map((item) => `${itemName(item.sale_item_id)} × ${item.quantity}`).join(', ')}
                          </p>
                          {refund.reason ? <p className="mt-0.5 text-slate-500 italic dark:text-slate-400">{refund.reason}</p> : null}
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
              </div>

              {/* Two lists: a <dl> holds only name/value pairs, so the cash part cannot be a group inside it. */}
              <div role="group" aria-label={t('Totals')} className="w-full shrink-0 text-sm sm:w-72">
                <dl className="space-y-1">
                  <Amount label={t('Gross')} value={formatMoney(sale.gross)} />
                  <Amount label={t('Discount')} value={sale.discount > 0 ? `−${formatMoney(sale.discount)}` : formatMoney(0)} />
                  {sale.order_discount ? (
                    <Amount label={`${t('Order discount')} ${discountText(sale.order_discount, t, formatMoney)}`} value={`−${formatMoney(sale.order_discount.amount)}`} />
                  ) : null}
                  <Amount label={t('Subtotal')} value={formatMoney(sale.subtotal)} />
                  <Amount label={sale.tax_enabled ? taxLabel : t('Tax')} value={formatMoney(sale.tax)} />
                  <Amount label={t('Service {{percent}}%', { percent: sale.service_percent })} value={formatMoney(sale.service)} />
                  <Amount strong label={t('Total')} value={formatMoney(sale.total)} />
                  {sale.refunded > 0 ? <Amount label={t('Refunded')} value={`−${formatMoney(sale.refunded)}`} /> : null}
                </dl>
                {payments.length ? (
                  <dl aria-label={t('Payments')} className="mt-2 space-y-1 border-t border-slate-200 pt-2 dark:border-slate-800">
                    {payments.map((row) => (
                      <Amount key={row.key} label={row.label} value={row.value} />
                    ))}
                  </dl>
                ) : null}
              </div>
            </div>
          </>
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('Close')}
        </Button>
        <Button variant="secondary" onClick={() => void onPrint()} disabled={printing || !receiptPrinter.known} aria-busy={printing}>
          <Printer aria-hidden className="size-4" />
          {printing ? t('Printing…') : t('Print receipt')}
        </Button>
        {canTakePayment && owing ? (
          <Button onClick={() => setSettling(true)}>
            <HandCoins aria-hidden className="size-4" />
            {t('Take payment')}
          </Button>
        ) : null}
        {canRefund && refundable ? (
          <Button variant="danger" onClick={() => setRefunding(true)}>
            <Undo2 aria-hidden className="size-4" />
            {t('Refund')}
          </Button>
        ) : null}
      </ModalFooter>
      {canRefund ? <RefundDialog sale={sale} open={refunding} onOpenChange={setRefunding} /> : null}
      {canTakePayment && owing ? <SettleDialog sale={sale} open={settling} onOpenChange={setSettling} /> : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between gap-4 border-t border-slate-200 pt-1.5 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white'
          : 'flex justify-between gap-4 text-slate-600 dark:text-slate-300'
      }
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
