import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

type PageItem = number | 'gap-before' | 'gap-after';

/** First, last, and the pages next to the current one; gaps where pages are skipped. */
export function pageItems(page: number, lastPage: number): PageItem[] {
  const wanted = new Set([1, lastPage, page - 1, page, page + 1]);
  const pages = [...wanted].filter((n) => n >= 1 && n <= lastPage).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [index, n] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && n - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) items.push(n < page ? 'gap-before' : 'gap-after');
    items.push(n);
  }
  return items;
}

const itemClass =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:pointer-events-none disabled:opacity-40';

/** Previous / page numbers / next. Hidden when there is one page or none (docs/screens.md, "Every list"). */
export function Pager({ page, lastPage, onPageChange }: { page: number; lastPage: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  const plain = 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

  return (
    <nav aria-label={t('Pagination')} className="flex items-center gap-1">
      <button
        type="button"
        className={cn(itemClass, plain)}
        aria-label={t('Previous page')}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden className="size-4" />
      </button>
      {pageItems(page, lastPage).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={cn(itemClass, item === page ? 'bg-indigo-600 text-white dark:bg-indigo-500' : plain)}
            aria-label={t('Page {{page}}', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPageChange(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} aria-hidden className="px-1 text-slate-400">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={cn(itemClass, plain)}
        aria-label={t('Next page')}
        disabled={page >= lastPage}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </nav>
  );
}
