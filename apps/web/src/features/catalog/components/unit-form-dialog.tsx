import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { unitInputSchema, type Unit } from '@shop/contracts/unit';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateUnit } from '../api/create-unit';
import { useUpdateUnit } from '../api/update-unit';

type FormInput = z.input<typeof unitInputSchema>;
type FormOutput = z.output<typeof unitInputSchema>;

const FIELDS = ['name', 'symbol', 'description'] as const;

type UnitFormDialogProps = {
  open: boolean;
  /** The unit to edit; `null` to add one. */
  unit: Unit | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (unit: Unit, mode: 'created' | 'updated') => void;
};

export function UnitFormDialog({ open, unit, onOpenChange, onSaved }: UnitFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const saving = create.isPending || update.isPending;

  function save(input: FormOutput, onError: (error: unknown) => void) {
    if (unit) {
      update.mutate(
        { id: unit.id, input },
        {
          onError,
          onSuccess: (saved) => {
            toast.success(t('Updated unit'));
            onSaved(saved, 'updated');
          },
        },
      );
    } else {
      create.mutate(input, {
        onError,
        onSuccess: (saved) => {
          toast.success(t('Created unit'));
          onSaved(saved, 'created');
        },
      });
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={saving} title={unit ? t('Edit Unit') : t('Add Unit')}>
      <UnitForm unit={unit} saving={saving} save={save} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function UnitForm({
  unit,
  saving,
  save,
  onCancel,
}: {
  unit: Unit | null;
  saving: boolean;
  save: (input: FormOutput, onError: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(unitInputSchema),
    defaultValues: { name: unit?.name ?? '', symbol: unit?.symbol ?? '', description: unit?.description ?? '' },
  });

  const onSubmit = handleSubmit((input) =>
    save(input, (error) => {
      applyServerFieldErrors(error, setError, FIELDS);
      const message = failureText(error, t('Save failed'), t);
      if (message) toast.error(message);
    }),
  );

  const error = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody className="grid gap-4 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <FormField id="unit-name" label={t('Name')} error={error('name')}>
            <Input id="unit-name" {...invalidProps('unit-name', error('name'))} {...register('name')} />
          </FormField>
        </div>
        <FormField id="unit-symbol" label={t('Symbol')} error={error('symbol')}>
          <Input id="unit-symbol" {...invalidProps('unit-symbol', error('symbol'))} {...register('symbol')} />
        </FormField>
        <div className="sm:col-span-3">
          <FormField id="unit-description" label={t('Description')} error={error('description')}>
            <Textarea id="unit-description" {...invalidProps('unit-description', error('description'))} {...register('description')} />
          </FormField>
        </div>
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('Saving…') : t('Save')}
        </Button>
      </ModalFooter>
    </form>
  );
}
