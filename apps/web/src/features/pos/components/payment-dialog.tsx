import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@shop/contracts/settings';
import { centsToInput, centsToRielChange, centsToRielDue, fromCents, parseAmountToCents, parseRiel, rielToCents, roundUpTo, toCents, USD_NOTES } from '@shop/contracts/money';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { enumLabel } from '@/lib/enum-labels';
import { formatMoney, formatRiel } from '@/lib/format';
import { KeyHint } from './key-hint';

export type Tender = { method: PaymentMethod; tendered: number | null; tenderedKhr: number };

type PaymentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  totalCents: number;
  methods: PaymentMethod[];
  khrPerUsd: number;
  submitting: boolean;
  /** Why the last attempt did not go through, line by line. */
  problems: string[];
  onConfirm: (tender: Tender) => void;
  /** Where focus goes on close when what opened the dialog cannot take it back. */
  fallbackFocus?: () => HTMLElement | null;
};

/** Notes and coins a customer is likely to hand over, above the total. */
function quickAmounts(totalCents: number): number[] {
  const amounts = new Set<number>();
  for (const note of USD_NOTES) {
    const cents = roundUpTo(totalCents, toCents(note));
    if (cents > totalCents) amounts.add(cents);
  }
  return [...amounts].sort((a, b) => a - b).slice(0, 4);
}

export function PaymentDialog(props: PaymentDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} busy={props.submitting} title={t('Confirm Payment')} fallbackFocus={props.fallbackFocus}>
      {/* Mounted afresh each time it opens: a new sale starts with an empty tender. */}
      {props.open ? <PaymentForm {...props} /> : null}
    </Modal>
  );
}

function PaymentForm({ onOpenChange, totalCents, methods, khrPerUsd, submitting, problems, onConfirm }: PaymentDialogProps) {
  const { t } = useTranslation();
  const [methodKey, setMethodKey] = useState(methods[0]?.key ?? 'cash');
  const [usd, setUsd] = useState('');
  const [khr, setKhr] = useState('');
  const usdRef = useRef<HTMLInputElement>(null);
  // A quick amount fills the field and hands focus back to it, so Enter then confirms.
  const tender = (amount: string) => {
    setUsd(amount);
    usdRef.current?.focus();
  };
  const method = methods.find((m) => m.key === methodKey) ?? methods[0];
  const cash = method?.key === 'cash';

  const usdCents = parseAmountToCents(usd) ?? 0;
  const khrAmount = parseRiel(khr);
  const tenderedCents = usdCents + rielToCents(khrAmount, khrPerUsd);
  const enough = !cash || tenderedCents >= totalCents;
  const changeCents = tenderedCents - totalCents;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!method || !enough || submitting) return;
    onConfirm({ method, tendered: cash ? fromCents(usdCents) : null, tenderedKhr: cash ? khrAmount : 0 });
  }

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        // Enter on a method confirms too (browsers submit from text fields only); buttons keep their own Enter.
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type === 'radio') {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
      noValidate
    >
      <ModalBody>
        <div className="rounded-lg bg-slate-50 px-4 py-3 text-center dark:bg-slate-800/60">
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('Total')}</p>
          <p className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(fromCents(totalCents))}</p>
          <p className="text-sm text-slate-500 tabular-nums dark:text-slate-400">≈ {formatRiel(centsToRielDue(totalCents, khrPerUsd))}</p>
        </div>

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{t('Method')}</legend>
          <div className="grid grid-cols-3 gap-2">
            {methods.map((m) => (
              <label
                key={m.key}
                className={cn(
                  'flex h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500',
                  m.key === methodKey
                    ? 'border-indigo-600 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-200'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                <input type="radio" name="method" value={m.key} checked={m.key === methodKey} onChange={() => setMethodKey(m.key)} className="sr-only" />
                {enumLabel('payment', m.label, t)}
              </label>
            ))}
          </div>
        </fieldset>

        {cash ? (
          <div className="space-y-3">
            <div className="grid grid-cols-2 gap-3">
              <div className="space-y-1">
                <Label htmlFor="tendered-usd">{t('Tendered amount')}</Label>
                <Input
                  id="tendered-usd"
                  ref={usdRef}
                  data-autofocus
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={usd}
                  onChange={(e) => setUsd(e.target.value)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor="tendered-khr">{t('Riel tendered')}</Label>
                <Input id="tendered-khr" type="number" inputMode="numeric" min={0} step={100} value={khr} onChange={(e) => setKhr(e.target.value)} />
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => tender(centsToInput(totalCents))}>
                {t('Exact')}
              </Button>
              {quickAmounts(totalCents).map((cents) => (
                <Button key={cents} variant="secondary" size="sm" onClick={() => tender(centsToInput(cents))}>
                  {formatMoney(fromCents(cents))}
                </Button>
              ))}
            </div>
            <p role="status" className={cn('rounded-lg px-3 py-2 text-sm tabular-nums', enough ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200')}>
              {enough
                ? t('Change: {{usd}} (or {{riel}})', { usd: formatMoney(fromCents(changeCents)), riel: formatRiel(centsToRielChange(changeCents, khrPerUsd)) })
                : t('Short by {{amount}}', { amount: formatMoney(fromCents(-changeCents)) })}
            </p>
          </div>
        ) : null}

        {problems.length ? (
          <AlertBanner>
            <ul className="space-y-0.5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </AlertBanner>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" className="h-11" onClick={() => onOpenChange(false)} disabled={submitting} aria-keyshortcuts="Escape">
          {t('Cancel')}
          <KeyHint>Esc</KeyHint>
        </Button>
        <Button type="submit" className="h-11 min-w-28" disabled={!enough || submitting || !method} aria-keyshortcuts="Enter">
          {submitting ? t('Processing…') : t('Pay')}
          <KeyHint className="border-white/40 bg-white/15 text-white">Enter</KeyHint>
        </Button>
      </ModalFooter>
    </form>
  );
}
