import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { categoryInputSchema, type Category } from '@shop/contracts/category';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

type FormInput = z.input<typeof categoryInputSchema>;
type FormOutput = z.output<typeof categoryInputSchema>;

const FIELDS = ['name', 'description'] as const;

type CategoryFormDialogProps = {
  open: boolean;
  /** The category to edit; `null` to add one. */
  category: Category | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (category: Category, mode: 'created' | 'updated') => void;
};

export function CategoryFormDialog({ open, category, onOpenChange, onSaved }: CategoryFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isPending || update.isPending;

  function save(input: FormOutput, onError: (error: unknown) => void) {
    if (category) {
      update.mutate(
        { id: category.id, input },
        {
          onError,
          onSuccess: (saved) => {
            toast.success(t('Updated category: {{name}}', { name: saved.name }));
            onSaved(saved, 'updated');
          },
        },
      );
    } else {
      create.mutate(input, {
        onError,
        onSuccess: (saved) => {
          toast.success(t('Created category: {{name}}', { name: saved.name }));
          onSaved(saved, 'created');
        },
      });
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={saving} title={category ? t('Edit Category') : t('Add Category')}>
      <CategoryForm category={category} saving={saving} save={save} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function CategoryForm({
  category,
  saving,
  save,
  onCancel,
}: {
  category: Category | null;
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
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
  });

  const onSubmit = handleSubmit((input) =>
    save(input, (error) => {
      applyServerFieldErrors(error, setError, FIELDS);
      const message = failureText(error, t('Save failed'), t);
      if (message) toast.error(message);
    }),
  );

  const nameError = errors.name?.message && t(errors.name.message);
  const descriptionError = errors.description?.message && t(errors.description.message);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody>
        <FormField id="category-name" label={t('Name')} error={nameError}>
          <Input id="category-name" {...invalidProps('category-name', nameError)} {...register('name')} />
        </FormField>
        <FormField id="category-description" label={t('Description')} error={descriptionError}>
          <Textarea id="category-description" {...invalidProps('category-description', descriptionError)} {...register('description')} />
        </FormField>
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
