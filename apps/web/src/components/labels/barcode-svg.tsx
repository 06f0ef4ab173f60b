import { barcodeBars } from '@shop/print/label';
import { cn } from '@/lib/cn';

/** Blank modules either side of the bars, so a scanner finds where the code starts and ends. */
const QUIET_MODULES = 10;

/**
 * A barcode drawn as SVG from the same bars the thermal label prints (EAN-13 when the code is
 * 12 or 13 digits with a right check digit, else Code 128), its human-readable text under it.
 * It stretches to its box's width; `barsHeight` is the bars' height (any CSS length); `small`
 * sets the digits smaller, for a small label.
 */
export function BarcodeSvg({ code, barsHeight, small = false }: { code: string; barsHeight: string; small?: boolean }) {
  const { bars, text, format } = barcodeBars(code);
  const width = bars.length + QUIET_MODULES * 2;
  return (
    <figure className="m-0 flex w-full min-w-0 flex-col items-center" data-barcode-format={format}>
      <svg
        role="img"
        aria-label={text}
        viewBox={`0 0 ${width} 1`}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        className="block w-full"
        style={{ height: barsHeight }}
      >
        <rect width={width} height={1} fill="#fff" />
        {runs(bars).map(([start, length]) => (
          <rect key={start} x={start + QUIET_MODULES} width={length} height={1} fill="#000" />
        ))}
      </svg>
      <figcaption className={cn('font-mono leading-none tracking-[0.12em] text-black', small ? 'text-[6pt]' : 'text-[8pt]')}>{text}</figcaption>
    </figure>
  );
}

/** The bars as [start, length] runs of 1s, one rect per bar rather than per module. */
function runs(bars: string): [number, number][] {
  const found: [number, number][] = [];
  for (let index = 0; index < bars.length; index += 1) {
    if (bars[index] !== '1') continue;
    const start = index;
    while (bars[index + 1] === '1') index += 1;
    found.push([start, index - start + 1]);
  }
  return found;
}
