import { useTranslation } from 'react-i18next';
import { tillInputSchema, type Till, type TillInput } from '@shop/contracts/till';
import { CheckField } from '@/components/ui/check-field';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/form-field';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useShopSettings } from '@/lib/shop-settings';
import { useCreateTill, useUpdateTill } from '../api/tills';
import { useSchemaForm } from '@/lib/use-schema-form';

/** Add or edit a till: its name, the printer for its receipts, whether they print by themselves, and whether it sells. */
export function TillFormDialog({ open, record: till, onOpenChange, onSaved }: RecordDialogProps<Till>) {
  const { t } = useTranslation();
  const submit = recordSubmit(till, {
    create: useCreateTill(),
    update: useUpdateTill(),
    texts: { created: () => t('Till added'), updated: () => t('Till saved'), failed: t('Save failed') },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={till ? t('Edit till') : t('Add till')}>
      {/* A new form for each till opened, so it starts from that till. */}
      <TillForm key={till?.id ?? 'new'} till={till} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function TillForm({ till, submit, onCancel }: { till: Till | null; submit: RecordSubmit<TillInput, Till>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { printers } = useShopSettings().settings;
  const { field, register, submit: onSubmit } = useSchemaForm(tillInputSchema, {
    defaultValues: { name: till?.name ?? '', printer_id: till?.printer_id ?? '', active: till?.active ?? true, auto_print: till?.auto_print ?? true },
    quietFieldErrors: true,
    ...submit,
  });
  // A till may still name a printer since removed from Settings → Printers: it stays choosable until changed.
  const missing = till?.printer_id && !printers.list.some((printer) => printer.id === till.printer_id) ? till.printer_id : null;

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel}>
      <TextField label={t('Name')} field={field('name', 'till-name')} maxLength={60} placeholder={t('e.g. Front counter')} />
      <SelectField label={t('Receipt printer')} field={field('printer_id', 'till-printer')}>
        <option value="">{t('Shop default')}</option>
        {printers.list.map((printer) => (
          <option key={printer.id} value={printer.id}>
            {printer.name || printer.id}
          </option>
        ))}
        {missing ? <option value={missing}>{t('Removed printer')}</option> : null}
      </SelectField>
      <CheckField
        id="till-auto-print"
        label={t('Print receipts automatically')}
        hint={t('Off: the cashier taps Print receipt when the customer wants one')}
        {...register('auto_print')}
      />
      <CheckField id="till-active" label={t('Active')} hint={t('A till that is off cannot be chosen to sell at.')} {...register('active')} />
    </ModalForm>
  );
}
