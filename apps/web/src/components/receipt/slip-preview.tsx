import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@shop/contracts/sale';
import type { ReceiptSlipSettings } from '@shop/print/receipt';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Spinner } from '@/components/ui/spinner';

/**
 * A sale's receipt exactly as a thermal printer prints it: the slip the server sends (same layout
 * code, same font), drawn here at the shop's receipt paper width, one image pixel per printer dot.
 * The picture is shown at its own size (narrower screens scale it down, keeping the dots crisp).
 */
export function ReceiptSlipPreview({ sale, settings }: { sale: Sale; settings: ReceiptSlipSettings }) {
  const { t } = useTranslation();
  const paper = settings.receipts.paperWidth;
  const language = settings.receipts.language;
  const drawing = useQuery({
    queryKey: ['slip-preview', 'receipt', sale, settings],
    queryFn: async () => {
      // The layout code, the font and the QR library load with the first preview.
      const [{ receiptSlip }, { drawSlipInBrowser }] = await Promise.all([import('@shop/print/receipt'), import('@/lib/printing/slip-canvas')]);
      const canvas = await drawSlipInBrowser(receiptSlip(sale, settings, { paper, language, copy: false }));
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
