import type { Settings } from '@shop/contracts/settings';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { printAlone } from '../receipt/print-receipt';
import { BarcodeSvg } from './barcode-svg';

/** One product to label: its name, price and the code its barcode encodes. */
export type LabelItem = { name: string; price: number; code: string };

type LabelSize = Settings['printers']['label'];

/** The sheet's page margin: small, so most of the page holds labels. */
const PAGE_MARGIN_MM = 5;
const COMPACT_BELOW_MM = 25;

/**
 * A sheet of price labels for the browser's print dialog: each label exactly the label size of
 * Settings → Printers (mm), with the name, the price and the barcode, flowing in a grid across
 * the page. A thin grey outline shows where to cut.
 */
export function LabelSheet({ labels, size }: { labels: LabelItem[]; size: LabelSize }) {
  // A small label (under 25 mm high) gets smaller type, so the barcode and its digits still fit.
  const compact = size.height < COMPACT_BELOW_MM;
  return (
    <div className="flex flex-wrap content-start bg-white text-black" data-testid="label-sheet">
      {labels.map((label, index) => (
        <div
          key={index}
          data-testid="price-label"
          className={cn(
            'flex flex-col items-center justify-between overflow-hidden text-center outline outline-[0.2mm] -outline-offset-[0.1mm] outline-slate-300 [break-inside:avoid]',
            compact ? 'px-[1mm] py-[0.8mm]' : 'px-[2mm] py-[1.5mm]',
          )}
          style={{ width: `${size.width}mm`, height: `${size.height}mm` }}
        >
          <div className={cn('w-full leading-tight font-semibold break-words', compact ? 'line-clamp-1 text-[7pt]' : 'line-clamp-2 text-[9pt]')}>{label.name}</div>
          <div className={cn('leading-tight font-bold tabular-nums', compact ? 'text-[9pt]' : 'text-[12pt]')}>{formatMoney(label.price)}</div>
          <BarcodeSvg code={label.code} barsHeight={`${Math.max(4, Math.round(size.height * 0.3))}mm`} small={compact} />
        </div>
      ))}
    </div>
  );
}

/** Prints the labels as a sheet with the browser's print dialog, the console hidden. */
export function printLabelSheet(labels: LabelItem[], size: LabelSize): Promise<void> {
  return printAlone(<LabelSheet labels={labels} size={size} />, { testId: 'label-sheet-print', page: () => `@page { margin: ${PAGE_MARGIN_MM}mm; }` });
}
