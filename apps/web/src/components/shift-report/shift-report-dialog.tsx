import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { loadFailureText } from '@/lib/error-text';
import { useShopSettings } from '@/lib/shop-settings';
import { ShiftReportActions } from './shift-report-actions';
import { shiftReportTitle, ShiftReportView } from './shift-report-view';
import { useShiftReport } from './shifts-api';

type ShiftReportDialogProps = {
  /** The shift whose report to show (X while open, Z once closed); null when closed. */
  shiftId: number | null;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null;
};

/** A shift's report in a dialog, taken afresh on each opening, with Print and Export CSV. */
export function ShiftReportDialog({ shiftId, onClose, fallbackFocus }: ShiftReportDialogProps) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const report = useShiftReport(shiftId);
  return (
    <Modal
      open={shiftId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={report.data ? shiftReportTitle(report.data, t) : t('Shift report')}
      size="lg"
      fallbackFocus={fallbackFocus}
    >
      <ModalBody>
        {report.isPending ? (
          <Spinner label={t('Loading the report…')} />
        ) : report.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
            {loadFailureText(report.error, t('Failed to load the report'), t)}
            <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
              {t('Try again')}
            </Button>
          </div>
        ) : (
          <ShiftReportView report={report.data} timeZone={settings.localization.timezone} untitled />
        )}
      </ModalBody>
      <ModalFooter>
        {report.data ? <ShiftReportActions report={report.data} /> : null}
        <Button onClick={onClose}>{t('Done')}</Button>
      </ModalFooter>
    </Modal>
  );
}
