import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Sale } from '@shop/contracts/sale';
import { SaleReceipt, type ReceiptSettings } from './sale-receipt';

type PaperWidth = ReceiptSettings['receipts']['paperWidth'];

/** The element `@media print` in index.css keeps (everything else is hidden while it prints). */
export const RECEIPT_PRINT_ROOT_CLASS = 'receipt-print-root';
/** On <html> while a receipt is being printed. */
const PRINTING_CLASS = 'receipt-printing';
const PAGE_STYLE_ID = 'receipt-page-style';
const IMAGE_WAIT_MS = 3000;
const MM_PER_PX = 25.4 / 96;
/** Room for the printer's own rounding, so the last line never spills onto a second slip. */
const SLACK_MM = 4;

let current: { host: HTMLElement; root: Root } | null = null;

/** Removes the printed receipt, its page size and the printing mode (after printing, or before the next one). */
export function clearPrintedReceipt(): void {
  document.documentElement.classList.remove(PRINTING_CLASS);
  document.getElementById(PAGE_STYLE_ID)?.remove();
  if (!current) return;
  const { host, root } = current;
  current = null;
  root.unmount();
  host.remove();
}

/**
 * Prints one sale's receipt and nothing else, with the browser's print dialog: the receipt is
 * rendered on its own under <body>, the page is sized to the paper roll (58 or 80 mm wide, as
 * long as the receipt), and the print stylesheet hides the console. The receipt stays until the
 * print dialog closes (`afterprint`) or the next receipt is printed.
 */
export function printReceipt(sale: Sale, settings: ReceiptSettings): Promise<void> {
  return printOnRoll(<SaleReceipt sale={sale} settings={settings} />, settings.receipts.paperWidth);
}

/**
 * Prints any slip (a receipt, a shift's Z-report) on the receipt roll the same way: rendered on
 * its own, the page sized to the roll's width and the slip's length, the console hidden.
 */
export function printOnRoll(slip: ReactNode, paperWidth: PaperWidth): Promise<void> {
  return printAlone(slip, {
    testId: 'receipt-print',
    // Without a measured height (no layout), a roll is still better than a sheet of A4.
    page: (host) => {
      const heightMm = Math.ceil(host.getBoundingClientRect().height * MM_PER_PX) + SLACK_MM;
      return `@page { size: ${paperWidth}mm ${heightMm > SLACK_MM ? `${heightMm}mm` : '297mm'}; margin: 0; }`;
    },
  });
}

/**
 * Prints `content` and nothing else with the browser's print dialog (a slip on the roll, a sheet
 * of labels): rendered on its own under <body>, the page rule from `page` (given the rendered
 * content, e.g. to measure it), the console hidden by the print stylesheet. It stays until the
 * print dialog closes (`afterprint`) or the next thing is printed.
 */
export async function printAlone(content: ReactNode, options: { testId: string; page: (host: HTMLElement) => string }): Promise<void> {
  clearPrintedReceipt();
  const host = document.createElement('div');
  host.className = RECEIPT_PRINT_ROOT_CLASS;
  host.setAttribute('data-testid', options.testId);
  document.body.appendChild(host);
  const root = createRoot(host);
  current = { host, root };
  flushSync(() => root.render(content));

  await imagesReady(host);
  if (current?.host !== host) return; // another slip was asked for meanwhile

  const style = document.createElement('style');
  style.id = PAGE_STYLE_ID;
  style.textContent = options.page(host);
  document.head.appendChild(style);
  document.documentElement.classList.add(PRINTING_CLASS);

  window.addEventListener('afterprint', clearPrintedReceipt, { once: true });
  window.print();
}

/** Waits for the logo, so it is not missing from the slip; gives up after a few seconds. */
async function imagesReady(host: HTMLElement): Promise<void> {
  const images = [...host.querySelectorAll('img')];
  if (images.length === 0) return;
  const loads = images.map((image) =>
    image.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
  );
  await Promise.race([Promise.all(loads), new Promise((resolve) => window.setTimeout(resolve, IMAGE_WAIT_MS))]);
}
