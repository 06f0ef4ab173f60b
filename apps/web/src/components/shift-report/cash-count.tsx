import { useId, type KeyboardEvent } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fromCents, parseAmountToCents, parseRiel } from '@shop/contracts/money';
import type { DrawerLine } from '@shop/contracts/shift';
import { DENOMINATIONS } from '@shop/contracts/tender';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { formatMoney, formatRiel } from '@/lib/format';

/*
 * Counting a cash drawer, dollars and riel apart: note by note (a count per note of DENOMINATIONS,
 * with − and + for a finger) or a total typed per currency. Opening a shift (its float) and
 * closing it (the count) both use it.
 */

export type Currency = DrawerLine['currency'];
export const CURRENCIES: readonly Currency[] = ['USD', 'KHR'];

export type CashCountValue = {
  byNotes: boolean;
  /** What was typed, per currency: counts per note value, or the total. */
  notes: Record<Currency, Record<number, string>>;
  totals: Record<Currency, string>;
};

export const emptyCashCount = (byNotes = true): CashCountValue => ({ byNotes, notes: { USD: {}, KHR: {} }, totals: { USD: '', KHR: '' } });

/** What is typed in a count box: a whole number of notes, 0 while empty; null when it is not one. */
function parseCount(text: string): number | null {
  if (text.trim() === '') return 0;
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * A currency's count in its smallest unit (cents, or riel), or null while something typed is not
 * a count or an amount.
 */
export function countedUnits(value: CashCountValue, currency: Currency): number | null {
  if (value.byNotes) {
    let units = 0;
    for (const note of DENOMINATIONS[currency]) {
      const count = parseCount(value.notes[currency][note] ?? '');
      if (count === null) return null;
      units += count * (currency === 'USD' ? note * 100 : note);
    }
    return units;
  }
  const typed = value.totals[currency].trim();
  if (typed === '') return 0;
  if (currency === 'USD') {
    if (!/^\d+(\.\d{0,2})?$/.test(typed)) return null;
    return parseAmountToCents(typed);
  }
  return /^\d+$/.test(typed.replace(/,/g, '')) ? parseRiel(typed.replace(/,/g, '')) : null;
}

/** The count as the API takes it (float or counted): an amount per currency, with the notes when counted by note. */
export function cashAmounts(value: CashCountValue): { currency: Currency; amount: number; denominations?: { value: number; count: number }[] }[] | null {
  const amounts = [];
  for (const currency of CURRENCIES) {
    const units = countedUnits(value, currency);
    if (units === null) return null;
    const amount = currency === 'USD' ? fromCents(units) : units;
    const denominations = value.byNotes
      ? DENOMINATIONS[currency].map((note) => ({ value: note, count: parseCount(value.notes[currency][note] ?? '') ?? 0 })).filter((d) => d.count > 0)
      : undefined;
    amounts.push(denominations ? { currency, amount, denominations } : { currency, amount });
  }
  return amounts;
}

export const cashText = (currency: Currency, amount: number) => (currency === 'KHR' ? formatRiel(amount) : formatMoney(amount));
const unitsText = (currency: Currency, units: number) => cashText(currency, currency === 'USD' ? fromCents(units) : units);

type CashCountProps = {
  value: CashCountValue;
  onChange: (value: CashCountValue) => void;
  disabled?: boolean;
  /** What the drawer should hold, shown beside the count (a close without a blind count). */
  expected?: Partial<Record<Currency, number>> | null;
};

/** The count per currency; Tab goes from count to count, ↑ and ↓ add or take one, Enter submits the form it is in. */
export function CashCount({ value, onChange, disabled = false, expected }: CashCountProps) {
  const { t } = useTranslation();
  const id = useId();

  const setNote = (currency: Currency, note: number, text: string) =>
    onChange({ ...value, notes: { ...value.notes, [currency]: { ...value.notes[currency], [note]: text } } });
  const step = (currency: Currency, note: number, delta: number) => {
    const count = parseCount(value.notes[currency][note] ?? '') ?? 0;
    setNote(currency, note, String(Math.max(0, count + delta)));
  };
  const onCountKey = (currency: Currency, note: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    step(currency, note, event.key === 'ArrowUp' ? 1 : -1);
  };

  return (
    <div className="space-y-3">
      <SegmentedControl
        label={t('How to count')}
        options={[
          ['notes', t('Count notes')],
          ['totals', t('Type totals')],
        ]}
        value={value.byNotes ? 'notes' : 'totals'}
        onChange={(how) => onChange({ ...value, byNotes: how === 'notes' })}
        disabled={disabled}
        className="inline-grid"
      />

      <div className="grid gap-4 sm:grid-cols-2">
        {CURRENCIES.map((currency) => {
          const units = countedUnits(value, currency);
          const name = currency === 'KHR' ? t('Riel') : t('Dollars');
          const expectedAmount = expected?.[currency];
          return (
            <fieldset key={currency} className="min-w-0 rounded-lg border border-slate-200 px-3 pt-1 pb-3 dark:border-slate-800" disabled={disabled}>
              <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">{name}</legend>
              {value.byNotes ? (
                <ul className="space-y-1.5">
                  {DENOMINATIONS[currency].map((note) => {
                    const noteText = currency === 'KHR' ? formatRiel(note) : `$${note}`;
                    const count = value.notes[currency][note] ?? '';
                    const invalid = parseCount(count) === null;
                    return (
                      <li key={note} className="flex items-center gap-1.5">
                        <label htmlFor={`${id}-${currency}-${note}`} className="w-20 shrink-0 text-right text-sm font-medium text-slate-700 tabular-nums dark:text-slate-200">
                          {noteText}
                        </label>
                        <span aria-hidden className="text-slate-400">
                          ×
                        </span>
                        <Button
                          variant="secondary"
                          size="icon"
                          tabIndex={-1}
                          aria-label={t('One less {{note}} note', { note: noteText })}
                          onClick={() => step(currency, note, -1)}
                          disabled={disabled || (parseCount(count) ?? 0) === 0}
                        >
                          <Minus aria-hidden className="size-4" />
                        </Button>
                        <Input
                          id={`${id}-${currency}-${note}`}
                          inputMode="numeric"
                          autoComplete="off"
                          aria-label={t('Number of {{note}} notes', { note: noteText })}
                          value={count}
                          placeholder="0"
                          onChange={(event) => setNote(currency, note, event.target.value)}
                          onKeyDown={onCountKey(currency, note)}
                          onFocus={(event) => event.target.select()}
                          aria-invalid={invalid || undefined}
                          className="w-16 text-center tabular-nums"
                        />
                        <Button
                          variant="secondary"
                          size="icon"
                          tabIndex={-1}
                          aria-label={t('One more {{note}} note', { note: noteText })}
                          onClick={() => step(currency, note, 1)}
                          disabled={disabled}
                        >
                          <Plus aria-hidden className="size-4" />
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <div className="space-y-1.5">
                  <label htmlFor={`${id}-${currency}-total`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                    {currency === 'KHR' ? t('Riel counted') : t('Dollars counted')}
                  </label>
                  <Input
                    id={`${id}-${currency}-total`}
                    inputMode={currency === 'KHR' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    placeholder={currency === 'KHR' ? '0' : '0.00'}
                    value={value.totals[currency]}
                    onChange={(event) => onChange({ ...value, totals: { ...value.totals, [currency]: event.target.value } })}
                    aria-invalid={units === null || undefined}
                    className="text-right text-lg tabular-nums"
                  />
                </div>
              )}
              <p className="mt-3 flex justify-between gap-2 border-t border-slate-200 pt-2 text-sm dark:border-slate-800" role="status">
                <span className="text-slate-600 dark:text-slate-300">{t('Total {{currency}}', { currency: name })}</span>
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {units === null ? (
                    <span className="text-red-700 dark:text-red-400">{value.byNotes ? t('Counts are whole numbers.') : currency === 'KHR' ? t('Riel are whole numbers.') : t('Type an amount like 12.50.')}</span>
                  ) : (
                    unitsText(currency, units)
                  )}
                </span>
              </p>
              {expectedAmount !== undefined ? (
                <p className="flex justify-between gap-2 text-sm">
                  <span className="text-slate-600 dark:text-slate-300">{t('Expected')}</span>
                  <span className="tabular-nums">{cashText(currency, expectedAmount)}</span>
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
