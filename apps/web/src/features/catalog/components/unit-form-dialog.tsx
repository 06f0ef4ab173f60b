import { useTranslation } from 'react-i18next';
import { unitInputSchema, type Unit, type UnitInput } from '@shop/contracts/unit';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { TextareaField, TextField } from '@/components/ui/form-field';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateUnit } from '../api/create-unit';
import { useUpdateUnit } from '../api/update-unit';

export function UnitFormDialog({ open, record: unit, onOpenChange, onSaved }: RecordDialogProps<Unit>) {
  const { t } = useTranslation();
  const submit = recordSubmit(unit, {
    create: useCreateUnit(),
    update: useUpdateUnit(),
    texts: { created: () => t('Created unit'), updated: () => t('Updated unit'), failed: t('Save failed') },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={unit ? t('Edit Unit') : t('Add Unit')}>
      <UnitForm unit={unit} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function UnitForm({ unit, submit, onCancel }: { unit: Unit | null; submit: RecordSubmit<UnitInput, Unit>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { field, submit: onSubmit } = useSchemaForm(unitInputSchema, {
    defaultValues: { name: unit?.name ?? '', symbol: unit?.symbol ?? '', description: unit?.description ?? '' },
    ...submit,
  });

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel} bodyClassName="grid gap-4 sm:grid-cols-3">
      <div className="sm:col-span-2">
        <TextField label={t('Name')} field={field('name', 'unit-name')} />
      </div>
      <TextField label={t('Symbol')} field={field('symbol', 'unit-symbol')} />
      <div className="sm:col-span-3">
        <TextareaField label={t('Description')} field={field('description', 'unit-description')} />
      </div>
    </ModalForm>
  );
}
