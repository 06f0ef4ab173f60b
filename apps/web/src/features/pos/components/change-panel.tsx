import { CircleAlert, CircleCheck, LoaderCircle, Printer, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toCents } from '@shop/contracts/money';
import type { Sale } from '@shop/contracts/sale';
import { changeText } from '@/components/receipt/sale-payments';
import { Button } from '@/components/ui/button';
import { formatMoney, formatRiel } from '@/lib/format';
import { useOutbox } from '@/lib/offline/outbox';
import { paymentsText } from '@/lib/payments-text';
import { printCallFailureText, printErrorText } from '@/lib/printing/print-text';
import { useReceiptPrinting, type ReceiptPrintState } from '../use-receipt-printing';
import { KeyHint } from './key-hint';

/**
 * What the cashier hands back after Pay, as the server recorded it: the change in dollars and
 * riel in large type (or all of it in riel), the sale number and its payments. It stays until
 * the next sale starts: a product added, New sale (Enter) or Escape. The receipt prints on the
 * till's printer (by itself or on tap) and says how that went; a printer fault never holds up
 * New sale. Without a thermal printer, `onBrowserPrint` opens the browser's print dialog.
 */
export function ChangePanel({ sale, onBrowserPrint, onNewSale }: { sale: Sale; onBrowserPrint: () => void; onNewSale: () => void }) {
  const { t } = useTranslation();
  const receipt = useReceiptPrinting(sale);
  const { status } = receipt.state;
  const change = { usdCents: toCents(sale.change_usd), khr: sale.change_khr };
  const hasChange = sale.change > 0;
  const title = hasChange ? t('Change to give') : t('No change to give');
  // Rung up offline: numbered by the till until the server has it, then by the server.
  const synced = useOutbox().synced[sale.offline?.client_id ?? ''];
  const offline = sale.offline !== null && sale.id === 0;
  // Named by its title, which is no heading: the cart's own heading stays the one in the panel.
  return (
    <section
      aria-label={title}
      className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2.5 dark:border-emerald-800 dark:bg-emerald-950/60"
    >
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-emerald-900 dark:text-emerald-100">{title}</p>
        <span className="font-mono text-xs text-emerald-800 dark:text-emerald-300">{synced?.code ?? sale.code}</span>
      </div>
      {offline ? (
        <p role="status" data-testid="offline-sale-status" className="text-sm text-amber-800 dark:text-amber-300">
          {synced
            ? t('Receipt {{number}} is on the server as {{code}}.', { number: sale.code, code: synced.code })
            : t('Sold offline as {{number}}: kept on this till and sent when the server is back.', { number: sale.code })}
        </p>
      ) : null}
      {hasChange ? (
        <div role="status" aria-label={t('Change: {{change}}', { change: changeText(change) })}>
          <p className="text-3xl leading-tight font-bold text-emerald-950 tabular-nums lg:text-4xl dark:text-white">{changeText(change)}</p>
          {change.usdCents > 0 ? (
            <p className="text-sm text-emerald-900 tabular-nums dark:text-emerald-200">{t('or all in riel: {{riel}}', { riel: formatRiel(sale.change_all_khr) })}</p>
          ) : null}
        </div>
      ) : null}
      <p className="text-sm text-emerald-900 tabular-nums dark:text-emerald-200">
        {t('Paid {{total}}: {{payments}}', { total: formatMoney(sale.total), payments: paymentsText(sale, t) })}
      </p>
      {sale.balance > 0 ? <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{t('Left on account: {{amount}}', { amount: formatMoney(sale.balance) })}</p> : null}
      <ReceiptStatus state={receipt.state} />
      <div className="flex gap-2">
        {status === 'dialog' || status === 'tap' ? (
          <Button variant="secondary" className="h-11 flex-1" onClick={status === 'dialog' ? onBrowserPrint : receipt.print}>
            <Printer aria-hidden className="size-4" />
            {t('Print receipt')}
          </Button>
        ) : status === 'failed' ? (
          <Button variant="secondary" className="h-11 flex-1" onClick={receipt.print}>
            <RotateCcw aria-hidden className="size-4" />
            {t('Retry')}
          </Button>
        ) : null}
        <Button className="h-11 flex-1" onClick={onNewSale} aria-keyshortcuts="Enter Escape">
          {t('New sale')}
          <KeyHint className="border-white/40 bg-white/15 text-white">Enter</KeyHint>
        </Button>
      </div>
    </section>
  );
}

/** The receipt's print state, read out as it changes: printing, printed, or not printed and why. */
function ReceiptStatus({ state }: { state: ReceiptPrintState }) {
  const { t } = useTranslation();
  const text =
    state.status === 'printing'
      ? t('Printing…')
      : state.status === 'printed'
        ? t('Receipt printed')
        : state.status === 'failed'
          ? t('Receipt not printed: {{reason}}', { reason: state.jobError !== null ? printErrorText(state.jobError, t) : printCallFailureText(state.error, t) })
          : '';
  // Always there, so a change of state is read out; empty while there is nothing to say.
  return (
    <div aria-live="polite" aria-atomic className="empty:hidden">
      {text ? (
        <p
          className={
            state.status === 'failed'
              ? 'flex items-start gap-1.5 text-sm font-medium text-red-800 dark:text-red-300'
              : 'flex items-center gap-1.5 text-sm text-emerald-900 dark:text-emerald-200'
          }
        >
          {state.status === 'printing' ? <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin" /> : null}
          {state.status === 'printed' ? <CircleCheck aria-hidden className="size-4 shrink-0" /> : null}
          {state.status === 'failed' ? <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> : null}
          <span className="min-w-0">{text}</span>
        </p>
      ) : null}
    </div>
  );
}
