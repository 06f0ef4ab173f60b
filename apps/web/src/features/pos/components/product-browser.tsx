import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { PackageX, ScanBarcode } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { discountedUnitCents, fromCents, toBasisPoints, toCents } from '@shop/contracts/money';
import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { afterNextPaint } from '@/lib/after-paint';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useStableCallback } from '@/lib/use-stable-callback';
import type { ProductIndex } from './product-index';

/*
 * Tens of thousands of products (docs/decisions/0016-offline-selling.md, "A big catalogue"): the
 * search runs on an index built once per catalogue, only the rows of cards in view are drawn, and
 * the grid is memoised so a tap that changes the cart draws none of it again.
 */

/** The card grid's columns: at least this wide (9.5rem), this far apart (0.75rem). */
const CARD_MIN_PX = 152;
const GAP_PX = 12;
/** A catalogue up to this size has every matching card drawn; a bigger one only the rows near the view. */
const DRAW_ALL_UP_TO = 240;
/** In a bigger catalogue every card has this height (and its row this plus the gap): nothing is measured while scrolling or typing. */
const FIXED_CARD_PX = 144;

type ProductBrowserProps = {
  catalog: PosCatalog | undefined;
  /** The catalogue's products, searchable (`useProductIndex`). */
  index: ProductIndex;
  loading: boolean;
  /**
   * False while the catalogue loads, or while only the first products of a big kept catalogue are
   * held (the rest is being read, for a second or so after a reload): a search that finds nothing
   * says it is still loading, and a scanned code not found yet waits for the rest.
   */
  complete: boolean;
  /** Only the first products of the kept catalogue could be read, and the server cannot be reached: said above the grid. */
  firstOnly?: boolean;
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

/** Memoised: a tap that changes the cart draws the cart, not the search box, the categories or the grid. */
export const ProductBrowser = memo(function ProductBrowser({ catalog, index, loading, complete, firstOnly = false, allowNegativeStock, onPick, searchRef }: ProductBrowserProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const drawAll = (catalog?.products.length ?? 0) <= DRAW_ALL_UP_TO;
  // Drawing every match (a small shop) may take a while: the box keeps up and the cards follow.
  // A big catalogue's grid draws only the cards in view: the matches come with the keystroke.
  const typed = search.trim().toLowerCase();
  const deferred = useDeferredValue(typed);
  const needle = drawAll ? deferred : typed;
  const found = useMemo(() => index.search(categoryId, needle), [index, categoryId, needle]);

  // The page hands a new function each render; the grid keeps one that calls the latest.
  const pick = useStableCallback(onPick);

  /** Codes scanned (or typed, then Enter) while the catalogue was still coming in. */
  const waiting = useRef<string[]>([]);

  /** The product with that barcode or SKU (or the one name that matches) goes in the cart. */
  function takeCode(typed: string) {
    const code = typed.trim().toLowerCase();
    if (!code) return;
    const exact = catalog ? index.byCode(code) : undefined;
    const named = exact || !catalog ? [] : index.search(categoryId, code);
    const product = exact ?? (named.length === 1 ? named[0] : undefined);
    if (!product) {
      // The catalogue is still loading, or only its first products are here: taken once it is all in.
      if (!complete) waiting.current.push(typed);
      // Several names match: the cashier narrows the search; nothing matches: say so (a misread scan).
      else if (named.length === 0) toast.error(t('No product with the code {{code}}', { code: typed.trim() }), { id: 'pos-scan' });
      return;
    }
    onPick(product);
    setSearch('');
  }

  const takeWaiting = useStableCallback(() => {
    const codes = waiting.current;
    waiting.current = [];
    for (const code of codes) takeCode(code);
  });
  useEffect(() => {
    if (complete) takeWaiting();
  }, [complete, takeWaiting]);

  // A scanner types the code and Enter.
  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Ctrl+Enter is the till's Pay key, not a code.
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    // The box itself, not the last render: a scanner types faster than the list filters.
    takeCode(event.currentTarget.value);
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

      {firstOnly && catalog ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
          {t('This till could read only its first {{count}} products. The rest come back when the server answers.', { count: catalog.products.length })}
        </p>
      ) : null}
      {loading || (found.length === 0 && !complete) ? (
        <Spinner label={t('Loading…')} className="py-16" />
      ) : found.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 py-16 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {t('No products found.')}
        </p>
      ) : (
        <ProductGrid products={found} drawAll={drawAll} allowNegativeStock={allowNegativeStock} onPick={pick} label={t('Products')} />
      )}
    </div>
  );
});

type GridProps = {
  products: readonly PosProduct[];
  allowNegativeStock: boolean;
  onPick: ProductBrowserProps['onPick'];
  label: string;
};

/** The matching products as cards: all of them in a small shop, a big catalogue's only near the view. */
const ProductGrid = memo(function ProductGrid({ drawAll, ...props }: GridProps & { drawAll: boolean }) {
  useLayoutEffect(() => {
    // When the till could first sell, for DevTools and `npm run bench`: the cards in the page,
    // then on screen.
    if (typeof performance.mark !== 'function' || performance.getEntriesByName('till:products-drawn').length > 0) return;
    performance.mark('till:products-drawn');
    afterNextPaint(() => performance.mark('till:products-painted'));
  }, []);
  return drawAll ? <WholeGrid {...props} /> : <RowsInView {...props} />;
});

/**
 * A small shop's few hundred cards, all drawn (find in page, Tab through them all) by the
 * browser's own grid: nothing is measured, so the till's first frame needs one layout.
 */
function WholeGrid({ products, allowNegativeStock, onPick, label }: GridProps) {
  const texts = useCardTexts();
  return (
    <div role="list" aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3">
      {products.map((product, index) => (
        <div key={product.id} role="listitem" aria-posinset={index + 1} aria-setsize={products.length}>
          <ProductCard product={product} refused={isOutOfStock(product) && !allowNegativeStock} onPick={onPick} fixed={false} texts={texts} />
        </div>
      ))}
    </div>
  );
}

/** A big catalogue's cards, drawn a row at a time as the page scrolls to them, every row the same height. */
function RowsInView({ products, allowNegativeStock, onPick, label }: GridProps) {
  // One set of texts for the grid, handed to each card (a hook per card cost more than the card).
  const texts = useCardTexts();
  const listRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const rect = list.getBoundingClientRect();
      const next = { width: Math.round(rect.width), top: Math.round(rect.top + window.scrollY) };
      setBox((current) => (current.width === next.width && current.top === next.top ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  // As many columns as `repeat(auto-fill, minmax(9.5rem, 1fr))` would make (four before the width is known).
  const columns = box.width > 0 ? Math.max(1, Math.floor((box.width + GAP_PX) / (CARD_MIN_PX + GAP_PX))) : 4;
  const rows = Math.ceil(products.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => FIXED_CARD_PX + GAP_PX,
    // One row beyond the view each way: every row a search redraws is laid out and painted again.
    overscan: 1,
    scrollMargin: box.top,
  });

  return (
    <div ref={listRef} role="list" aria-label={label} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          className="absolute top-0 left-0 grid w-full gap-3 pb-3"
          style={{
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            // Every row the same size, laid out and painted on its own.
            height: FIXED_CARD_PX + GAP_PX,
            contain: 'strict',
          }}
        >
          {products.slice(row.index * columns, (row.index + 1) * columns).map((product, column) => (
            // Keyed by place: typing changes the text of the cards in view, not the cards.
            <div key={column} role="listitem" aria-posinset={row.index * columns + column + 1} aria-setsize={products.length}>
              <ProductCard product={product} refused={isOutOfStock(product) && !allowNegativeStock} onPick={onPick} fixed texts={texts} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The words on the cards, each count's said once per language: a search redraws the cards in view
 * with every keystroke, and asking i18next for "5 left" on each of them cost more than the card.
 */
type CardTexts = {
  outOfStock: string;
  left: (count: number) => string;
  expired: (count: number) => string;
  off: (percent: number) => string;
};

function cardTexts(t: TFunction): CardTexts {
  const said = (say: (value: number) => string) => {
    const kept = new Map<number, string>();
    return (value: number) => {
      let text = kept.get(value);
      if (text === undefined) kept.set(value, (text = say(value)));
      return text;
    };
  };
  return {
    outOfStock: t('Out of stock'),
    left: said((count) => t('{{count}} left', { count })),
    expired: said((count) => t('{{count}} expired', { count })),
    off: said((percent) => t('{{percent}}% off', { percent })),
  };
}

/** One set of card texts per language, for every grid. */
function useCardTexts(): CardTexts {
  const { t } = useTranslation();
  return useMemo(() => cardTexts(t), [t]);
}

type ProductCardProps = {
  product: PosProduct;
  refused: boolean;
  onPick: ProductBrowserProps['onPick'];
  /** One height for every card (a big catalogue's grid). */
  fixed: boolean;
  texts: CardTexts;
};

// A card's classes, put together once (no class overrides another: no merging needed on every draw).
const CARD = {
  base: 'flex w-full flex-col rounded-xl border bg-white p-3 text-left shadow-xs transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-slate-900',
  fixed: 'h-36 overflow-hidden',
  grows: 'h-full min-h-28',
  refused: 'cursor-not-allowed border-slate-200 opacity-60 dark:border-slate-800',
  sells: 'border-slate-200 hover:border-indigo-400 hover:shadow-sm active:scale-[0.98] dark:border-slate-800 dark:hover:border-indigo-500',
};
const cardClass = (fixed: boolean, refused: boolean) => `${CARD.base} ${fixed ? CARD.fixed : CARD.grows} ${refused ? CARD.refused : CARD.sells}`;

const ProductCard = memo(function ProductCard({ product, refused, onPick, fixed, texts }: ProductCardProps) {
  const promoted = product.discount_percent > 0;
  return (
    <button
      type="button"
      // A click from Enter or Space has no pointer behind it (detail 0).
      onClick={(event) => onPick(product, event.detail === 0 ? 'keyboard' : 'pointer')}
      className={cardClass(fixed, refused)}
    >
      <span className="line-clamp-2 font-medium text-slate-900 dark:text-white">{product.name}</span>
      <span className="mt-0.5 font-mono text-xs text-slate-500 dark:text-slate-400">{product.sku}</span>
      {promoted ? (
        <span className="mt-1 w-fit rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
          {texts.off(product.discount_percent)}
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
            {texts.outOfStock}
          </span>
        ) : product.track_stock ? (
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{texts.left(product.stock)}</span>
        ) : null}
      </span>
      {/* Units past their date are counted apart: they are not for sale until a Manager writes them off. */}
      {product.track_stock && product.expired > 0 ? (
        <span className="mt-1 text-xs font-medium text-amber-800 tabular-nums dark:text-amber-300">{texts.expired(product.expired)}</span>
      ) : null}
    </button>
  );
});
