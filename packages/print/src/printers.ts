import type { Printer, Settings } from '@shop/contracts/settings';
import { DEFAULT_PRINTER_PORT } from '@shop/contracts/settings-defaults';

/*
 * Which printer prints what, from Settings → Printers (docs/decisions/0015-printing.md): a till's
 * receipts go to its own printer or the shop's default; a kitchen station's tickets go to the
 * Kitchen printer named for it, or to a Kitchen printer left for every station. The server and the
 * till both decide with these, so a till knows which receipts the server prints for it.
 */

/** Where a job goes: `host:port` for a network printer, else how the till reaches it. */
export function printerTarget(printer: Printer): string {
  if (printer.connection !== 'network') return printer.connection;
  return /:\d+$/.test(printer.ip) ? printer.ip : `${printer.ip}:${DEFAULT_PRINTER_PORT}`;
}

export const findPrinter = (settings: Pick<Settings, 'printers'>, id: string): Printer | null => settings.printers.list.find((printer) => printer.id === id) ?? null;

/** The printer of a till's receipts: its own, else the shop's default, when it is a Receipt printer. */
export function receiptPrinterFor(settings: Pick<Settings, 'printers'>, tillPrinterId: string | null): Printer | null {
  const id = tillPrinterId ?? settings.printers.default;
  const printer = id === null ? null : findPrinter(settings, id);
  return printer?.type === 'Receipt' ? printer : null;
}

/** The network Kitchen printer of a station: the one named for it, else one for every station. */
export function kitchenPrinterFor(settings: Pick<Settings, 'printers'>, station: string): Printer | null {
  const kitchen = settings.printers.list.filter((printer) => printer.type === 'Kitchen' && printer.connection === 'network');
  return kitchen.find((printer) => printer.station.toLowerCase() === station.toLowerCase()) ?? kitchen.find((printer) => printer.station === '') ?? null;
}
