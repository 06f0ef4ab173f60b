import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LoaderCircle, Package, Receipt, Search, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchResults } from '@shop/contracts/search';
import { useSearchResults } from '@/features/search/api/get-search-results';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DELAY_MS = 250;

type Hit = { key: string; to: string; icon: ReactNode; label: string; detail: string; aside?: string };
/** A hit with its place in the whole list, which the arrow keys walk across the groups. */
type PlacedHit = Hit & { index: number };
type Group<T = Hit> = { id: 'products' | 'orders' | 'customers'; title: string; hits: T[] };

/** Typing in a field keeps its '/' (a note, a price); only elsewhere does '/' jump to the search. */
function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * The header's global search (ARIA combobox with a grouped listbox): results for the typed text
 * appear under Products, Orders and Customers; Arrow keys move, Enter opens the record's screen,
 * Escape closes (a second Escape clears). '/' or Ctrl+K / Cmd+K focuses it from anywhere.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);

  const term = text.trim();
  const q = useDebouncedValue(term, SEARCH_DELAY_MS);
  const results = useSearchResults(q);

  // The answer on screen belongs to the text being typed on (or backspaced), never to an older,
  // unrelated search whose pause has not ended yet.
  const current = q !== '' && (term.startsWith(q) || q.startsWith(term)) && term !== '';
  const groups = toGroups(current ? results.data : undefined, t);
  const hits = groups.flatMap((group) => group.hits);
  // Until the answer for what is typed arrives, the last one may still be on screen.
  const waiting = term !== q || results.isPlaceholderData || (results.isPending && q !== '');
  const active = hits.length === 0 ? -1 : Math.min(activeIndex, hits.length - 1);
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && term !== '';

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingIn(event.target);
      const commandK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      if (!slash && !commandK) return;
      // An open dialog keeps the keyboard; the search sits behind it.
      if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!expanded || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on id, which is fixed for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, active]);

  function openHit(hit: Hit) {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    void navigate(hit.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActiveIndex(0);
        } else if (hits.length > 0) setActiveIndex((active + 1) % hits.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (expanded && hits.length > 0) setActiveIndex((active - 1 + hits.length) % hits.length);
        break;
      case 'Enter': {
        event.preventDefault();
        const hit = expanded ? hits[active] : undefined;
        if (hit) openHit(hit);
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText('');
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  let status: ReactNode = null;
  if (results.isError && !waiting) status = t('Search failed. Try again.');
  else if (hits.length === 0) status = waiting || results.isFetching ? t('Searching…') : t('No results for "{{q}}"', { q: term });

  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="relative min-w-0 flex-1 md:max-w-md">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={inputRef}
        type="text"
        name="q"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={100}
        aria-label={t('Search')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/ Control+K Meta+K"
        placeholder={t('Search products, orders, customers…')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActiveIndex(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:focus:bg-slate-900"
      />
      <span aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400">
        {expanded && waiting ? (
          <LoaderCircle className="size-4 animate-spin" />
        ) : (
          <kbd className="hidden rounded border border-slate-200 px-1.5 font-sans text-xs leading-5 sm:inline-block dark:border-slate-700">/</kbd>
        )}
      </span>
      <div
        hidden={!expanded}
        className="absolute top-full left-0 z-40 mt-1.5 max-h-[min(34rem,calc(100dvh-5rem))] w-full min-w-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <div id={listId} role="listbox" aria-label={t('Search results')} hidden={hits.length === 0}>
          {groups.map((group) =>
            group.hits.length === 0 ? null : (
              <div key={group.id} role="group" aria-labelledby={`${id}-${group.id}`} className="py-1 first:pt-0 last:pb-0">
                <div
                  id={`${id}-${group.id}`}
                  role="presentation"
                  className="px-2.5 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
                >
                  {group.title}
                </div>
                {group.hits.map((hit) => (
                  <div
                    key={hit.key}
                    id={optionId(hit.index)}
                    role="option"
                    aria-selected={hit.index === active}
                    // Keep focus in the input, so a click is not undone by the blur closing the list.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActiveIndex(hit.index)}
                    onClick={() => openHit(hit)}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-slate-700 dark:text-slate-200',
                      hit.index === active && 'bg-indigo-50 text-indigo-900 dark:bg-indigo-500/15 dark:text-white',
                    )}
                  >
                    <span aria-hidden className="shrink-0 text-slate-400 dark:text-slate-500 [&>svg]:size-4">
                      {hit.icon}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{hit.label}</span>
                      <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{hit.detail}</span>
                    </span>
                    {hit.aside ? <span className="shrink-0 text-xs font-medium tabular-nums">{hit.aside}</span> : null}
                  </div>
                ))}
              </div>
            ),
          )}
        </div>
        {/* Outside the listbox, which may hold only options; a live region, so a screen reader hears it. */}
        <div role="status" className={cn('text-slate-500 dark:text-slate-400', status ? 'px-2.5 py-2' : 'sr-only')}>
          {expanded ? status : null}
        </div>
      </div>
    </form>
  );
}

function toGroups(data: SearchResults | undefined, t: (key: string) => string): Group<PlacedHit>[] {
  if (!data) return [];
  const groups: Group[] = [
    {
      id: 'products',
      title: t('Products'),
      hits: data.products.map((product) => ({
        key: `product-${product.id}`,
        to: `/products?edit=${product.id}`,
        icon: <Package />,
        label: product.name,
        detail: product.barcode ? `${product.sku} · ${product.barcode}` : product.sku,
        aside: formatMoney(product.price),
      })),
    },
    {
      id: 'orders',
      title: t('Orders'),
      hits: data.orders.map((order) => ({
        key: `order-${order.id}`,
        to: `/orders?sale=${order.id}`,
        icon: <Receipt />,
        label: order.number,
        detail: `${order.customer_name ?? t('Walk-in')} · ${formatDate(order.business_date)}`,
        aside: formatMoney(order.total),
      })),
    },
    {
      id: 'customers',
      title: t('Customers'),
      hits: data.customers.map((customer) => ({
        key: `customer-${customer.id}`,
        to: `/customers?edit=${customer.id}`,
        icon: <UserRound />,
        label: customer.name,
        detail: customer.phone ? `${customer.email} · ${customer.phone}` : customer.email,
      })),
    },
  ];
  let next = 0;
  return groups.map((group) => ({ ...group, hits: group.hits.map((hit) => ({ ...hit, index: next++ })) }));
}
