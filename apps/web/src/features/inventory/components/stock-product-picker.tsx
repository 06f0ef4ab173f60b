import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { fieldErrorId } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useStockProductOptions, type StockProductOption } from '../api/get-stock-product-options';

type StockProductPickerProps = {
  id: string;
  ref?: Ref<HTMLInputElement>;
  selected: StockProductOption | null;
  onSelect: (product: StockProductOption) => void;
  error: string | undefined;
  /** What to say under the picker about the picked product (its on-hand figure by default). */
  hint?: (product: StockProductOption) => ReactNode;
  disabled?: boolean;
};

/** The searchable product picker of the stock forms; the picked product's on-hand shows under it. */
export function StockProductPicker({ id, ref, selected, onSelect, error, hint, disabled }: StockProductPickerProps) {
  const { t } = useTranslation();
  // null until the picker opens; then what was typed, asked of the server after the debounce.
  const [query, setQuery] = useState<string | null>(null);
  const debouncedQuery = useDebouncedValue(query);
  const productOptions = useStockProductOptions(debouncedQuery === null ? null : debouncedQuery.trim());
  const products = productOptions.data ?? [];
  const options: ComboboxOption[] = products.map((product) => ({ value: product.id, label: product.name, description: product.sku }));

  const hintId = `${id}-hint`;
  const describedBy = [selected ? hintId : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ');

  return (
    <>
      <Combobox
        id={id}
        ref={ref}
        selected={selected ? { value: selected.id, label: selected.name, description: selected.sku } : null}
        onSelect={(option) => {
          const product = products.find((candidate) => candidate.id === option.value);
          if (product) onSelect(product);
        }}
        options={options}
        onQueryChange={setQuery}
        loading={productOptions.isFetching || query !== debouncedQuery}
        placeholder={t('Search by name/SKU')}
        emptyText={t('No products found.')}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {selected ? (
        <p id={hintId} className="text-sm text-slate-500 dark:text-slate-400">
          {hint ? hint(selected) : <OnHand product={selected} />}
        </p>
      ) : null}
    </>
  );
}

/** "SKU · On hand: 12", or that the product's stock is not tracked. */
export function OnHand({ product }: { product: StockProductOption }) {
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
