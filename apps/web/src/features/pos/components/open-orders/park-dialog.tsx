import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderService } from '@shop/contracts/open-order';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { cn } from '@/lib/cn';

/** The tables a small cafe numbers; any other label can be typed. */
const QUICK_TABLES = Array.from({ length: 12 }, (_, index) => String(index + 1));

export type ParkDetails = { table: string | null; name: string | null; service: OrderService };

type ParkDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  onPark: (details: ParkDetails) => void;
  fallbackFocus?: () => HTMLElement | null;
};

/** Parks the cart as an open order under a table or a name, dine-in or take-away. */
export function ParkDialog({ open, onOpenChange, saving, onPark, fallbackFocus }: ParkDialogProps) {
  const { t } = useTranslation();
  const [table, setTable] = useState('');
  const [name, setName] = useState('');
  const [service, setService] = useState<OrderService>('dine_in');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const details = { table: table.trim() || null, name: name.trim() || null, service };
    if (details.table === null && details.name === null) {
      setError(t('Give the order a table or a name.'));
      return;
    }
    onPark(details);
  }

  function change(next: boolean) {
    if (!next) {
      setTable('');
      setName('');
      setError(undefined);
    }
    onOpenChange(next);
  }

  return (
    <Modal open={open} onOpenChange={change} busy={saving} title={t('Park order')} description={t('Keep this cart as an open order any till can finish.')} fallbackFocus={fallbackFocus}>
      <ModalForm onSubmit={submit} saving={saving} onCancel={() => change(false)} submitLabel={t('Park order')} savingLabel={t('Parking…')}>
        <SegmentedControl
          label={t('Service')}
          options={[
            ['dine_in', t('Dine-in')],
            ['take_away', t('Take-away')],
          ]}
          value={service}
          onChange={setService}
        />
        <FormField id="park-table" label={t('Table')} error={error}>
          <Input
            id="park-table"
            value={table}
            maxLength={20}
            autoComplete="off"
            onChange={(event) => {
              setTable(event.target.value);
              setError(undefined);
            }}
            {...invalidProps('park-table', error)}
          />
        </FormField>
        <div role="group" aria-label={t('Tables')} className="grid grid-cols-6 gap-1.5">
          {QUICK_TABLES.map((number) => (
            <button
              key={number}
              type="button"
              aria-pressed={table === number}
              onClick={() => {
                setTable(number);
                setError(undefined);
              }}
              className={cn(
                'h-11 rounded-lg border text-base font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                table === number
                  ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
              )}
            >
              {number}
            </button>
          ))}
        </div>
        <FormField id="park-name" label={t('Name')}>
          <Input
            id="park-name"
            value={name}
            maxLength={60}
            autoComplete="off"
            placeholder={t('Customer name (for take-away)')}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
      </ModalForm>
    </Modal>
  );
}
