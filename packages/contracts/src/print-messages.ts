/* What printing says, as plain values: the till loads them without zod. */

export const PRINT_MESSAGES = {
  printed: 'Printed',
  failed: 'Printing failed. The job is in the retry list.',
  testPrinted: 'Test page printed',
  notFound: 'Print job not found.',
  printerUnknown: 'Choose a printer from Settings → Printers.',
  notNetwork: 'This printer is plugged into a till. Print from that till.',
  noReceiptPrinter: 'No receipt printer is set for this till or the shop.',
  notLabelPrinter: 'Choose a Label printer.',
  alreadyPrinted: 'This job has already printed.',
  printing: 'This job is printing now.',
  noBarcode: 'A product without a barcode or SKU cannot be labelled.',
  refused: 'The printer {{name}} at {{target}} refused the connection. Check that it is on and plugged into the network.',
  unreachable: 'The printer {{name}} at {{target}} cannot be reached. Check its address and the network.',
  timedOut: 'The printer {{name}} at {{target}} did not take the job in time. Check its paper and cover.',
  closed: 'The printer {{name}} at {{target}} closed the connection before the job was sent.',
  interrupted: 'The server stopped while this job was printing. Retry it if it did not print.',
} as const;

/** A message with its `{{name}}` filled in. */
export const printMessage = (key: keyof typeof PRINT_MESSAGES, values: Record<string, string> = {}): string =>
  PRINT_MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
