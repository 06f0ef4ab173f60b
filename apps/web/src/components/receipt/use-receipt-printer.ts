import { useTills } from '@/components/shift-report/shifts-api';
import { printerRoute, tillReceiptPrinter } from '@/lib/printing/print-here';
import { useShopSettings } from '@/lib/shop-settings';

/**
 * The printer a till's receipts go to (its own, else the shop's default, when that is a Receipt
 * printer), how it is reached (the server for network printers, this browser for USB or serial,
 * the print dialog otherwise) and whether the till prints each sale by itself. `known` is false
 * while the tills are still loading.
 */
export function useReceiptPrinter(tillId: number | null) {
  const { settings } = useShopSettings();
  const tills = useTills();
  const till = tillId === null ? null : (tills.data?.find((candidate) => candidate.id === tillId) ?? null);
  const printer = tillReceiptPrinter(settings, till?.printer_id ?? null);
  return {
    settings,
    till,
    printer,
    route: printerRoute(printer),
    autoPrint: till?.auto_print ?? false,
    known: tillId === null || !tills.isPending,
  };
}
