import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@shop/contracts/customer';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { Thumbnail } from '@/components/ui/thumbnail';

type CustomerDetailsDialogProps = {
  /** The customer to show; `null` when the dialog is closed. */
  customer: Customer | null;
  onClose: () => void;
};

/** A customer read-only, for those who may look a customer up but not change them (Staff). */
export function CustomerDetailsDialog({ customer, onClose }: CustomerDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={customer !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={customer?.name ?? t('Customer')}>
      {customer ? (
        <>
          <ModalBody>
            <div className="flex items-start gap-4">
              {customer.avatar ? <Thumbnail src={customer.avatar} alt="" className="size-14 rounded-full" /> : null}
              <dl className="grid min-w-0 flex-1 grid-cols-1 gap-3 text-sm sm:grid-cols-2">
                <Fact label={t('Email')}>{customer.email}</Fact>
                <Fact label={t('Phone No')}>{customer.phone || '-'}</Fact>
                <Fact label={t('Company')}>{customer.company || '-'}</Fact>
                <Fact label={t('Balance owing')}>{customer.balance_owing > 0 ? formatMoney(customer.balance_owing) : '-'}</Fact>
              </dl>
            </div>
          </ModalBody>
          <ModalFooter>
            <Button variant="secondary" onClick={onClose}>
              {t('Close')}
            </Button>
          </ModalFooter>
        </>
      ) : null}
    </Modal>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}
