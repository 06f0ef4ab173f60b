import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShifts } from '@/components/shift-report/shifts-api';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatTimeOfDay, shopToday } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useShopSettings } from '@/lib/shop-settings';
import { Panel } from './panel';

/** A shop has a few tills: one page holds every open shift. */
const OPEN_SHIFTS = { status: 'open', page: 1, per_page: 20 } as const;

/** The shifts open now, at which till, by whom and since when, each linked to the Shifts screen. For `shifts:manage`. */
export function OpenShiftsCard() {
  const { t } = useTranslation();
  const canManage = useCan('shifts:manage');
  const timeZone = useShopSettings().settings.localization.timezone;
  const shifts = useShifts(OPEN_SHIFTS, { enabled: canManage });
  if (!canManage) return null;
  const rows = shifts.data?.data ?? [];
  const today = shopToday(new Date(), timeZone);
  // Opened today: the time says enough; earlier (left open overnight): the date too.
  const since = (instant: string) =>
    shopToday(new Date(instant), timeZone) === today ? formatTimeOfDay(instant, timeZone) : formatDateTime(instant, timeZone);

  return (
    <Panel
      title={t('Open shifts')}
      action={
        <Link to="/shifts" className="inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline dark:text-indigo-400">
          {t('See all shifts')} <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      }
    >
      {shifts.isPending ? (
        <Spinner label={t('Loading…')} className="py-2" />
      ) : shifts.isError ? (
        <div className="flex flex-wrap items-center gap-3 py-1 text-sm text-red-700 dark:text-red-400">
          {t('Failed to load shifts')}
          <Button variant="secondary" size="sm" onClick={() => void shifts.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="py-2 text-sm text-slate-500 dark:text-slate-400">{t('No shift is open.')}</p>
      ) : (
        <ul aria-label={t('Open shifts')} className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((shift) => (
            <li key={shift.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900 dark:text-white">{shift.till.name}</span>
                <span className="text-slate-600 dark:text-slate-300">
                  {' · '}
                  {t('{{name}} since {{time}}', { name: shift.opened_by.name, time: since(shift.opened_at) })}
                </span>
              </span>
              <Link
                to={`/shifts?shift=${shift.id}`}
                className="inline-flex min-h-8 items-center gap-1 text-indigo-600 hover:underline pointer-coarse:min-h-11 dark:text-indigo-400"
                aria-label={t('View the shift at {{till}}', { till: shift.till.name })}
              >
                {t('View')} <ArrowRight aria-hidden className="size-3.5" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
