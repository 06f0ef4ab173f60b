import type { Sale } from '@shop/contracts/sale';
import { CASH_METHOD } from '@shop/contracts/tender';
import type { Printer } from '@shop/contracts/settings';
import { receiptSlip, type ReceiptSlipSettings } from '@shop/print/receipt';
import { printHere } from './print-here';

/** Cash changed hands: the drawer wired to the receipt printer opens with the receipt. */
export const tookCash = (sale: Pick<Sale, 'payments'>) => sale.payments.some((payment) => payment.method_key === CASH_METHOD);

/**
 * A sale's receipt on this till's USB or serial printer, drawn here at the printer's paper width in
 * the slips' language; a copy says COPY and opens no drawer. Throws when it did not print (the
 * failure is recorded by printHere).
 */
export function printReceiptHere(sale: Sale, settings: ReceiptSlipSettings, printer: Printer, options: { tillId: number | null; copy: boolean }): Promise<void> {
  const slip = receiptSlip(sale, settings, { paper: printer.paperWidth, language: settings.receipts.language, copy: options.copy });
  return printHere({
    kind: 'receipt',
    printer,
    slips: [slip],
    openDrawer: !options.copy && printer.drawer && tookCash(sale),
    tillId: options.tillId,
    saleId: sale.id,
    copy: options.copy,
  });
}
