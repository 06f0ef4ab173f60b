import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shop/contracts/product';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useProductOptions, type ProductOption } from './get-product-options';

/** How many matches a picker lists for what was typed, unless told otherwise. */
export const PRODUCT_OPTIONS_LIMIT = 200;

type PickedProduct = Pick<Product, 'id' | 'name' | 'sku'>;

type ProductPickerProps<Values extends FieldValues> = {
  id: string;
  /** The form and its field that holds the picked product's id. */
  control: Control<Values>;
  name: Path<Values>;
  /** The product already chosen when the form opens (an edited record's). */
  initial?: PickedProduct | null;
  /** How many matches to list. */
  limit?: number;
  /** Ask for what is on hand (`include=stock`) and show it under the picker once a product is picked. */
  withStock?: boolean;
  /** A toast for a failed search, e.g. 'Failed to load suppliers/products'; none unless given. */
  loadErrorText?: string;
  /** Told the whole product on every pick (e.g. to show its stock elsewhere in the form). */
  onPick?: (product: ProductOption) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * The searchable product picker of every form that names a product (promotion, supply line,
 * stock receipt and adjustment): what is typed is asked of the server after the search pause.
 */
export function ProductPicker<Values extends FieldValues>({
  id,
  control,
  name,
  initial = null,
  limit = PRODUCT_OPTIONS_LIMIT,
  withStock = false,
  loadErrorText,
  onPick,
  ...aria
}: ProductPickerProps<Values>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<ProductOption | null>(null);
  // null until the picker opens; then what was typed, asked of the server after the debounce.
  const [query, setQuery] = useState<string | null>(null);
  const debouncedQuery = useDebouncedValue(query);
  const products = useProductOptions(debouncedQuery === null ? null : debouncedQuery.trim(), {
    per_page: limit,
    ...(withStock ? { include: 'stock' as const } : {}),
  });
  useLoadErrorToast(loadErrorText ? products.error : null, products.errorUpdatedAt, loadErrorText ?? '', t);

  const shown = picked ?? initial;
  const hintId = `${id}-hint`;
  const hint = withStock && picked ? picked : null;
  const describedBy = [hint ? hintId : null, aria['aria-describedby']].filter(Boolean).join(' ');

  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Combobox
            id={id}
            ref={field.ref}
            selected={shown ? toOption(shown) : null}
            onSelect={(option) => {
              const product = products.data?.find((candidate) => candidate.id === option.value);
              if (!product) return;
              setPicked(product);
              field.onChange(product.id);
              onPick?.(product);
            }}
            options={(products.data ?? []).map(toOption)}
            onQueryChange={setQuery}
            loading={products.isFetching || query !== debouncedQuery}
            placeholder={t('Search by name/SKU')}
            emptyText={t('No products found.')}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={describedBy || undefined}
          />
        )}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-500 dark:text-slate-400">
          <OnHand product={hint} />
        </p>
      ) : null}
    </>
  );
}

function toOption(product: PickedProduct): ComboboxOption {
  return { value: product.id, label: product.name, description: product.sku };
}

/** "SKU · On hand: 12", or that the product's stock is not tracked. */
function OnHand({ product }: { product: ProductOption }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="font-mono text-xs">{product.sku}</span>
      {' · '}
      {product.track_stock && product.stock !== null ? (
        <span className="tabular-nums">{t('On hand: {{onHand}}', { onHand: product.stock })}</span>
      ) : (
        t('Stock is not tracked for this product.')
      )}
    </>
  );
}
