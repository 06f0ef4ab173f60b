import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { LockOpen, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Shift } from '@shop/contracts/shift';
import { ShiftReportDialog } from '@/components/shift-report/shift-report-dialog';
import { useRecordMovement } from '@/components/shift-report/shifts-api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { failureText } from '@/lib/error-text';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCan } from '@/lib/permissions';
import { useShopSettings } from '@/lib/shop-settings';
import { useStableCallback } from '@/lib/use-stable-callback';
import { PrintRetryControl } from '../print-retry-list';
import { useTillShift } from './use-till-shift';
import { MovementDialog, type MovementKind } from './movement-dialog';

// Closing is once a shift and its form checks the count with the shift schemas (and zod): loaded
// when first opened, they stay out of the till's start.
const CloseShiftDialog = lazy(() => import('@/components/shift-report/close-shift-dialog').then((module) => ({ default: module.CloseShiftDialog })));
import { OpenShiftDialog } from './open-shift-dialog';
import { ShiftBar } from './shift-bar';
import { TillPicker } from './till-picker';

/**
 * Everything the till screen shows about its till and shift: the till picker (this browser has
 * none yet), the shift bar and its dialogs, or an Admin's hint when the shop has no tills.
 * `checkoutBlock` says why the till may not take payment now (no till chosen, no open shift
 * while the shop requires one), with what to do about it; `askForShift` opens the shift dialog
 * (after the server refused a sale for want of one).
 */
export function useTillShiftControls(focusOnClose: () => HTMLElement | null) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const timeZone = settings.localization.timezone;
  const state = useTillShift();
  const canManageShifts = useCan('shifts:manage');
  const canManageSettings = useCan('settings:manage');
  const { till, shift, tills, needsTill, noTills, setTill } = state;
  const { isPending: shiftPending, isError: shiftFailed, isSuccess: shiftKnown } = state.shiftQuery;
  const fallbackFocus = useStableCallback(focusOnClose);

  const [opening, setOpening] = useState(false);
  const [movement, setMovement] = useState<MovementKind | null>(null);
  const [noSale, setNoSale] = useState<Shift | null>(null);
  const [reportOf, setReportOf] = useState<number | null>(null);
  const [closing, setClosing] = useState<Shift | null>(null);
  const [changingTill, setChangingTill] = useState(false);

  const checkoutBlock: { reason: string; action?: ReactNode } | null = state.needsTill
    ? { reason: t('Choose which till this is before selling.') }
    : state.needsShift
      ? {
          reason: t('Open a shift at this till before selling.'),
          action: (
            <Button className="h-12 flex-1 text-base" onClick={() => setOpening(true)}>
              <LockOpen aria-hidden className="size-4" />
              {t('Open shift')}
            </Button>
          ),
        }
      : null;

  // Drawn again only when the till, its shift or a dialog of theirs changes: not on every tap at the till.
  const element = useMemo(
    () => (
      <>
        {needsTill ? (
          <Card className="mb-4 space-y-3 px-4 py-4">
            <div>
              <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('Which till is this?')}</h2>
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('This browser sells at the till you choose; its cash is counted in that till’s shifts.')}</p>
            </div>
            <TillPicker tills={tills} onPick={(picked) => setTill(picked.id)} />
          </Card>
        ) : noTills && canManageSettings ? (
          <p className="mb-4 flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <Store aria-hidden className="size-4" />
            {t('Add tills to open shifts and count the drawer in dollars and riel.')}
            <Link to="/settings?tab=shifts" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              {t('Settings → Tills')}
            </Link>
          </p>
        ) : (
          <ShiftBar
            state={state}
            timeZone={timeZone}
            canChangeTill={canManageShifts}
            onOpenShift={() => setOpening(true)}
            onMovement={setMovement}
            onNoSale={setNoSale}
            onXReport={(open) => setReportOf(open.id)}
            onCloseShift={setClosing}
            onChangeTill={() => setChangingTill(true)}
            printStatus={till ? <PrintRetryControl tillId={till.id} /> : null}
          />
        )}
        {/* Each dialog is drawn only while open: closed, it would cost every tap at the till a render. */}
        {till && opening && !shift ? <OpenShiftDialog till={till} open onOpenChange={setOpening} fallbackFocus={fallbackFocus} /> : null}
        {shift && movement ? <MovementDialog shift={shift} kind={movement} onClose={() => setMovement(null)} fallbackFocus={fallbackFocus} /> : null}
        {noSale ? <NoSaleDialog shift={noSale} onClose={() => setNoSale(null)} fallbackFocus={fallbackFocus} /> : null}
        {reportOf !== null ? <ShiftReportDialog shiftId={reportOf} onClose={() => setReportOf(null)} fallbackFocus={fallbackFocus} /> : null}
        {closing ? (
          <Suspense fallback={null}>
            <CloseShiftDialog
              shift={closing}
              open
              onOpenChange={(open) => (open ? undefined : setClosing(null))}
              fallbackFocus={fallbackFocus}
            />
          </Suspense>
        ) : null}
        {changingTill ? (
          <Modal open onOpenChange={setChangingTill} title={t('Change till')} description={t('Which till does this browser sell at?')} size="lg">
            <ModalBody>
              <TillPicker
                tills={tills}
                currentId={till?.id ?? null}
                onPick={(picked) => {
                  setTill(picked.id);
                  setChangingTill(false);
                  toast.success(t('This browser now sells at {{till}}', { till: picked.name }));
                }}
              />
            </ModalBody>
          </Modal>
        ) : null}
      </>
    ),
    // `state` is new on every render; what it shows is listed instead (the shift query's state among it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, till, shift, tills, needsTill, noTills, shiftPending, shiftFailed, shiftKnown, timeZone, canManageShifts, canManageSettings, opening, movement, noSale, reportOf, closing, changingTill, fallbackFocus],
  );

  return { state, element, checkoutBlock, askForShift: () => setOpening(true) };
}

/** "Open the drawer" without a sale: recorded in the shift after a confirm. */
function NoSaleDialog({ shift, onClose, fallbackFocus }: { shift: Shift; onClose: () => void; fallbackFocus: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const record = useRecordMovement(shift);
  // One key per opening of the dialog: confirming again after a lost answer records it once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  function confirm() {
    record.mutate(
      { input: { type: 'no_sale' }, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t('No sale recorded: the drawer may be opened.'));
          onClose();
        },
        onError: (error) => {
          const text = failureText(error, t('Recording failed'), t);
          if (text) toast.error(text);
        },
      },
    );
  }
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      busy={record.isPending}
      title={t('Open the drawer without a sale?')}
      description={t('It is recorded in the shift, with your name.')}
      size="sm"
      fallbackFocus={fallbackFocus}
    >
      <ModalFooter>
        <Button variant="ghost" onClick={onClose} disabled={record.isPending}>
          {t('Cancel')}
        </Button>
        <Button onClick={confirm} disabled={record.isPending} data-autofocus>
          {t('Record no sale')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
