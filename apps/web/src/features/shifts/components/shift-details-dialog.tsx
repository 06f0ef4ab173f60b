import { useState } from 'react';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Shift } from '@shop/contracts/shift';
import { CloseShiftDialog } from '@/components/shift-report/close-shift-dialog';
import { ShiftReportActions } from '@/components/shift-report/shift-report-actions';
import { shiftReportTitle, ShiftReportView } from '@/components/shift-report/shift-report-view';
import { useShiftReport } from '@/components/shift-report/shifts-api';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useShopSettings } from '@/lib/shop-settings';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';

type ShiftDetailsDialogProps = {
  /** The shift to show; `null` when the dialog is closed. */
  shiftId: number | null;
  onClose: () => void;
};

/**
 * One shift's report over the Shifts list: its X-report while open (with "Close shift" for a
 * shift left open), its Z-report once closed; Print on the receipt roll and Export CSV.
 */
export function ShiftDetailsDialog({ shiftId, onClose }: ShiftDetailsDialogProps) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const report = useShiftReport(shiftId);
  useLoadErrorToast(report.error, report.errorUpdatedAt, t('Failed to load the shift report'), t);
  const data = shiftId !== null && report.data?.shift.id === shiftId ? report.data : undefined;
  // The open shift being closed: kept while the close dialog shows its Z-report.
  const [closing, setClosing] = useState<Shift | null>(null);
  const [closed, setClosed] = useState(false);

  return (
    <>
      <Modal
        open={shiftId !== null && closing === null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        size="xl"
        title={data ? `${shiftReportTitle(data, t)} · ${data.shift.till.name}` : t('Shift report')}
      >
        {data ? (
          <>
            <ModalBody>
              <ShiftReportView report={data} timeZone={settings.localization.timezone} />
            </ModalBody>
            <ModalFooter>
              <Button variant="secondary" onClick={onClose}>
                {t('Close')}
              </Button>
              <ShiftReportActions report={data} />
              {data.shift.status === 'open' ? (
                <Button variant="danger" onClick={() => {
                    setClosed(false);
                    setClosing(data.shift);
                  }}>
                  <Lock aria-hidden className="size-4" />
                  {t('Close shift')}
                </Button>
              ) : null}
            </ModalFooter>
          </>
        ) : (
          <ModalBody>
            {report.isError ? (
              <div className="space-y-3">
                <AlertBanner>{t('Failed to load the shift report')}</AlertBanner>
                <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
                  {t('Retry')}
                </Button>
              </div>
            ) : (
              <Spinner label={t('Loading…')} />
            )}
          </ModalBody>
        )}
      </Modal>
      {closing ? (
        <CloseShiftDialog
          shift={closing}
          open
          onClosed={() => setClosed(true)}
          onOpenChange={(open) => {
            if (open) return;
            setClosing(null);
            // Done with the Z-report: back to the list, where the shift now shows closed. Cancelled: back to its X-report.
            if (closed) onClose();
          }}
        />
      ) : null}
    </>
  );
}
