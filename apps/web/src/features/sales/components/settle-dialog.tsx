import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseAmountToCents, parseRiel, toCents } from '@shop/contracts/money';
import type { SettleInput } from '@shop/contracts/payment';
import type { Sale } from '@shop/contracts/sale';
import { CASH_METHOD, centsToKhrDue, settleTender, type PaymentCurrency } from '@shop/contracts/tender';
import { changeText } from '@/components/receipt/sale-payments';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { enumLabel } from '@/lib/enum-labels';
import { failureText } from '@/lib/error-text';
import { tillField } from '@/lib/till';
import { formatMoney, formatRiel } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useShopSettings } from '@/lib/shop-settings';
import { useSettleSale } from '../api/settle-sale';

type SettleDialogProps = { sale: Sale; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Takes a payment against a sale left partly unpaid (POST /sales/{id}/payments): the balance in
 * dollars and riel at the sale's own rates, one payment at a time, change for cash beyond it.
 * Figures come from the same settleTender the server records with.
 */
export function SettleDialog({ sale, open, onOpenChange }: SettleDialogProps) {
  const { t } = useTranslation();
  const settle = useSettleSale();
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={settle.isPending} title={t('Take payment for {{code}}', { code: sale.code })}>
      {open ? <SettleForm sale={sale} settle={settle} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function SettleForm({ sale, settle, onDone }: { sale: Sale; settle: ReturnType<typeof useSettleSale>; onDone: () => void }) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  // KHQR needs its own screen with the code to scan; a balance is settled in cash, by card or by transfer.
  const methods = settings.payments.methods.filter((method) => method.enabled && method.key !== 'khqr');
  const rates = { khrPerUsd: sale.khr_per_usd, khrChangePerUsd: sale.khr_change_per_usd, rielStep: sale.riel_step };
  const owedCents = toCents(sale.balance);
  const [methodKey, setMethodKey] = useState(methods[0]?.key ?? CASH_METHOD);
  const [currency, setCurrency] = useState<PaymentCurrency>('USD');
  const [amount, setAmount] = useState(() => (owedCents / 100).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const method = methods.find((m) => m.key === methodKey) ?? methods[0];
  const cash = method?.key === CASH_METHOD;

  const typed = currency === 'KHR' ? parseRiel(amount) : (parseAmountToCents(amount) ?? 0);
  const outcome = settleTender([{ methodKey: method?.key ?? '', currency, amount: typed }], owedCents, rates);
  const ready = method !== undefined && typed > 0 && !outcome.nonCashOver;

  function choose(key: string, nextCurrency: PaymentCurrency) {
    setMethodKey(key);
    setCurrency(nextCurrency);
    setAmount(nextCurrency === 'KHR' ? String(centsToKhrDue(owedCents, rates)) : (owedCents / 100).toFixed(2));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || !method || settle.isPending) return;
    // Taken at this browser's till: its cash goes into that till's open shift.
    const input: SettleInput = { payments: [{ method: method.key, currency, amount: currency === 'KHR' ? typed : typed / 100 }], ...tillField() };
    const body = JSON.stringify(input);
    const current = attempt.current?.body === body ? attempt.current : { body, key: newIdempotencyKey() };
    attempt.current = current;
    setProblem(null);
    settle.mutate(
      { saleId: sale.id, input, idempotencyKey: current.key },
      {
        onSuccess: (answer) => {
          attempt.current = null;
          const { change } = answer;
          toast.success(
            change.change > 0
              ? t('Payment recorded. Change: {{change}}', { change: changeText({ usdCents: toCents(change.change_usd), khr: change.change_khr }) })
              : t('Payment recorded'),
          );
          onDone();
        },
        onError: (error) => setProblem(failureText(error, t('Payment failed'), t) || t('Payment failed')),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <ModalBody>
        <div className="rounded-lg bg-amber-50 px-4 py-3 text-center dark:bg-amber-950/60">
          <p className="text-sm text-amber-800 dark:text-amber-200">{t('Balance owing')}</p>
          <p className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(sale.balance)}</p>
          <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">≈ {formatRiel(centsToKhrDue(owedCents, rates))}</p>
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{t('Method')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {methods.flatMap((m) =>
              (m.key === CASH_METHOD ? (['USD', 'KHR'] as const) : (['USD'] as const)).map((c) => {
                const chosen = m.key === methodKey && c === currency;
                return (
                  <button
                    key={`${m.key}-${c}`}
                    type="button"
                    aria-pressed={chosen}
                    onClick={() => choose(m.key, c)}
                    className={cn(
                      'flex h-11 items-center justify-center rounded-lg border text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                      chosen
                        ? 'border-indigo-600 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-200'
                        : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
                    )}
                  >
                    {m.key === CASH_METHOD ? `${enumLabel('payment', m.label, t)} ${c === 'USD' ? '$' : '៛'}` : enumLabel('payment', m.label, t)}
                  </button>
                );
              }),
            )}
          </div>
        </fieldset>
        <FormField id="settle-amount" label={currency === 'KHR' ? t('Amount in riel') : t('Amount in dollars')}>
          <Input
            id="settle-amount"
            data-autofocus
            type="number"
            inputMode={currency === 'KHR' ? 'numeric' : 'decimal'}
            min={0}
            step={currency === 'KHR' ? rates.rielStep : 0.01}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </FormField>
        <p
          role="status"
          className={cn(
            'rounded-lg px-3 py-2 text-sm tabular-nums',
            outcome.nonCashOver ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-slate-50 text-slate-700 dark:bg-slate-800/60 dark:text-slate-200',
          )}
        >
          {outcome.nonCashOver
            ? t('Only cash can be more than the balance: change is given in cash.')
            : outcome.changeCents > 0 && cash
              ? t('Change: {{change}}', { change: changeText(outcome.change) })
              : outcome.dueCents > 0
                ? t('Still owing after this payment: {{amount}}', { amount: formatMoney(outcome.dueCents / 100) })
                : t('This pays the balance in full.')}
        </p>
        {problem ? <AlertBanner>{problem}</AlertBanner> : null}
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" className="h-11" onClick={onDone} disabled={settle.isPending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" className="h-11 min-w-28" disabled={!ready || settle.isPending}>
          {settle.isPending ? t('Processing…') : t('Take payment')}
        </Button>
      </ModalFooter>
    </form>
  );
}
