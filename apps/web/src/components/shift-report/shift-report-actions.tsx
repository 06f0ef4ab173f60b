import { useState } from 'react';
import { Download, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ShiftReport } from '@shop/contracts/shift';
import { Button } from '@/components/ui/button';
import { failureText } from '@/lib/error-text';
import { useShopSettings } from '@/lib/shop-settings';
import { printShiftReport } from './print-shift-report';
import { downloadShiftReportCsv } from './shifts-api';

/** Print on the receipt roll (its width from Settings → Receipts) and save as CSV: under a shown report. */
export function ShiftReportActions({ report }: { report: ShiftReport }) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const [saving, setSaving] = useState(false);

  async function exportCsv() {
    setSaving(true);
    try {
      await downloadShiftReportCsv(report);
    } catch (error) {
      const text = failureText(error, t('Export failed'), t);
      if (text) toast.error(text);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => void printShiftReport(report, settings.receipts.paperWidth, settings.localization.timezone)}>
        <Printer aria-hidden className="size-4" />
        {t('Print')}
      </Button>
      <Button variant="secondary" onClick={() => void exportCsv()} disabled={saving}>
        <Download aria-hidden className="size-4" />
        {t('Export CSV')}
      </Button>
    </>
  );
}
