import { useId, useRef, useState, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseAmountToCents, fromCents } from '@shop/contracts/money';
import type { Shift } from '@shop/contracts/shift';
import { CURRENCIES, cashText, type Currency } from '@/components/shift-report/cash-count';
import { useRecordMovement } from '@/components/shift-report/shifts-api';
import { Button } from '@/components/ui/button';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-text';
import { newIdempotencyKey } from '@/lib/idempotency-key';

export type MovementKind = 'in' | 'out';

/** The reasons a cafe pays cash in or out most often, one tap each (sent in the reader's language). */
const QUICK_REASONS = {
  out: ['Ice', 'Milk', 'Supplier', 'Change float'],
  in: ['Change float', 'Owner top-up'],
} as const;

type MovementDialogProps = {
  shift: Pick<Shift, 'id' | 'till'>;
  /** Open as Pay in or Pay out (switchable inside); null when closed. */
  kind: MovementKind | null;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null;
};

/** Cash paid into or out of the drawer during the shift: which way, the currency, the amount and why. */
export function MovementDialog({ shift, kind, onClose, fallbackFocus }: MovementDialogProps) {
  const { t } = useTranslation();
  const record = useRecordMovement(shift);
  return (
    <Modal
      open={kind !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      busy={record.isPending}
      title={t('Pay in or out')}
      description={t('Cash put into or taken out of the drawer, with the reason.')}
      size="sm"
      fallbackFocus={fallbackFocus}
    >
      {kind ? <MovementForm initialKind={kind} record={record} onDone={onClose} /> : null}
    </Modal>
  );
}

function MovementForm({ initialKind, record, onDone }: { initialKind: MovementKind; record: ReturnType<typeof useRecordMovement>; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<MovementKind>(initialKind);
  const [currency, setCurrency] = useState<Currency>('USD');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  // The same movement asked again (after a failure) goes with the same key; a changed one with a new key.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  /** The typed amount as sent (dollars or whole riel), or null while it is not one more than 0. */
  function typedAmount(): number | null {
    const text = amount.trim().replace(/,/g, '');
    if (currency === 'KHR') return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
    const cents = /^\d+(\.\d{0,2})?$/.test(text) ? parseAmountToCents(text) : null;
    return cents !== null && cents > 0 ? fromCents(cents) : null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending) return;
    const value = typedAmount();
    const found: typeof errors = {};
    if (value === null) found.amount = currency === 'KHR' ? t('Type a whole number of riel, more than 0.') : t('Type an amount more than 0, like 2.50.');
    if (!reason.trim()) found.reason = t('Say what the money is for.');
    setErrors(found);
    if (value === null || found.reason) return;
    const input = { type: kind, currency, amount: value, reason: reason.trim() };
    const body = JSON.stringify(input);
    const current = attempt.current?.body === body ? attempt.current : { body, key: newIdempotencyKey() };
    attempt.current = current;
    record.mutate(
      { input, idempotencyKey: current.key },
      {
        onSuccess: () => {
          toast.success(kind === 'in' ? t('Paid in: {{amount}}', { amount: cashText(currency, value) }) : t('Paid out: {{amount}}', { amount: cashText(currency, value) }));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422 && error.errors) {
            const first = (field: string) => (error.errors?.[field]?.[0] ? t(error.errors[field][0]) : undefined);
            setErrors({ amount: first('amount'), reason: first('reason'), form: first('currency') ?? first('type') });
            return;
          }
          setErrors({ form: failureText(error, t('Recording failed'), t) ?? undefined });
        },
      },
    );
  }

  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;
  const busy = record.isPending;
  return (
    <form noValidate onSubmit={submit}>
      <ModalBody>
        <SegmentedControl
          label={t('Which way')}
          options={[
            ['in', t('Pay in')],
            ['out', t('Pay out')],
          ]}
          value={kind}
          onChange={setKind}
          disabled={busy}
        />
        <SegmentedControl
          label={t('Currency')}
          options={CURRENCIES.map((c) => [c, c === 'KHR' ? t('Riel') : t('Dollars')] as const)}
          value={currency}
          onChange={setCurrency}
          disabled={busy}
        />
        <div className="space-y-1.5">
          <Label htmlFor={amountId}>{currency === 'KHR' ? t('Amount in riel') : t('Amount in dollars')}</Label>
          <Input
            id={amountId}
            data-autofocus
            inputMode={currency === 'KHR' ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={currency === 'KHR' ? '0' : '0.00'}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
            disabled={busy}
            className="text-right text-lg tabular-nums"
            {...invalidProps(amountId, errors.amount)}
          />
          <FieldError id={amountId} error={errors.amount} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={reasonId}>{t('Reason')}</Label>
          <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('Quick reasons')}>
            {QUICK_REASONS[kind].map((quick) => (
              <Button
                key={quick}
                variant={reason === t(quick) ? 'primary' : 'secondary'}
                size="sm"
                disabled={busy}
                aria-pressed={reason === t(quick)}
                onClick={() => {
                  setReason(t(quick));
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
              >
                {t(quick)}
              </Button>
            ))}
          </div>
          <Input
            id={reasonId}
            maxLength={200}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((e) => ({ ...e, reason: undefined }));
            }}
            disabled={busy}
            {...invalidProps(reasonId, errors.reason)}
          />
          <FieldError id={reasonId} error={errors.reason} />
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.form}
          </p>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {kind === 'in' ? t('Record pay in') : t('Record pay out')}
        </Button>
      </ModalFooter>
    </form>
  );
}
