import type { ListMeta } from '@shop/contracts/common';
import { useTranslation } from 'react-i18next';
import { Pager } from './pager';

/** "Showing 6–10 of 31" and the pager, under a list table. */
export function ListFooter({ meta, rowCount, onPageChange }: { meta: ListMeta | undefined; rowCount: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (!meta || meta.total === 0) return null;
  const from = (meta.current_page - 1) * meta.per_page + 1;
  const to = from + Math.max(rowCount, 1) - 1;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t('Showing {{from}}–{{to}} of {{total}}', { from, to, total: meta.total })}
      </p>
      <Pager page={meta.current_page} lastPage={meta.last_page} onPageChange={onPageChange} />
    </div>
  );
}
