import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Plus, QrCode, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { centsToInput, fromCents, parseAmountToCents, parseRiel, toCents, USD_NOTES } from '@shop/contracts/money';
import type { PaymentInput } from '@shop/contracts/payment';
import type { PaymentMethod } from '@shop/contracts/settings';
import { CASH_METHOD, centsToKhrDue, KHR_NOTES, settleTender, type ChangeIn, type PaymentCurrency, type SaleRates, type TenderOutcome } from '@shop/contracts/tender';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { changeText } from '@/components/receipt/sale-payments';
import { cn } from '@/lib/cn';
import { enumLabel } from '@/lib/enum-labels';
import { formatMoney, formatRiel } from '@/lib/format';
import { KeyHint } from './key-hint';

/** What Bakong's check of a KHQR payment needs: the QR's MD5 and its bill number. */
export type KhqrProof = { md5: string; bill_number: string | null };

/**
 * Shows the KHQR of one payment line (in its currency: dollars or whole riel) and resolves with
 * its proof once paid, or null when the cashier gives up. The KHQR dialog plugs in here.
 */
export type ConfirmKhqr = (request: { currency: PaymentCurrency; amount: number }) => Promise<KhqrProof | null>;

/** What the cashier took: the payments of the sale request, how change is given, and whether the rest stays owed. */
export type Tender = { payments: PaymentInput[]; changeIn: ChangeIn; onAccount: boolean };

/** One payment line as the cashier edits it: the amount as typed, in its currency. */
type TenderLine = { id: number; method: PaymentMethod; currency: PaymentCurrency; text: string; khqr: KhqrProof | null };

type PaymentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  totalCents: number;
  /** The shop's enabled methods. */
  methods: PaymentMethod[];
  rates: SaleRates;
  /** The currency KHQR is taken in (Settings → Payments → KHQR). */
  khqrCurrency: PaymentCurrency;
  submitting: boolean;
  /** Why the last attempt did not go through, line by line. */
  problems: string[];
  onConfirm: (tender: Tender) => void;
  /** A named customer, and a cashier allowed to leave part of a sale on their account. */
  canLeaveOnAccount?: boolean;
  /** Confirms a KHQR line (shows its QR); without it, KHQR lines go as typed. */
  confirmKhqr?: ConfirmKhqr;
  /** Where focus goes on close when what opened the dialog cannot take it back. */
  fallbackFocus?: () => HTMLElement | null;
};

/** A line's amount in its currency's smallest unit: cents, or whole riel. */
const lineAmount = (line: Pick<TenderLine, 'currency' | 'text'>): number => (line.currency === 'KHR' ? parseRiel(line.text) : (parseAmountToCents(line.text) ?? 0));

/** The tender of the typed lines, by the one function the server records it with. */
export function settleLines(lines: readonly Pick<TenderLine, 'method' | 'currency' | 'text'>[], totalCents: number, rates: SaleRates, changeIn: ChangeIn): TenderOutcome {
  return settleTender(
    lines.map((line) => ({ methodKey: line.method.key, currency: line.currency, amount: lineAmount(line) })),
    totalCents,
    rates,
    changeIn,
  );
}

/** The currencies a method is taken in at the till: cash both, KHQR the shop's, the others dollars. */
function currenciesOf(method: PaymentMethod, khqrCurrency: PaymentCurrency): PaymentCurrency[] {
  if (method.key === CASH_METHOD) return ['USD', 'KHR'];
  if (method.key === 'khqr') return [khqrCurrency];
  return ['USD'];
}

/**
 * What a new non-cash line starts at: the remaining due. In riel, rounded up to a whole riel
 * only: a transfer is exact, and a riel step's worth more would be refused (only cash may be more
 * than the total).
 */
function remainingText(outcome: TenderOutcome, currency: PaymentCurrency, rates: SaleRates): string {
  if (outcome.dueCents === 0) return '';
  return currency === 'KHR' ? String(centsToKhrDue(outcome.dueCents, { khrPerUsd: rates.khrPerUsd, rielStep: 1 })) : centsToInput(outcome.dueCents);
}

export function PaymentDialog(props: PaymentDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} busy={props.submitting} size="lg" title={t('Confirm Payment')} fallbackFocus={props.fallbackFocus}>
      {/* Mounted afresh each time it opens: a new sale starts with an empty tender. */}
      {props.open ? <PaymentForm {...props} /> : null}
    </Modal>
  );
}

function PaymentForm({ onOpenChange, totalCents, methods, rates, khqrCurrency, submitting, problems, onConfirm, canLeaveOnAccount = false, confirmKhqr }: PaymentDialogProps) {
  const { t } = useTranslation();
  const nextId = useRef(1);
  const cashMethod = methods.find((method) => method.key === CASH_METHOD);
  const [lines, setLines] = useState<TenderLine[]>(() => {
    const first = cashMethod ?? methods[0];
    if (!first) return [];
    const currency = currenciesOf(first, khqrCurrency)[0]!;
    const text = first.key === CASH_METHOD ? '' : remainingText(settleTender([], totalCents, rates), currency, rates);
    return [{ id: 0, method: first, currency, text, khqr: null }];
  });
  const [changeAllKhr, setChangeAllKhr] = useState(false);
  const [onAccount, setOnAccount] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  // The line just added or filled takes focus once it is on screen, so Enter then pays.
  const focusNext = useRef<number | null>(null);
  const setFocusId = (id: number) => {
    focusNext.current = id;
  };
  useEffect(() => {
    if (focusNext.current === null) return;
    const input = inputs.current.get(focusNext.current);
    focusNext.current = null;
    input?.focus();
    input?.select();
  });

  const changeIn: ChangeIn = changeAllKhr ? 'KHR' : 'mixed';
  const outcome = settleLines(lines, totalCents, rates, changeIn);
  const paying = lines.filter((line) => lineAmount(line) > 0);
  const khqrWaiting = confirmKhqr !== undefined && paying.some((line) => line.method.key === 'khqr' && line.khqr === null);
  const leaveRest = canLeaveOnAccount && onAccount && !outcome.covered;
  const ready = paying.length > 0 && !outcome.nonCashOver && (outcome.covered || leaveRest) && !khqrWaiting;

  const methodName = (method: PaymentMethod) => enumLabel('payment', method.label, t);
  const lineLabel = (line: Pick<TenderLine, 'method' | 'currency'>) =>
    line.currency === 'KHR' ? t('{{method}} in riel', { method: methodName(line.method) }) : t('{{method}} in dollars', { method: methodName(line.method) });

  function addLine(method: PaymentMethod, currency: PaymentCurrency, text: string) {
    const id = nextId.current++;
    setFocusId(id);
    setLines((current) => [...current, { id, method, currency, text, khqr: null }]);
  }

  /** A note handed over: it fills an empty cash line of its currency, or comes as a line of its own. */
  function quickTender(currency: PaymentCurrency, text: string) {
    if (!cashMethod) return;
    const empty = lines.find((line) => line.method.key === CASH_METHOD && line.currency === currency && lineAmount(line) === 0);
    if (!empty) return addLine(cashMethod, currency, text);
    setFocusId(empty.id);
    setLines((current) => current.map((line) => (line.id === empty.id ? { ...line, text } : line)));
  }

  function changeLine(id: number, text: string) {
    // A new amount needs a new QR: a KHQR line's proof was for the amount it showed.
    setLines((current) => current.map((line) => (line.id === id ? { ...line, text, khqr: null } : line)));
  }

  function removeLine(id: number) {
    const index = lines.findIndex((line) => line.id === id);
    const rest = lines.filter((line) => line.id !== id);
    const neighbour = rest[Math.min(index, rest.length - 1)];
    if (neighbour) setFocusId(neighbour.id);
    setLines(rest);
  }

  async function showQr(line: TenderLine) {
    if (!confirmKhqr) return;
    setConfirming(line.id);
    try {
      const amount = lineAmount(line);
      const proof = await confirmKhqr({ currency: line.currency, amount: line.currency === 'KHR' ? amount : fromCents(amount) });
      if (proof) setLines((current) => current.map((each) => (each.id === line.id && lineAmount(each) === amount ? { ...each, khqr: proof } : each)));
    } finally {
      setConfirming(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || submitting) return;
    onConfirm({
      payments: paying.map((line) => ({
        method: line.method.key,
        currency: line.currency,
        amount: line.currency === 'KHR' ? lineAmount(line) : fromCents(lineAmount(line)),
        khqr: line.khqr,
      })),
      changeIn,
      onAccount: leaveRest,
    });
  }

  const due = { usd: formatMoney(fromCents(outcome.dueCents)), riel: formatRiel(outcome.dueKhr) };

  return (
    <form onSubmit={submit} noValidate>
      <ModalBody>
        <div className="grid grid-cols-2 divide-x divide-slate-200 rounded-lg bg-slate-50 py-3 text-center dark:divide-slate-700 dark:bg-slate-800/60">
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('Total')}</p>
            <p className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(fromCents(totalCents))}</p>
          </div>
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('In riel')}</p>
            <p className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">{formatRiel(centsToKhrDue(totalCents, rates))}</p>
          </div>
        </div>

        {cashMethod ? (
          <div role="group" aria-label={t('Cash handed over')} className="space-y-2">
            <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('Cash handed over')}</p>
            <div className="grid grid-cols-6 gap-1.5">
              {USD_NOTES.map((note) => (
                <NoteButton key={note} label={t('Add cash {{amount}}', { amount: formatMoney(note) })} onClick={() => quickTender('USD', centsToInput(toCents(note)))}>
                  {formatMoney(note)}
                </NoteButton>
              ))}
            </div>
            <div className="grid grid-cols-5 gap-1.5">
              {KHR_NOTES.map((note) => (
                <NoteButton key={note} label={t('Add cash {{amount}}', { amount: formatRiel(note) })} onClick={() => quickTender('KHR', String(note))}>
                  {formatRiel(note)}
                </NoteButton>
              ))}
            </div>
          </div>
        ) : null}

        <div role="group" aria-label={t('Add a payment')} className="space-y-2">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('Add a payment')}</p>
          <div className="flex flex-wrap gap-1.5">
            {methods.flatMap((method) =>
              currenciesOf(method, khqrCurrency).map((currency) => (
                <Button
                  key={`${method.key}-${currency}`}
                  variant="secondary"
                  size="sm"
                  onClick={() => addLine(method, currency, method.key === CASH_METHOD ? '' : remainingText(outcome, currency, rates))}
                >
                  <Plus aria-hidden className="size-3.5" />
                  {lineLabel({ method, currency })}
                </Button>
              )),
            )}
          </div>
        </div>

        {lines.length ? (
          <ul aria-label={t('Payments')} className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {lines.map((line, index) => {
              const id = `tender-line-${line.id}`;
              const worth = outcome.creditedCents[index] ?? 0;
              const isKhqr = line.method.key === 'khqr' && confirmKhqr !== undefined;
              return (
                <li key={line.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <label htmlFor={id} className="min-w-28 flex-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                    {lineLabel(line)}
                  </label>
                  <div className="relative w-36">
                    <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500 dark:text-slate-400">
                      {line.currency === 'KHR' ? '៛' : '$'}
                    </span>
                    <Input
                      id={id}
                      ref={(element) => {
                        if (element) inputs.current.set(line.id, element);
                        else inputs.current.delete(line.id);
                      }}
                      data-autofocus={index === 0 ? true : undefined}
                      className="pl-7 text-right tabular-nums"
                      type="number"
                      inputMode={line.currency === 'KHR' ? 'numeric' : 'decimal'}
                      min={0}
                      step={line.currency === 'KHR' ? rates.rielStep : 0.01}
                      value={line.text}
                      onChange={(event) => changeLine(line.id, event.target.value)}
                    />
                  </div>
                  <span className="w-20 text-right text-sm text-slate-500 tabular-nums dark:text-slate-400">
                    {line.currency === 'KHR' && worth > 0 ? `= ${formatMoney(fromCents(worth))}` : null}
                  </span>
                  {isKhqr ? (
                    <Button
                      variant={line.khqr ? 'ghost' : 'secondary'}
                      size="sm"
                      disabled={lineAmount(line) === 0 || confirming !== null || line.khqr !== null}
                      onClick={() => void showQr(line)}
                    >
                      <QrCode aria-hidden className="size-4" />
                      {line.khqr ? t('Paid') : t('Show QR')}
                    </Button>
                  ) : null}
                  <IconButton tone="danger" label={t('Remove {{name}}', { name: lineLabel(line) })} onClick={() => removeLine(line.id)}>
                    <Trash2 aria-hidden />
                  </IconButton>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
            {t('No payment yet: tap a note or add a payment.')}
          </p>
        )}

        <TenderStatus outcome={outcome} due={due} />

        {outcome.changeCents > 0 && (changeAllKhr || outcome.change.usdCents > 0) ? (
          <CheckField id="tender-change-all-khr" label={t('Give all change in riel')} checked={changeAllKhr} onChange={(event) => setChangeAllKhr(event.target.checked)} />
        ) : null}
        {canLeaveOnAccount && !outcome.covered ? (
          <CheckField
            id="tender-on-account"
            label={t('Leave the rest on account')}
            hint={t('The sale stays Partial: the customer owes {{amount}}.', { amount: due.usd })}
            checked={onAccount}
            onChange={(event) => setOnAccount(event.target.checked)}
          />
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
        <Button type="submit" className="h-11 min-w-28" disabled={!ready || submitting} aria-keyshortcuts="Enter">
          {submitting ? t('Processing…') : t('Pay')}
          <KeyHint className="border-white/40 bg-white/15 text-white">Enter</KeyHint>
        </Button>
      </ModalFooter>
    </form>
  );
}

function NoteButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <Button variant="secondary" size="sm" className="px-1 tabular-nums" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Still owed in both currencies, or the change to hand back; said aloud as it changes. */
function TenderStatus({ outcome, due }: { outcome: TenderOutcome; due: { usd: string; riel: string } }) {
  const { t } = useTranslation();
  let text: string;
  let tone: 'short' | 'ok' | 'over';
  if (outcome.nonCashOver) {
    text = t('Only cash can be more than the total: change is given in cash.');
    tone = 'over';
  } else if (!outcome.covered) {
    text = t('Remaining due: {{usd}} or {{riel}}', due);
    tone = 'short';
  } else if (outcome.changeCents === 0) {
    text = t('Paid exactly: no change.');
    tone = 'ok';
  } else {
    const change = changeText(outcome.change);
    text =
      outcome.change.usdCents > 0
        ? t('Change: {{change}} (or all in riel: {{riel}})', { change, riel: formatRiel(outcome.changeAllKhr) })
        : t('Change: {{change}}', { change });
    tone = 'ok';
  }
  return (
    <p
      role="status"
      className={cn(
        'rounded-lg px-3 py-2 text-sm font-medium tabular-nums',
        tone === 'ok' && 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
        tone === 'short' && 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
        tone === 'over' && 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
      )}
    >
      {text}
    </p>
  );
}
