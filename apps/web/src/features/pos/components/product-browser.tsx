import { useDeferredValue, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { PackageX, ScanBarcode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { discountedUnitCents, fromCents, toBasisPoints, toCents } from '@shop/contracts/money';
import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';

/** Cards drawn at once; more matches ask for a narrower search rather than a slower screen. */
const MAX_CARDS = 60;

type ProductBrowserProps = {
  catalog: PosCatalog | undefined;
  loading: boolean;
  /** Sold past zero is allowed (settings): out-of-stock cards still sell. */
  allowNegativeStock: boolean;
  /** `fromCard`: how a card was chosen (a scanned code has none). */
  onPick: (product: PosProduct, fromCard?: 'pointer' | 'keyboard') => void;
  searchRef?: Ref<HTMLInputElement>;
};

export const isOutOfStock = (product: PosProduct) => product.track_stock && product.stock <= 0;

/** The price per unit after the product's promotion, rounded as the server rounds it. */
export function promotionPrice(product: PosProduct): number {
  return fromCents(discountedUnitCents(toCents(product.price), toBasisPoints(product.discount_percent)));
}

/** What the cashier typed or scanned: a barcode or SKU exactly, else words of the name. */
function matches(product: PosProduct, needle: string): boolean {
  return (
    product.name.toLowerCase().includes(needle) || product.sku.toLowerCase().includes(needle) || (product.barcode !== null && product.barcode.toLowerCase() === needle)
  );
}

export function ProductBrowser({ catalog, loading, allowNegativeStock, onPick, searchRef }: ProductBrowserProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const needle = useDeferredValue(search.trim().toLowerCase());

  const found = useMemo(() => {
    const products = catalog?.products ?? [];
    return products.filter((product) => (categoryId === null || product.category_id === categoryId) && (!needle || matches(product, needle)));
  }, [catalog, categoryId, needle]);

  // A scanner types the code and Enter: the product with that barcode or SKU goes in the cart.
  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Ctrl+Enter is the till's Pay key, not a code.
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    // The box itself, not the last render: a scanner types faster than the list filters.
    const code = event.currentTarget.value.trim().toLowerCase();
    if (!code || !catalog) return;
    const exact = catalog.products.find((p) => p.barcode?.toLowerCase() === code) ?? catalog.products.find((p) => p.sku.toLowerCase() === code);
    const named = catalog.products.filter((p) => (categoryId === null || p.category_id === categoryId) && matches(p, code));
    const product = exact ?? (named.length === 1 ? named[0] : undefined);
    if (!product) {
      // Several names match: the cashier narrows the search; nothing matches: say so (a misread scan).
      if (named.length === 0) toast.error(t('No product with the code {{code}}', { code: event.currentTarget.value.trim() }), { id: 'pos-scan' });
      return;
    }
    onPick(product);
    setSearch('');
  }

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex items-center gap-2">
        <SearchInput
          ref={searchRef}
          autoFocus
          placeholder={t('Search products...')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onSearchKeyDown}
          className="sm:max-w-none"
        />
        <span className="hidden items-center gap-1 text-xs whitespace-nowrap text-slate-500 xl:inline-flex dark:text-slate-400">
          <ScanBarcode aria-hidden className="size-4" />
          {t('Scan or type a code, then Enter')}
        </span>
      </div>

      <div role="group" aria-label={t('Categories')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {[{ id: null, name: t('All') }, ...(catalog?.categories ?? [])].map((category) => (
          <button
            key={category.id ?? 'all'}
            type="button"
            aria-pressed={categoryId === category.id}
            onClick={() => setCategoryId(category.id)}
            className={cn(
              'h-11 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
              categoryId === category.id
                ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {category.name}
          </button>
        ))}
      </div>

      {loading ? (
        <Spinner label={t('Loading…')} className="py-16" />
      ) : found.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 py-16 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {t('No products found.')}
        </p>
      ) : (
        <>
          <ul aria-label={t('Products')} className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3">
            {found.slice(0, MAX_CARDS).map((product) => (
              <li key={product.id}>
                <ProductCard product={product} refused={isOutOfStock(product) && !allowNegativeStock} onPick={onPick} />
              </li>
            ))}
          </ul>
          {found.length > MAX_CARDS ? (
            <p className="text-center text-sm text-slate-500 dark:text-slate-400">
              {t('Showing {{shown}} of {{count}} products. Type to narrow the list.', { shown: MAX_CARDS, count: found.length })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function ProductCard({ product, refused, onPick }: { product: PosProduct; refused: boolean; onPick: ProductBrowserProps['onPick'] }) {
  const { t } = useTranslation();
  const promoted = product.discount_percent > 0;
  return (
    <button
      type="button"
      // A click from Enter or Space has no pointer behind it (detail 0).
      onClick={(event) => onPick(product, event.detail === 0 ? 'keyboard' : 'pointer')}
      className={cn(
        'flex h-full min-h-28 w-full flex-col rounded-xl border bg-white p-3 text-left shadow-xs transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-slate-900',
        refused
          ? 'cursor-not-allowed border-slate-200 opacity-60 dark:border-slate-800'
          : 'border-slate-200 hover:border-indigo-400 hover:shadow-sm active:scale-[0.98] dark:border-slate-800 dark:hover:border-indigo-500',
      )}
    >
      <span className="line-clamp-2 font-medium text-slate-900 dark:text-white">{product.name}</span>
      <span className="mt-0.5 font-mono text-xs text-slate-500 dark:text-slate-400">{product.sku}</span>
      {promoted ? (
        <span className="mt-1 w-fit rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
          {t('{{percent}}% off', { percent: product.discount_percent })}
        </span>
      ) : null}
      <span className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 pt-2">
        {promoted ? (
          <span className="flex items-baseline gap-1.5">
            <span className="font-semibold text-emerald-700 tabular-nums dark:text-emerald-400">{formatMoney(promotionPrice(product))}</span>
            <span className="text-xs text-slate-500 tabular-nums line-through dark:text-slate-400">{formatMoney(product.price)}</span>
          </span>
        ) : (
          <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(product.price)}</span>
        )}
        {refused ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 dark:bg-red-950 dark:text-red-300">
            <PackageX aria-hidden className="size-3.5" />
            {t('Out of stock')}
          </span>
        ) : product.track_stock ? (
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{t('{{count}} left', { count: product.stock })}</span>
        ) : null}
      </span>
      {/* Units past their date are counted apart: they are not for sale until a Manager writes them off. */}
      {product.track_stock && product.expired > 0 ? (
        <span className="mt-1 text-xs font-medium text-amber-800 tabular-nums dark:text-amber-300">{t('{{count}} expired', { count: product.expired })}</span>
      ) : null}
    </button>
  );
}
