import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { drawerLineSchema, type DrawerLine, type Shift, type ShiftCloseInput, type ShiftReport } from '@shop/contracts/shift';
import { ManagerApprovalDialog } from '@/components/manager-approval/manager-approval-dialog';
import { Button } from '@/components/ui/button';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-text';
import { useCan } from '@/lib/permissions';
import { useOutbox } from '@/lib/offline/outbox';
import { useShopSettings } from '@/lib/shop-settings';
import { readTillId } from '@/lib/till';
import { cashAmounts, CashCount, cashText, emptyCashCount, type CashCountValue, type Currency } from './cash-count';
import { ShiftReportActions } from './shift-report-actions';
import { Difference, ShiftReportView } from './shift-report-view';
import { useCloseShift, useShiftReport } from './shifts-api';

const needsApprovalSchema = z.object({ code: z.literal('difference_needs_approval'), drawer: z.array(drawerLineSchema) });

/** The drawer figures of a 409 `difference_needs_approval`, or null for any other failure. */
export function differenceNeedsApproval(error: unknown): DrawerLine[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body) return null;
  const body = error.body;
  const details = typeof body.details === 'object' && body.details !== null ? (body.details as Record<string, unknown>) : {};
  const answer = needsApprovalSchema.safeParse({ code: body.code ?? details.code, drawer: body.drawer ?? details.drawer });
  return answer.success ? answer.data.drawer : null;
}

export type CloseShiftDialogProps = {
  /** The open shift to close; kept while the dialog shows its Z-report. */
  shift: Pick<Shift, 'id' | 'till' | 'opened_by'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shift is closed: its Z-report. */
  onClosed?: (report: ShiftReport) => void;
  fallbackFocus?: () => HTMLElement | null;
};

/**
 * Closing a shift: the cashier counts the drawer per currency (the expected amounts beside the
 * count only when Settings → Shifts has no blind count), may add a note, and closes. A count off
 * by more than the shop allows comes back with the drawer's figures: the note becomes required,
 * and a cashier without `shifts:manage` asks a Manager's approval by PIN before closing again.
 * Once closed, the Z-report shows with Print and Export CSV.
 */
export function CloseShiftDialog({ shift, open, onOpenChange, onClosed, fallbackFocus }: CloseShiftDialogProps) {
  const { t } = useTranslation();
  const close = useCloseShift(shift);
  const [report, setReport] = useState<ShiftReport | null>(null);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setReport(null);
      }}
      busy={close.isPending}
      title={report ? t('Shift closed') : t('Close shift: {{till}}', { till: shift.till.name })}
      description={report ? undefined : t('Count the drawer, dollars and riel apart.')}
      size={report ? 'lg' : 'xl'}
      fallbackFocus={fallbackFocus}
    >
      {report ? (
        <ClosedReport report={report} onDone={() => onOpenChange(false)} />
      ) : (
        <CloseForm
          shift={shift}
          close={close}
          onClosed={(closed) => {
            setReport(closed);
            onClosed?.(closed);
          }}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Modal>
  );
}

function ClosedReport({ report, onDone }: { report: ShiftReport; onDone: () => void }) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  return (
    <>
      <ModalBody>
        <ShiftReportView report={report} timeZone={settings.localization.timezone} />
      </ModalBody>
      <ModalFooter>
        <ShiftReportActions report={report} />
        <Button onClick={onDone} data-autofocus>
          {t('Done')}
        </Button>
      </ModalFooter>
    </>
  );
}

type CloseFormProps = {
  shift: CloseShiftDialogProps['shift'];
  close: ReturnType<typeof useCloseShift>;
  onClosed: (report: ShiftReport) => void;
  onCancel: () => void;
};

function CloseForm({ shift, close, onClosed, onCancel }: CloseFormProps) {
  const { t } = useTranslation();
  // Sales this till made offline belong in the shift's count: it closes once the server has them.
  const outbox = useOutbox();
  const unsynced = shift.till.id === readTillId() ? outbox.count : 0;
  const id = useId();
  const { settings } = useShopSettings();
  const canManage = useCan('shifts:manage');
  const blind = settings.shifts.blindCount;
  // Without a blind count, the X-report says what the drawer should hold.
  const xReport = useShiftReport(shift.id, { enabled: !blind });
  const expected = blind
    ? null
    : Object.fromEntries((xReport.data?.drawer ?? []).flatMap((line) => (line.expected === null ? [] : [[line.currency, line.expected]])));

  const [count, setCount] = useState<CashCountValue>(() => emptyCashCount(true));
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The figures of a count off by more than the shop allows: a note, and for a cashier an approval.
  const [offBy, setOffBy] = useState<DrawerLine[] | null>(null);
  const [asking, setAsking] = useState(false);
  const counted = cashAmounts(count);
  // Once the figures are shown, the note is what to fill in next.
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const waiting = close.isPending;
  useEffect(() => {
    if (offBy && !waiting) noteRef.current?.focus();
  }, [offBy, waiting]);

  function send(approvalToken: string | null) {
    if (!counted) return;
    const input: ShiftCloseInput = { counted, note: note.trim() || null, ...(approvalToken ? { approval_token: approvalToken } : {}) };
    setProblem(null);
    close.mutate(input, {
      onSuccess: (answer) => {
        toast.success(t(answer.message || 'Shift closed'));
        onClosed(answer.data);
      },
      onError: (error) => {
        const drawer = differenceNeedsApproval(error);
        if (drawer) {
          setOffBy(drawer);
          if (offBy && !note.trim()) setNoteError(t('Say why the count is off.'));
          return;
        }
        if (error instanceof ApiError && error.status === 422 && error.errors?.note?.[0]) {
          setNoteError(t(error.errors.note[0]));
          return;
        }
        setProblem(failureText(error, t('Closing the shift failed'), t));
      },
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (close.isPending || !counted) return;
    if (offBy) {
      // Past the limit: a note always; a Manager's PIN unless the one closing may approve it.
      if (!note.trim()) return setNoteError(t('Say why the count is off.'));
      if (!canManage) return setAsking(true);
    }
    send(null);
  }

  const noteId = `${id}-note`;
  const busy = close.isPending;
  return (
    <>
      <form noValidate onSubmit={submit}>
        <ModalBody>
          {!blind && xReport.isPending ? <Spinner label={t('Loading the expected amounts…')} /> : null}
          <CashCount
            value={count}
            onChange={(next) => {
              setCount(next);
              setOffBy(null);
            }}
            disabled={busy}
            expected={expected as Partial<Record<Currency, number>> | null}
          />
          {offBy ? <DifferenceTable lines={offBy} canManage={canManage} /> : null}
          <div className="space-y-1.5">
            <Label htmlFor={noteId}>{offBy ? t('Why is the count off?') : t('Note (optional)')}</Label>
            <Textarea
              ref={noteRef}
              id={noteId}
              rows={2}
              maxLength={500}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError(null);
              }}
              disabled={busy}
              {...invalidProps(noteId, noteError ?? undefined)}
            />
            <FieldError id={noteId} error={noteError ?? undefined} />
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          ) : null}
          {unsynced > 0 ? (
            <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
              {t('Sales made offline at this till not yet on the server: {{count}}. Close the shift once they are synced, so its count includes them.', { count: unsynced })}
            </p>
          ) : null}
        </ModalBody>
        <ModalFooter>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={busy || !counted || unsynced > 0}>
            {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : offBy && !canManage ? <ShieldCheck aria-hidden className="size-4" /> : null}
            {offBy && !canManage ? t("Ask a Manager's approval") : t('Close shift')}
          </Button>
        </ModalFooter>
      </form>
      {/* Outside the form: its own form's submit would otherwise bubble (through the portal) to this one. */}
      <ManagerApprovalDialog
        open={asking}
        onOpenChange={setAsking}
        permission="shifts:manage"
        reason={t('Close {{till}} with a count that is off', { till: shift.till.name })}
        onApproved={(approval) => send(approval.token)}
      />
    </>
  );
}

/** What the drawer should hold, what was counted, and the difference, per currency. */
function DifferenceTable({ lines, canManage }: { lines: DrawerLine[]; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
      <p className="font-medium">
        {canManage ? t('The count is off by more than the shop allows: add a note to close.') : t("The count is off by more than the shop allows: a Manager's approval and a note are needed.")}
      </p>
      <table className="w-full tabular-nums" aria-label={t('Difference per currency')}>
        <thead className="text-xs">
          <tr>
            <th scope="col" className="text-left font-medium">
              {t('Currency')}
            </th>
            <th scope="col" className="text-right font-medium">
              {t('Expected')}
            </th>
            <th scope="col" className="text-right font-medium">
              {t('Counted')}
            </th>
            <th scope="col" className="text-right font-medium">
              {t('Difference')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.currency}>
              <th scope="row" className="text-left font-normal">
                {line.currency === 'KHR' ? t('Riel') : t('Dollars')}
              </th>
              <td className="text-right">{line.expected === null ? '—' : cashText(line.currency, line.expected)}</td>
              <td className="text-right">{line.counted === null ? '—' : cashText(line.currency, line.counted)}</td>
              <td className="text-right font-semibold">{line.difference === null ? '—' : <Difference currency={line.currency} amount={line.difference} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
