import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { productInputSchema, type Product } from '@shop/contracts/product';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateProduct } from '../api/create-product';
import { ALL_CATEGORIES, useCategories } from '../api/get-categories';
import { ALL_UNITS, useUnits } from '../api/get-units';
import { useUpdateProduct } from '../api/update-product';

type FormInput = z.input<typeof productInputSchema>;
type FormOutput = z.output<typeof productInputSchema>;

const FIELDS = ['name', 'sku', 'barcode', 'category_id', 'unit_id', 'price', 'active', 'track_stock', 'reorder_level', 'image', 'description'] as const;

type ProductFormDialogProps = {
  open: boolean;
  /** The product to edit; `null` to add one. */
  product: Product | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (product: Product, mode: 'created' | 'updated') => void;
};

export function ProductFormDialog({ open, product, onOpenChange, onSaved }: ProductFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const saving = create.isPending || update.isPending;

  const save: SaveProduct = (input, { onError }) => {
    if (product) {
      update.mutate(
        { id: product.id, input },
        {
          onError,
          onSuccess: (saved) => {
            toast.success(t('Updated product: “{{name}}”', { name: saved.name }));
            onSaved(saved, 'updated');
          },
        },
      );
    } else {
      create.mutate(input, {
        onError,
        onSuccess: (saved) => {
          toast.success(t('Created product: “{{name}}”', { name: saved.name }));
          onSaved(saved, 'created');
        },
      });
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={saving} title={product ? t('Edit Product') : t('Add Product')} size="lg">
      <ProductFormLoader product={product} saving={saving} save={save} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

type SaveProduct = (input: FormOutput, handlers: { onError: (error: unknown) => void }) => void;
type FormProps = { product: Product | null; saving: boolean; save: SaveProduct; onCancel: () => void };

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

type Choice = { id: number; name: string; symbol?: string };

function ProductForm({ product, saving, save, onCancel, categories, units }: FormProps & { categories: Choice[]; units: Choice[] }) {
  const { t } = useTranslation();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(productInputSchema),
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
        }
      : { name: '', sku: '', barcode: '', price: undefined, track_stock: true, reorder_level: 0, image: '', description: '', active: true },
  });

  const onSubmit = handleSubmit((input) =>
    save(input, {
      onError: (error) => {
        applyServerFieldErrors(error, setError, FIELDS);
        const message = failureText(error, t('Save failed'), t);
        if (message) toast.error(message);
      },
    }),
  );

  const error = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id="product-name" label={t('Name')} error={error('name')}>
            <Input id="product-name" {...invalidProps('product-name', error('name'))} {...register('name')} />
          </FormField>
        </div>
        <FormField id="product-sku" label={t('SKU')} error={error('sku')}>
          <Input id="product-sku" {...invalidProps('product-sku', error('sku'))} {...register('sku')} />
        </FormField>
        <FormField id="product-barcode" label={t('Barcode')} error={error('barcode')}>
          <Input id="product-barcode" {...invalidProps('product-barcode', error('barcode'))} {...register('barcode')} />
        </FormField>
        <FormField id="product-category" label={t('Category')} error={error('category_id')}>
          <Select id="product-category" {...invalidProps('product-category', error('category_id'))} {...register('category_id', { valueAsNumber: true })}>
            <option value="">{t('Select a category')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="product-unit" label={t('Unit')} error={error('unit_id')}>
          <Select id="product-unit" {...invalidProps('product-unit', error('unit_id'))} {...register('unit_id', { valueAsNumber: true })}>
            <option value="">{t('Select a unit')}</option>
            {units.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.symbol ? `${unit.name} (${unit.symbol})` : unit.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="product-price" label={t('Price')} error={error('price')}>
          <Input
            id="product-price"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            {...invalidProps('product-price', error('price'))}
            {...register('price', { valueAsNumber: true })}
          />
        </FormField>
        <FormField id="product-reorder-level" label={t('Reorder level')} error={error('reorder_level')}>
          <Input
            id="product-reorder-level"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            {...invalidProps('product-reorder-level', error('reorder_level'))}
            {...register('reorder_level', { valueAsNumber: true })}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="product-image" label={t('Image URL')} error={error('image')}>
            <Input
              id="product-image"
              type="url"
              inputMode="url"
              placeholder="https://"
              {...invalidProps('product-image', error('image'))}
              {...register('image')}
            />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField id="product-description" label={t('Description')} error={error('description')}>
            <Textarea id="product-description" {...invalidProps('product-description', error('description'))} {...register('description')} />
          </FormField>
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
