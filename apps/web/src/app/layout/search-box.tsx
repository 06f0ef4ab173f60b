import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The global search field. Searching itself is not built yet, so submitting stays on the page. */
export function SearchBox() {
  const { t } = useTranslation();
  return (
    <form role="search" onSubmit={(event) => event.preventDefault()} className="relative min-w-0 flex-1 md:max-w-md">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        name="q"
        aria-label={t('Search')}
        placeholder={t('Search products, orders, customers…')}
        className="h-9 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:focus:bg-slate-900"
      />
    </form>
  );
}
