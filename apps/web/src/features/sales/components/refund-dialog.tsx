import { useRef, useState, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { fromCents, toCents } from '@shop/contracts/money';
import { refundKhr, refundTotalCents } from '@shop/contracts/refund';
import type { Approval } from '@shop/contracts/approval';
import type { RefundInput, Sale, SaleItem } from '@shop/contracts/sale';
import { CASH_METHOD, type PaymentCurrency } from '@shop/contracts/tender';
import { ManagerApprovalDialog } from '@/components/manager-approval/manager-approval-dialog';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FieldError, FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-text';
import { tillField } from '@/lib/till';
import { cn } from '@/lib/cn';
import { enumLabel } from '@/lib/enum-labels';
import { formatMoney, formatRiel } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCan } from '@/lib/permissions';
import { saleKeys } from '../api/get-sales';
import { useRefundSale } from '../api/refund-sale';

/** What is left to refund of a line. */
const leftOf = (item: SaleItem) => item.quantity - item.refunded_qty;

function refundFormSchema(items: SaleItem[]) {
  return z.object({
    lines: z
      .array(
        z.object({
          quantity: z
            .number({ error: 'Enter a whole number.' })
            .int('Enter a whole number.')
            .min(0, 'Enter 0 or more.'),
        }),
      )
      .superRefine((lines, ctx) => {
        lines.forEach((line, index) => {
          const item = items[index];
          if (item && line.quantity > leftOf(item)) ctx.addIssue({ code: 'custom', path: [index, 'quantity'], message: 'More than is left to refund.' });
        });
      }),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters.'),
    restock: z.boolean(),
    /** How the money goes back: a method key, and dollars or (cash only) riel. */
    method: z.string().min(1, 'Choose a payment method.'),
    currency: z.enum(['USD', 'KHR']),
  });
}

type FormValues = z.infer<ReturnType<typeof refundFormSchema>>;

/** The money the chosen units bring back, in cents: the server's own sum (refundLineAmounts). */
function refundCents(sale: Sale, lines: { quantity: number }[]): number {
  const items = sale.items ?? [];
  const refundedCents = (item: SaleItem) => toCents((sale.refunds ?? []).flatMap((refund) => refund.items).filter((line) => line.sale_item_id === item.id).reduce((sum, line) => sum + line.amount, 0));
  const wanted = new Map(items.map((item, index) => [item.id, Number.isFinite(lines[index]?.quantity) ? Math.max(0, Math.min(lines[index]!.quantity, leftOf(item))) : 0]));
  return refundTotalCents(
    toCents(sale.total),
    items.map((item) => ({ id: item.id, quantity: item.quantity, refunded_qty: item.refunded_qty, line_total_cents: toCents(item.line_total), refunded_cents: refundedCents(item) })),
    wanted,
  );
}

/** One refund attempt: its body and the key it goes with, so a retry of it sends the same key. */
type Attempt = { body: string; key: string };

type RefundDialogProps = {
  sale: Sale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Refunds some or all of a sale's lines (POST /sales/{id}/refunds, Manager and Admin): a new
 * document; the server works out the amount and puts the goods back on the shelf if asked.
 */
export function RefundDialog({ sale, open, onOpenChange }: RefundDialogProps) {
  const { t } = useTranslation();
  const refund = useRefundSale();
  // Kept while the sale is open, so reopening after a lost answer still retries with the same key.
  const attempt = useRef<Attempt | null>(null);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={refund.isPending}
      size="lg"
      title={t('Refund {{code}}', { code: sale.code })}
      description={t('The amount is worked out from what the customer paid for each line, tax and service included.')}
    >
      <RefundForm sale={sale} attemptRef={attempt} refund={refund} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function RefundForm({
  sale,
  attemptRef,
  refund,
  onDone,
  onCancel,
}: {
  sale: Sale;
  attemptRef: RefObject<Attempt | null>;
  refund: ReturnType<typeof useRefundSale>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { settings } = useShopSettings();
  const items = sale.items ?? [];
  const firstMethod = sale.payments[0]?.method_key ?? CASH_METHOD;
  const methods = settings.payments.methods.filter((method) => method.enabled || method.key === firstMethod);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(refundFormSchema(items)),
    defaultValues: { lines: items.map(() => ({ quantity: 0 })), reason: '', restock: true, method: firstMethod, currency: 'USD' },
  });
  const lines = useWatch({ control, name: 'lines' });
  const method = useWatch({ control, name: 'method' });
  const currency = useWatch({ control, name: 'currency' });
  const chosen = lines.some((line) => Number.isFinite(line.quantity) && line.quantity > 0);
  const amountCents = refundCents(sale, lines);
  const inRiel = method === CASH_METHOD && currency === 'KHR';
  const riel = inRiel ? refundKhr(amountCents, { khrPerUsd: sale.khr_per_usd, rielStep: sale.riel_step }) : 0;
  const amountText = inRiel ? formatRiel(riel) : formatMoney(fromCents(amountCents));

  function refundAll() {
    items.forEach((item, index) => setValue(`lines.${index}.quantity`, leftOf(item), { shouldValidate: true }));
  }

  function chooseCurrency(value: PaymentCurrency) {
    setValue('currency', value);
  }
  const sending = refund.isPending;

  // A cashier without `sales:refund` refunds with a Manager's PIN: asked once, kept while the dialog is open.
  const mayRefund = useCan('sales:refund');
  const [approval, setApproval] = useState<Approval | null>(null);
  const [asking, setAsking] = useState<FormValues | null>(null);
  const approvalLive = approval !== null && Date.parse(approval.expires_at) > Date.now();

  function submit(values: FormValues) {
    if (sending) return;
    if (!mayRefund && !approvalLive) {
      setAsking(values);
      return;
    }
    send(values, mayRefund ? null : (approval?.token ?? null));
  }

  function send(values: FormValues, approvalToken: string | null) {
    const sent = values.lines
      .map((line, index) => ({ index, item: items[index], quantity: line.quantity }))
      .filter((line): line is { index: number; item: SaleItem; quantity: number } => line.item !== undefined && line.quantity > 0);
    const input: RefundInput = {
      items: sent.map((line) => ({ sale_item_id: line.item.id, quantity: line.quantity })),
      reason: values.reason || null,
      method: values.method,
      // Riel goes back only in cash.
      currency: values.method === CASH_METHOD ? values.currency : 'USD',
      restock: values.restock,
      ...(approvalToken ? { approval_token: approvalToken } : {}),
      // Cash goes back from this browser's till, in its open shift.
      ...tillField(),
    };
    const body = JSON.stringify(input);
    // The same refund asked again (after a failure) goes with the same key; a changed one with a new key.
    const current = attemptRef.current?.body === body ? attemptRef.current : { body, key: newIdempotencyKey() };
    attemptRef.current = current;

    refund.mutate(
      { saleId: sale.id, input, idempotencyKey: current.key },
      {
        onSuccess: (answer) => {
          attemptRef.current = null;
          const recorded = answer.data.refunds?.find((row) => row.id === answer.refund.id);
          const amount = recorded?.currency === 'KHR' ? formatRiel(recorded.amount_khr) : formatMoney(answer.refund.amount);
          toast.success(t('Refund recorded: {{amount}}', { amount }));
          onDone();
        },
        onError: (error) => {
          const message = failureText(error, t('Refund failed'), t);
          if (message) toast.error(message);
          if (error instanceof ApiError && error.errors) {
            // The server names the lines by their place in what was sent: items.<n>.quantity.
            for (const [field, messages] of Object.entries(error.errors)) {
              const text = messages[0];
              if (!text) continue;
              const match = /^items\.(\d+)\./.exec(field);
              const line = match ? sent[Number(match[1])] : undefined;
              if (line) setError(`lines.${line.index}.quantity`, { type: 'server', message: text });
              else if (field === 'reason' || field === 'method' || field === 'currency') setError(field, { type: 'server', message: text });
            }
          }
          // The answer may have been lost after the refund went through: show what is recorded now.
          if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
            void queryClient.invalidateQueries({ queryKey: saleKeys.detail(sale.id) });
          }
        },
      },
    );
  }

  const translated = (message: string | undefined) => (message ? t(message) : undefined);
  const reasonError = translated(errors.reason?.message);
  const methodError = translated(errors.method?.message ?? errors.currency?.message);
  const anythingLeft = items.some((item) => leftOf(item) > 0);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <ModalBody className="space-y-5">
        {anythingLeft ? (
          <div className="flex justify-end">
            <Button variant="secondary" onClick={refundAll}>
              {t('Refund whole sale')}
            </Button>
          </div>
        ) : null}
        <table aria-label={t('Lines to refund')} className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t('Product')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('Sold')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('Refunded')}
              </th>
              <th scope="col" className="py-2 pl-3">
                {t('Refund qty')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {items.map((item, index) => {
              const left = leftOf(item);
              const id = `refund-qty-${item.id}`;
              const error = translated(errors.lines?.[index]?.quantity?.message);
              return (
                <tr key={item.id} className="align-top">
                  <td className="py-2.5 pr-3">
                    <div className="font-medium text-slate-900 dark:text-white">{item.product_name}</div>
                    <div className="font-mono text-xs text-slate-500 dark:text-slate-400">{item.sku}</div>
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{item.quantity}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{item.refunded_qty}</td>
                  <td className="py-2 pl-3">
                    {left === 0 ? (
                      <span className="text-slate-500 dark:text-slate-400">{t('Fully refunded')}</span>
                    ) : (
                      <div className="space-y-1">
                        <div className="flex items-center gap-2">
                          <Input
                            id={id}
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={left}
                            step={1}
                            className="w-20 tabular-nums"
                            aria-label={t('Quantity to refund of {{name}}', { name: item.product_name })}
                            {...invalidProps(id, error)}
                            {...register(`lines.${index}.quantity`, { setValueAs: (value: string) => (value === '' ? 0 : Number(value)) })}
                          />
                          <span className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">{t('of {{left}}', { left })}</span>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={t('Refund all of {{name}}', { name: item.product_name })}
                            onClick={() => setValue(`lines.${index}.quantity`, left, { shouldValidate: true })}
                          >
                            {t('All')}
                          </Button>
                        </div>
                        <FieldError id={id} error={error} />
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>

        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <legend className="px-1 text-sm font-medium text-slate-900 dark:text-white">{t('How the money goes back')}</legend>
          <div className="flex flex-wrap items-end gap-3">
            <FormField id="refund-method" label={t('Method')} error={methodError}>
              <Select id="refund-method" className="w-44" {...invalidProps('refund-method', methodError)} {...register('method')}>
                {methods.map((option) => (
                  <option key={option.key} value={option.key}>
                    {enumLabel('payment', option.label, t)}
                  </option>
                ))}
              </Select>
            </FormField>
            {method === CASH_METHOD ? (
              <div role="group" aria-label={t('Currency')} className="flex gap-1">
                {(['USD', 'KHR'] as const).map((value) => (
                  <Button
                    key={value}
                    variant={currency === value ? 'primary' : 'secondary'}
                    aria-pressed={currency === value}
                    onClick={() => chooseCurrency(value)}
                  >
                    {value === 'USD' ? t('Dollars') : t('Riel')}
                  </Button>
                ))}
              </div>
            ) : null}
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {t('To give back')}: <strong className={cn('text-lg text-slate-900 tabular-nums dark:text-white', !chosen && 'text-slate-400 dark:text-slate-500')}>{amountText}</strong>
            {inRiel ? (
              <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                {t('{{usd}} at the sale’s rate of {{rate}} a dollar', { usd: formatMoney(fromCents(amountCents)), rate: formatRiel(sale.khr_per_usd) })}
              </span>
            ) : null}
          </p>
        </fieldset>

        <FormField id="refund-reason" label={t('Reason')} error={reasonError}>
          <Textarea id="refund-reason" rows={2} {...invalidProps('refund-reason', reasonError)} {...register('reason')} />
        </FormField>

        <div className="flex items-center gap-2">
          <Checkbox id="refund-restock" {...register('restock')} />
          <Label htmlFor="refund-restock">{t('Return items to stock')}</Label>
        </div>
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={sending || !chosen}>
          {sending ? t('Refunding…') : t('Confirm refund')}
        </Button>
      </ModalFooter>
      <ManagerApprovalDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        permission="sales:refund"
        reason={t('Refund {{code}}', { code: sale.code })}
        onApproved={(granted) => {
          setApproval(granted);
          const values = asking;
          setAsking(null);
          if (values) send(values, granted.token);
        }}
      />
    </form>
  );
}
