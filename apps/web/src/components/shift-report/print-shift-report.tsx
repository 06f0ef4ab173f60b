import type { ShiftReport } from '@shop/contracts/shift';
import { printOnRoll } from '@/components/receipt/print-receipt';
import { SHOP_TIME_ZONE } from '@/lib/format';
import { ShiftReportView } from './shift-report-view';

/**
 * Prints a shift's X- or Z-report on the receipt roll (58 or 80 mm, Settings → Receipts), the way
 * receipts print: the slip alone, the page sized to it, the print dialog of the browser.
 */
export function printShiftReport(report: ShiftReport, paperWidth: '58' | '80', timeZone: string = SHOP_TIME_ZONE): Promise<void> {
  return printOnRoll(<ShiftReportView report={report} paper={paperWidth} timeZone={timeZone} />, paperWidth);
}
