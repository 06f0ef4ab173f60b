import { useTranslation } from 'react-i18next';
import { categoryInputSchema, type Category, type CategoryInput } from '@shop/contracts/category';
import { ModifierGroupsField } from '@/components/modifier-group-picker/modifier-group-picker';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { TextareaField, TextField } from '@/components/ui/form-field';
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
  const { control, field, fieldError, submit: onSubmit } = useSchemaForm(categoryInputSchema, {
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '', modifier_group_ids: category?.modifier_group_ids ?? [] },
    ...submit,
  });

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel}>
      <TextField label={t('Name')} field={field('name', 'category-name')} />
      <TextareaField label={t('Description')} field={field('description', 'category-description')} />
      <ModifierGroupsField id="category-modifier-groups" control={control} name="modifier_group_ids" error={fieldError('modifier_group_ids')} />
    </ModalForm>
  );
}
