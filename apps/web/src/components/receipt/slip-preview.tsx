import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@shop/contracts/sale';
import type { ReceiptSlipSettings } from '@shop/print/receipt';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Spinner } from '@/components/ui/spinner';

/**
 * A sale's receipt exactly as a thermal printer prints it: the slip the server sends (same layout
 * code, same font), drawn here at the shop's receipt paper width, one image pixel per printer dot.
 * The picture is shown at its own size (narrower screens scale it down, keeping the dots crisp),
 * in black and white as the printer's dots come out.
 */
export function ReceiptSlipPreview({ sale, settings }: { sale: Sale; settings: ReceiptSlipSettings }) {
  const { t } = useTranslation();
  const paper = settings.receipts.paperWidth;
  const language = settings.receipts.language;
  const drawing = useQuery({
    queryKey: ['slip-preview', 'receipt', sale, settings],
    queryFn: async () => {
      // The layout code, the font and the QR library load with the first preview.
      const [{ receiptSlip }, { drawSlipInBrowser }, { THRESHOLD }] = await Promise.all([import('@shop/print/receipt'), import('@/lib/printing/slip-canvas'), import('@shop/print/escpos')]);
      const canvas = await drawSlipInBrowser(receiptSlip(sale, settings, { paper, language, copy: false }));
      inkOnly(canvas, THRESHOLD);
      return { url: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  if (drawing.isPending) return <Spinner label={t('Drawing the receipt…')} />;
  if (drawing.isError) return <AlertBanner>{t('The preview could not be drawn in this browser.')}</AlertBanner>;
  const { url, width, height } = drawing.data;
  return (
    <figure className="flex flex-col items-center gap-2">
      <div className="max-h-[65vh] max-w-full overflow-auto rounded-md border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700">
        <img
          data-testid="slip-preview"
          data-width={width}
          data-height={height}
          src={url}
          width={width}
          height={height}
          alt={t('Receipt {{code}} as the printer prints it', { code: sale.code })}
          className="block h-auto max-w-full [image-rendering:pixelated]"
        />
      </div>
      <figcaption className="text-xs text-slate-500 dark:text-slate-400">
        {t('{{paper}} mm paper · {{width}} dots wide', { paper, width })}
      </figcaption>
    </figure>
  );
}

/**
 * The drawing as the printer's dots: each pixel ink or paper, as the encoder decides it (over
 * white, ink when its luminance is under the threshold). Same size, no pixel moved.
 */
function inkOnly(canvas: HTMLCanvasElement, threshold: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = (data[i + 3] ?? 255) / 255;
    const over = (value: number | undefined) => Math.round((value ?? 255) * alpha + 255 * (1 - alpha));
    const luminance = 0.299 * over(data[i]) + 0.587 * over(data[i + 1]) + 0.114 * over(data[i + 2]);
    const dot = luminance < threshold ? 0 : 255;
    data[i] = dot;
    data[i + 1] = dot;
    data[i + 2] = dot;
    data[i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
}
