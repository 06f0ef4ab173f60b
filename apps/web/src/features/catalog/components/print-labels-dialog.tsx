import { useState, type FormEvent } from 'react';
import { Minus, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PRINT_MESSAGES } from '@shop/contracts/print-messages';
import type { Product } from '@shop/contracts/product';
import type { Printer } from '@shop/contracts/settings';
import { barcodeBars, labelSlip, type BarcodeFormat } from '@shop/print/label';
import { printLabelSheet, type LabelItem } from '@/components/labels/label-sheet';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { failureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { printAnswerText } from '@/lib/printing/print-text';
import { usePrintLabels } from '@/lib/printing/print-api';
import type * as PrintHereModule from '@/lib/printing/print-here';
import { useShopSettings } from '@/lib/shop-settings';

type PrintHere = typeof PrintHereModule;

const MIN_LABELS = 1;
const MAX_LABELS = 500;
/** The printer choice that prints a sheet with the browser's print dialog. */
const SHEET = 'sheet';

type PrintLabelsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  products: Product[];
  /** Drops a product from the selection (and so from the dialog). */
  onRemove: (productId: number) => void;
};

/** Price labels for the picked products: how many of each, and where they print. */
export function PrintLabelsDialog({ open, onOpenChange, products, onRemove }: PrintLabelsDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={busy} title={t('Print labels')} size="xl">
      <PrintLabelsForm products={products} onRemove={onRemove} onBusy={setBusy} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

/** The code a product's barcode encodes (its barcode, else its SKU), or null when it cannot be one. */
function labelCode(product: Pick<Product, 'barcode' | 'sku'>): { code: string; format: BarcodeFormat; text: string } | null {
  const code = product.barcode ?? product.sku;
  if (!code) return null;
  try {
    const { format, text } = barcodeBars(code);
    return { code, format, text };
  } catch {
    return null;
  }
}

const clampCount = (value: number) => (Number.isFinite(value) ? Math.min(MAX_LABELS, Math.max(MIN_LABELS, Math.round(value))) : MIN_LABELS);

function PrintLabelsForm({ products, onRemove, onBusy, onDone }: { products: Product[]; onRemove: (id: number) => void; onBusy: (busy: boolean) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const printers = settings.printers.list.filter((printer) => printer.type === 'Label');
  // The first Label printer until another is chosen (the settings may arrive after the dialog opens).
  const [chosen, setChoice] = useState<string | null>(null);
  const choice = chosen ?? printers[0]?.id ?? SHEET;
  // What each box holds while it is typed in; the count is the box clamped to 1–500.
  const [typed, setTyped] = useState<ReadonlyMap<number, string>>(new Map());
  const [printing, setPrinting] = useState(false);
  const printLabels = usePrintLabels();

  const countOf = (id: number) => clampCount(Number(typed.get(id) ?? MIN_LABELS));
  const setCount = (id: number, value: string) => setTyped((current) => new Map(current).set(id, value));
  const rows = products.map((product) => ({ product, code: labelCode(product) }));
  const printable = rows.flatMap(({ product, code }) => (code ? [{ product, code }] : []));
  const total = printable.reduce((sum, row) => sum + countOf(row.product.id), 0);
  const printer: Printer | null = printers.find((candidate) => candidate.id === choice) ?? null;

  function start(on: boolean) {
    setPrinting(on);
    onBusy(on);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (printing) return;
    if (printable.length === 0) {
      toast.error(t(PRINT_MESSAGES.noBarcode));
      return;
    }
    const route = choice === SHEET || !printer ? 'browser' : printer.connection;
    const labels = printable.flatMap(({ product, code }) =>
      Array.from({ length: countOf(product.id) }, (): LabelItem => ({ name: product.name, price: product.price, code: code.code })),
    );
    if (route === 'browser' || !printer) {
      onDone();
      await printLabelSheet(labels, settings.printers.label);
      return;
    }
    start(true);
    if (route === 'network') {
      printLabels.mutate(
        { printer_id: printer.id, items: printable.map(({ product }) => ({ product_id: product.id, count: countOf(product.id) })) },
        {
          onSuccess: (answer) => {
            start(false);
            if (answer.data.status === 'printed') {
              toast.success(printAnswerText(answer, t));
              onDone();
            } else toast.error(printAnswerText(answer, t));
          },
          onError: (error) => {
            start(false);
            const message = failureText(error, t('Printing failed'), t);
            if (message) toast.error(message);
          },
        },
      );
      return;
    }
    // The USB and serial drivers load only when a label prints on this till's own printer.
    let here: PrintHere | null = null;
    try {
      here = await import('@/lib/printing/print-here');
      await here.printHere({ kind: 'label', printer, slips: labels.map((label) => labelSlip(label, settings, settings.printers.label)) });
      toast.success(t(PRINT_MESSAGES.printed));
      onDone();
    } catch (error) {
      toast.error(here ? t(here.localFailure(error)) : t('Printing failed'));
    } finally {
      start(false);
    }
  }

  return (
    <ModalForm
      onSubmit={(event) => void onSubmit(event)}
      saving={printing}
      onCancel={onDone}
      submitLabel={t('Print labels ({{count}})', { count: total })}
      savingLabel={t('Printing…')}
      bodyClassName="space-y-4"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('Labels to print')}</caption>
        <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t('Product')}
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
              {t('Price')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('Labels')}
            </th>
            <th scope="col" className="w-10 py-2">
              <span className="sr-only">{t('Remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map(({ product, code }) => (
            <tr key={product.id} data-testid="label-row">
              <td className="py-2.5 pr-3 align-middle">
                <div className="font-medium break-words text-slate-900 dark:text-white">{product.name}</div>
                {code ? (
                  <div className="text-xs text-slate-500 dark:text-slate-400">
                    {code.format === 'EAN13' ? 'EAN-13' : 'Code 128'} · <span className="font-mono">{code.text}</span>
                    <span className="sm:hidden"> · {formatMoney(product.price)}</span>
                  </div>
                ) : (
                  <div className="text-xs text-[#b91c1c] dark:text-red-300">{t(PRINT_MESSAGES.noBarcode)}</div>
                )}
              </td>
              <td className="hidden px-3 py-2.5 text-right align-middle font-medium whitespace-nowrap text-slate-900 tabular-nums sm:table-cell dark:text-white">
                {formatMoney(product.price)}
              </td>
              <td className="px-3 py-2 align-middle">
                {code ? (
                  <CountStepper
                    name={product.name}
                    value={typed.get(product.id) ?? String(MIN_LABELS)}
                    count={countOf(product.id)}
                    onChange={(value) => setCount(product.id, value)}
                  />
                ) : (
                  // Why is said under its name.
                  <span aria-hidden className="px-3 text-slate-400 dark:text-slate-500">
                    —
                  </span>
                )}
              </td>
              <td className="py-2 text-right align-middle">
                <IconButton label={t('Remove {{name}}', { name: product.name })} onClick={() => onRemove(product.id)}>
                  <X aria-hidden />
                </IconButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="flex flex-wrap items-end justify-between gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <div className="w-full max-w-sm">
          <FormField id="label-printer" label={t('Printer')}>
            <Select id="label-printer" value={choice} onChange={(event) => setChoice(event.target.value)}>
              {printers.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {printerOption(candidate, t)}
                </option>
              ))}
              <option value={SHEET}>{t('Sheet (browser print)')}</option>
            </Select>
          </FormField>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
          {t('Total labels: {{count}}', { count: total })}
        </p>
      </div>
      {choice === SHEET ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('Labels {{width}} × {{height}} mm, as set in Settings → Printers.', { width: settings.printers.label.width, height: settings.printers.label.height })}
        </p>
      ) : null}
    </ModalForm>
  );
}

/** A Label printer as the choice reads: its name and how it is reached. */
function printerOption(printer: Printer, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (printer.connection === 'network') return `${printer.name} · ${printer.ip}`;
  if (printer.connection === 'usb') return `${printer.name} · ${t('USB on this till')}`;
  if (printer.connection === 'serial') return `${printer.name} · ${t('Serial on this till')}`;
  return `${printer.name} · ${t('Browser print')}`;
}

/** How many labels of one product: − and + (1 to 500), or typed. */
function CountStepper({ name, value, count, onChange }: { name: string; value: string; count: number; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('Labels of {{name}}', { name })}>
      <IconButton label={t('One label less of {{name}}', { name })} disabled={count <= MIN_LABELS} onClick={() => onChange(String(count - 1))}>
        <Minus aria-hidden />
      </IconButton>
      <div className="w-16">
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_LABELS}
          max={MAX_LABELS}
          step={1}
          className="px-2 text-center tabular-nums"
          aria-label={t('Number of labels of {{name}}', { name })}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => onChange(String(count))}
        />
      </div>
      <IconButton label={t('One label more of {{name}}', { name })} disabled={count >= MAX_LABELS} onClick={() => onChange(String(count + 1))}>
        <Plus aria-hidden />
      </IconButton>
    </div>
  );
}
