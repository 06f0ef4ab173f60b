import { useTranslation } from 'react-i18next';
import { categoryInputSchema, type Category, type CategoryInput } from '@shop/contracts/category';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

export function CategoryFormDialog({ open, record: category, onOpenChange, onSaved }: RecordDialogProps<Category>) {
  const { t } = useTranslation();
  const submit = recordSubmit(category, {
    create: useCreateCategory(),
    update: useUpdateCategory(),
    texts: {
      created: (saved) => t('Created category: {{name}}', { name: saved.name }),
      updated: (saved) => t('Updated category: {{name}}', { name: saved.name }),
      failed: t('Save failed'),
    },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={category ? t('Edit Category') : t('Add Category')}>
      <CategoryForm category={category} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function CategoryForm({ category, submit, onCancel }: { category: Category | null; submit: RecordSubmit<CategoryInput, Category>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { register, fieldError, submit: onSubmit } = useSchemaForm(categoryInputSchema, {
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
    ...submit,
  });

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel}>
      <FormField id="category-name" label={t('Name')} error={fieldError('name')}>
        <Input id="category-name" {...invalidProps('category-name', fieldError('name'))} {...register('name')} />
      </FormField>
      <FormField id="category-description" label={t('Description')} error={fieldError('description')}>
        <Textarea id="category-description" {...invalidProps('category-description', fieldError('description'))} {...register('description')} />
      </FormField>
    </ModalForm>
  );
}
