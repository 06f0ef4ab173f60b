import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromCents } from '@shop/contracts/money';
import { DISCOUNT_MESSAGES, handDiscountCents, type DiscountType } from '@shop/contracts/pricing';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import type { CartDiscount } from '../cart-store';

/** Reasons a cashier gives most, one tap each (kept in English on the sale, like a typed reason). */
const QUICK_REASONS = ['Staff', 'Loyal customer', 'Damaged', 'Promotion'] as const;

type DiscountDialogProps = {
  /** What is discounted: a line's name, or the whole order. */
  target: string;
  scope: 'line' | 'order';
  /** What the discount applies to, in cents (the line after its promotion, or the order after the lines' own). */
  baseCents: number;
  current: CartDiscount | null;
  onApply: (discount: CartDiscount) => void;
  onRemove: () => void;
  onCancel: () => void;
  fallbackFocus?: () => HTMLElement | null;
};

/** The request's own rules check the form; they (and zod) load when a discount dialog first opens, not with the till. */
const loadDiscountRules = () => import('@shop/contracts/discount');

/** A discount by hand: percent or amount, with a reason (a quick one or typed). Removing it is one tap. */
export function DiscountDialog({ target, scope, baseCents, current, onApply, onRemove, onCancel, fallbackFocus }: DiscountDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [type, setType] = useState<DiscountType>(current?.type ?? 'percent');
  const [value, setValue] = useState(current ? String(current.value) : '');
  const [reason, setReason] = useState(current?.reason ?? '');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  const number = value.trim() === '' ? Number.NaN : Number(value);
  useEffect(() => {
    // Fetched while the cashier types, so Apply answers at once; a failure here is met again by Apply.
    loadDiscountRules().catch(() => undefined);
  }, []);
  const preview = Number.isFinite(number) && number > 0 ? Math.min(handDiscountCents({ type, value: number }, baseCents), baseCents) : 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rules = await loadDiscountRules().catch(() => null);
    if (!rules) return setErrors({ value: t(NETWORK_ERROR_MESSAGE) });
    const { discountInputSchema } = rules;
    const parsed = discountInputSchema.safeParse({ type, value: Number.isFinite(number) ? number : undefined, reason });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'value';
        found[field] ??= t(issue.message);
      }
      return setErrors(found);
    }
    if (handDiscountCents(parsed.data, baseCents) > baseCents) {
      return setErrors({ value: t(scope === 'line' ? DISCOUNT_MESSAGES.moreThanLine : DISCOUNT_MESSAGES.moreThanOrder) });
    }
    onApply(parsed.data);
  }

  const valueId = `${id}-value`;
  const reasonId = `${id}-reason`;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={scope === 'line' ? t('Discount on {{name}}', { name: target }) : t('Discount on the order')}
      description={t('Of {{amount}}', { amount: formatMoney(fromCents(baseCents)) })}
      size="sm"
      fallbackFocus={fallbackFocus}
    >
      <form noValidate onSubmit={submit} className="space-y-4 px-5 py-5">
        <SegmentedControl
          label={t('Discount type')}
          options={[
            ['percent', t('Percent (%)')],
            ['amount', t('Amount ($)')],
          ]}
          value={type}
          onChange={(next) => {
            setType(next);
            setErrors({});
          }}
        />
        <div className="space-y-1.5">
          <Label htmlFor={valueId}>{type === 'percent' ? t('Percent off') : t('Amount off')}</Label>
          <Input
            id={valueId}
            type="number"
            inputMode="decimal"
            min={0}
            step={type === 'percent' ? 1 : 0.01}
            autoFocus
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setErrors((e) => ({ ...e, value: undefined }));
            }}
            className="h-12 text-lg tabular-nums"
            {...invalidProps(valueId, errors.value)}
          />
          <FieldError id={valueId} error={errors.value} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={reasonId}>{t('Reason')}</Label>
          <div role="group" aria-label={t('Quick reasons')} className="flex flex-wrap gap-2">
            {QUICK_REASONS.map((quick) => (
              <button
                key={quick}
                type="button"
                aria-pressed={reason === quick}
                onClick={() => {
                  setReason(quick);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
                className={cn(
                  'h-9 rounded-full border px-3 text-sm font-medium pointer-coarse:h-11',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                  reason === quick
                    ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                {t(quick)}
              </button>
            ))}
          </div>
          <Input
            id={reasonId}
            value={reason}
            maxLength={200}
            placeholder={t('Or type a reason')}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((e) => ({ ...e, reason: undefined }));
            }}
            {...invalidProps(reasonId, errors.reason)}
          />
          <FieldError id={reasonId} error={errors.reason} />
        </div>
        <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">{t('Takes off {{amount}}', { amount: formatMoney(fromCents(preview)) })}</p>
        <div className="flex flex-wrap justify-between gap-2">
          {current ? (
            <Button variant="ghost" className="h-11 text-red-700 dark:text-red-400" onClick={onRemove}>
              {t('Remove discount')}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button variant="ghost" className="h-11" onClick={onCancel}>
              {t('Cancel')}
            </Button>
            <Button type="submit" className="h-11">
              {t('Apply')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}
