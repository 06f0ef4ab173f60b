import type { ReactNode } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, FileText, Lock, LockOpen, Replace, Store, Vault } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Shift } from '@shop/contracts/shift';
import { Button } from '@/components/ui/button';
import { formatTimeOfDay } from '@/lib/format';
import type { TillShift } from './use-till-shift';
import type { MovementKind } from './movement-dialog';

type ShiftBarProps = {
  state: TillShift;
  timeZone: string;
  /** A Manager may set this browser to another till. */
  canChangeTill: boolean;
  onOpenShift: () => void;
  onMovement: (kind: MovementKind) => void;
  onNoSale: (shift: Shift) => void;
  onXReport: (shift: Shift) => void;
  onCloseShift: (shift: Shift) => void;
  onChangeTill: () => void;
  /** The till's printer status (its retry list), first among the controls. */
  printStatus?: ReactNode;
};

/**
 * One line over the till: which till this is, its shift ("Open since 08:05 · Staff Demo" or none),
 * and what the cashier does with the drawer: pay in or out, open it without a sale, an X-report,
 * close the shift; or open one.
 */
export function ShiftBar({ state, timeZone, canChangeTill, onOpenShift, onMovement, onNoSale, onXReport, onCloseShift, onChangeTill, printStatus }: ShiftBarProps) {
  const { t } = useTranslation();
  const { till, shift, shiftQuery } = state;
  if (!till) return null;
  return (
    <section
      aria-label={t('Shift')}
      className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-xs dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex min-w-0 items-center gap-2">
        <Store aria-hidden className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" />
        <div className="min-w-0 leading-tight">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{till.name}</p>
          <p role="status" className="truncate text-xs text-slate-500 dark:text-slate-400">
            {shiftQuery.isPending ? (
              t('Loading the shift…')
            ) : shiftQuery.isError && !shift ? (
              <span className="text-red-700 dark:text-red-400">{t('Could not load the shift.')}</span>
            ) : shift ? (
              t('Open since {{time}} · {{name}}', { time: formatTimeOfDay(shift.opened_at, timeZone), name: shift.opened_by.name })
            ) : (
              t('No open shift')
            )}
          </p>
        </div>
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-1.5">
        {printStatus}
        {shiftQuery.isError && !shift ? (
          <Button variant="secondary" size="sm" onClick={() => void shiftQuery.refetch()}>
            {t('Try again')}
          </Button>
        ) : null}
        {shift ? (
          <>
            <Button variant="secondary" size="sm" title={t('Pay in')} onClick={() => onMovement('in')}>
              <ArrowDownToLine aria-hidden className="size-4" />
              <span className="max-lg:sr-only">{t('Pay in')}</span>
            </Button>
            <Button variant="secondary" size="sm" title={t('Pay out')} onClick={() => onMovement('out')}>
              <ArrowUpFromLine aria-hidden className="size-4" />
              <span className="max-lg:sr-only">{t('Pay out')}</span>
            </Button>
            <Button variant="secondary" size="sm" title={t('No sale')} onClick={() => onNoSale(shift)}>
              <Vault aria-hidden className="size-4" />
              <span className="max-lg:sr-only">{t('No sale')}</span>
            </Button>
            <Button variant="secondary" size="sm" title={t('X-report')} onClick={() => onXReport(shift)}>
              <FileText aria-hidden className="size-4" />
              <span className="max-lg:sr-only">{t('X-report')}</span>
            </Button>
            <Button variant="secondary" size="sm" title={t('Close shift')} onClick={() => onCloseShift(shift)}>
              <Lock aria-hidden className="size-4" />
              <span className="max-lg:sr-only">{t('Close shift')}</span>
            </Button>
          </>
        ) : shiftQuery.isSuccess ? (
          <Button size="sm" onClick={onOpenShift}>
            <LockOpen aria-hidden className="size-4" />
            {t('Open shift')}
          </Button>
        ) : null}
        {canChangeTill ? (
          <Button variant="ghost" size="sm" title={t('Change till')} onClick={onChangeTill}>
            <Replace aria-hidden className="size-4" />
            <span className="max-lg:sr-only">{t('Change till')}</span>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
