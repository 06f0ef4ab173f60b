import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Till } from '@shop/contracts/till';
import { cn } from '@/lib/cn';

type TillPickerProps = {
  tills: Till[];
  /** The till this browser is set to now, if any (marked). */
  currentId?: number | null;
  onPick: (till: Till) => void;
};

/** The shop's active tills as big buttons (a finger's size), each with its open shift. */
export function TillPicker({ tills, currentId = null, onPick }: TillPickerProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('Tills')} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {tills.map((till) => (
        <li key={till.id}>
          <button
            type="button"
            aria-current={till.id === currentId || undefined}
            onClick={() => onPick(till)}
            className={cn(
              'flex min-h-16 w-full items-center gap-3 rounded-xl border px-4 py-3 text-left transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
              till.id === currentId
                ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/15'
                : 'border-slate-300 bg-white hover:border-indigo-400 hover:bg-indigo-50/50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
            )}
          >
            <Store aria-hidden className="size-6 shrink-0 text-indigo-600 dark:text-indigo-400" />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900 dark:text-white">{till.name}</span>
              <span className="block text-sm text-slate-500 dark:text-slate-400">
                {till.open_shift ? t('Shift open · {{name}}', { name: till.open_shift.opened_by.name }) : t('No open shift')}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
