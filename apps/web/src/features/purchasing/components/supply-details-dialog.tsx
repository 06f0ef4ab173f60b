import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromCents, sumCents, toCents } from '@shop/contracts/money';
import type { Supply } from '@shop/contracts/supply';
import { Modal, ModalBody } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, type Column } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useSupply } from '../api/get-supply';
import { invoiceLabel, supplierLabel } from '../supply-labels';

type SupplyLine = NonNullable<Supply['items']>[number];

/** The read-only 'Supply Details' dialog of the supplies list (docs/screens.md, "Purchasing"); `supplyId` null = closed. */
export function SupplyDetailsDialog({ supplyId, onClose }: { supplyId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useSupply(supplyId);
  useLoadErrorToast(details.error, details.errorUpdatedAt, t('Failed to load supply details'), t);
  const supply = details.data;

  let body: ReactNode;
  if (details.isPending) {
    body = <Spinner label={t('Loading details…')} className="py-6" />;
  } else if (!supply) {
    body = <p className="py-6 text-sm text-slate-500 dark:text-slate-400">{t('No details available.')}</p>;
  } else {
    body = <SupplyDetails supply={supply} />;
  }

  return (
    <Modal open={supplyId !== null} onOpenChange={(open) => (open ? undefined : onClose())} size="xl" title={t('Supply Details')}>
      <ModalBody>{body}</ModalBody>
    </Modal>
  );
}

function SupplyDetails({ supply }: { supply: Supply }) {
  const { t } = useTranslation();
  const items = supply.items ?? [];
  const columns: Column<SupplyLine>[] = [
    {
      id: 'product',
      header: t('Product'),
      wrap: true,
      cell: (line) => <span className="font-medium text-slate-900 dark:text-white">{line.product.name || line.product_name || `#${line.product_id}`}</span>,
    },
    { id: 'qty', header: t('Qty'), className: 'text-right tabular-nums', cell: (line) => line.supply_quantity },
    { id: 'unit-price', header: t('Unit Price'), className: 'text-right tabular-nums', cell: (line) => formatMoney(line.unit_price) },
    { id: 'total', header: t('Total'), className: 'text-right tabular-nums', cell: (line) => formatMoney(line.line_total) },
    { id: 'expire', header: t('Expire Date'), className: 'tabular-nums', cell: (line) => formatDate(line.expire_date) || '-' },
  ];

  return (
    <div className="space-y-5">
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <Fact label={t('Invoice')}>{invoiceLabel(supply)}</Fact>
        <Fact label={t('Invoice Date')}>{formatDate(supply.invoice_date) || '-'}</Fact>
        <Fact label={t('Supplier')}>{supplierLabel(supply)}</Fact>
      </dl>
      <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
        <Table label={t('Items')} columns={columns} rows={items} rowKey={(line) => line.id} emptyText={t('No items in this supply.')} />
      </div>
      {items.length > 0 ? (
        <p className="flex justify-end gap-3 text-sm">
          <span className="text-slate-500 dark:text-slate-400">{t('Subtotal')}</span>
          <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(fromCents(sumCents(items.map((line) => toCents(line.line_total)))))}</span>
        </p>
      ) : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 font-medium break-words text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}
