import { useTranslation } from 'react-i18next';
import { productInputSchema, type Product, type ProductInput } from '@shop/contracts/product';
import { ModifierGroupsField } from '@/components/modifier-group-picker/modifier-group-picker';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal, ModalBody, ModalForm } from '@/components/ui/dialog';
import { SelectField, TextareaField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateProduct } from '../api/create-product';
import { ALL_CATEGORIES, useCategories } from '../api/get-categories';
import { ALL_UNITS, useUnits } from '../api/get-units';
import { useUpdateProduct } from '../api/update-product';

export function ProductFormDialog({ open, record: product, onOpenChange, onSaved }: RecordDialogProps<Product>) {
  const { t } = useTranslation();
  const submit = recordSubmit(product, {
    create: useCreateProduct(),
    update: useUpdateProduct(),
    texts: {
      created: (saved) => t('Created product: “{{name}}”', { name: saved.name }),
      updated: (saved) => t('Updated product: “{{name}}”', { name: saved.name }),
      failed: t('Save failed'),
    },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={product ? t('Edit Product') : t('Add Product')} size="lg">
      <ProductFormLoader product={product} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

type FormProps = { product: Product | null; submit: RecordSubmit<ProductInput, Product>; onCancel: () => void };

/** The category and unit pickers need their lists before the form can show a product's choice. */
function ProductFormLoader(props: FormProps) {
  const { t } = useTranslation();
  const categories = useCategories(ALL_CATEGORIES);
  const units = useUnits(ALL_UNITS);

  if (categories.data && units.data) {
    return <ProductForm {...props} categories={categories.data.data} units={units.data.data} />;
  }
  const failed = categories.isError || units.isError;
  return (
    <ModalBody>
      {failed ? (
        <AlertBanner>
          <div className="flex flex-wrap items-center gap-3">
            {t('Failed to load products')}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                void categories.refetch();
                void units.refetch();
              }}
            >
              {t('Retry')}
            </Button>
          </div>
        </AlertBanner>
      ) : (
        <Spinner label={t('Loading…')} className="py-6" />
      )}
    </ModalBody>
  );
}

type Choice = { id: number; name: string; symbol?: string; modifier_group_ids?: number[] };

function ProductForm({ product, submit, onCancel, categories, units }: FormProps & { categories: Choice[]; units: Choice[] }) {
  const { t } = useTranslation();
  const { register, control, watch, field, fieldError, submit: onSubmit } = useSchemaForm(productInputSchema, {
    defaultValues: product
      ? {
          name: product.name,
          sku: product.sku,
          barcode: product.barcode ?? '',
          category_id: product.category?.id ?? product.category_id,
          unit_id: product.unit?.id ?? product.unit_id,
          price: product.price,
          track_stock: product.track_stock,
          reorder_level: product.reorder_level,
          image: product.image ?? '',
          description: product.description ?? '',
          active: product.active,
          modifier_group_ids: product.modifier_group_ids,
        }
      : { name: '', sku: '', barcode: '', price: undefined, track_stock: true, reorder_level: 0, image: '', description: '', active: true, modifier_group_ids: [] },
    ...submit,
  });

  // The till asks the category's groups first, then the product's own (decision 0013).
  const categoryId = watch('category_id');
  const categoryGroupIds = categories.find((category) => category.id === categoryId)?.modifier_group_ids ?? [];

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel} bodyClassName="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label={t('Name')} field={field('name', 'product-name')} />
        </div>
        <TextField label={t('SKU')} field={field('sku', 'product-sku')} />
        <TextField label={t('Barcode')} field={field('barcode', 'product-barcode')} />
        <SelectField label={t('Category')} field={field('category_id', 'product-category', { valueAsNumber: true })}>
          <option value="">{t('Select a category')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('Unit')} field={field('unit_id', 'product-unit', { valueAsNumber: true })}>
          <option value="">{t('Select a unit')}</option>
          {units.map((unit) => (
            <option key={unit.id} value={unit.id}>
              {unit.symbol ? `${unit.name} (${unit.symbol})` : unit.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t('Price')} field={field('price', 'product-price', { valueAsNumber: true })} type="number" inputMode="decimal" step="0.01" min="0" />
        <TextField
          label={t('Reorder level')}
          field={field('reorder_level', 'product-reorder-level', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
        />
        <div className="sm:col-span-2">
          <TextField label={t('Image URL')} field={field('image', 'product-image')} type="url" inputMode="url" placeholder="https://" />
        </div>
        <div className="sm:col-span-2">
          <TextareaField label={t('Description')} field={field('description', 'product-description')} />
        </div>
        <div className="sm:col-span-2">
          <ModifierGroupsField
            id="product-modifier-groups"
            control={control}
            name="modifier_group_ids"
            error={fieldError('modifier_group_ids')}
            inheritedIds={categoryGroupIds}
          />
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Checkbox {...register('track_stock')} />
            {t('Track stock')}
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Checkbox {...register('active')} />
            {t('Active')}
          </label>
        </div>
    </ModalForm>
  );
}
