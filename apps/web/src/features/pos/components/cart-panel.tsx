import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronDown, ChevronUp, Minus, Pencil, Plus, ShieldCheck, ShoppingCart, Tag, Trash2, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fromCents, toBasisPoints } from '@shop/contracts/money';
import type { SalePricing } from '@shop/contracts/pricing';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { discountText, optionsText } from '@/lib/modifier-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useStableCallback } from '@/lib/use-stable-callback';
import { rememberCustomer, useCustomerSearch } from '../api/search-customers';
import { changeQty, setCustomer, setServicePercent, setTaxEnabled, unitPriceOf, type Cart, type CartDiscount, type CartLine } from '../cart-store';
import { KeyHint } from './key-hint';

type CartPanelProps = {
  cart: Cart;
  pricing: SalePricing;
  servicePercent: number;
  taxRate: number;
  taxInclusive: boolean;
  /** The shop charges tax at all (settings); the toggle only shows when it does. */
  taxAvailable: boolean;
  /** Tax and service as the shop sets them, and the most the till may charge. */
  serviceDefault: number;
  serviceMax: number;
  /** Tax off or another service charge without asking (the role may, or a Manager approved this cart). */
  overrideAllowed: boolean;
  /** Who approved this cart's change, to show. */
  approvedBy: string | null;
  /** Asks a Manager to approve a change (in words), then makes it. */
  onAskApproval: (reason: string, apply: () => void) => void;
  /** The line the + and − keys change. */
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onClear: () => void;
  onRemove: (line: CartLine) => void;
  /** Reopens the chooser for a line: its options, note and quantity. */
  onEdit: (line: CartLine) => void;
  /** The cashier may give discounts by hand (`sales:discount`). */
  canDiscount: boolean;
  onDiscountLine: (line: CartLine) => void;
  onDiscountOrder: () => void;
  onRemoveOrderDiscount: () => void;
  /** Who approved this cart's discounts beyond the limit, to show. */
  discountApprovedBy: string | null;
  onPay: () => void;
  /** Why the till may not take payment now, and what to do about it (open a shift) beside Pay, which is disabled. */
  payBlock?: { reason: string; action?: ReactNode } | null;
  footer?: ReactNode;
  /** Shown instead of the (empty) cart's customer, lines and totals, at every width: the last sale's change. */
  summary?: ReactNode;
  /** The lines are an open order's, being paid: they cannot change here. */
  locked?: boolean;
  /** Beside Pay: another way to finish the cart (park it as an open order). */
  payAside?: ReactNode;
};

export function CartPanel({
  cart,
  pricing,
  servicePercent,
  taxRate,
  taxInclusive,
  taxAvailable,
  serviceDefault,
  serviceMax,
  overrideAllowed,
  approvedBy,
  onAskApproval,
  selectedKey,
  onSelect,
  onClear,
  onRemove,
  onEdit,
  canDiscount,
  onDiscountLine,
  onDiscountOrder,
  onRemoveOrderDiscount,
  discountApprovedBy,
  onPay,
  payBlock,
  footer,
  summary,
  locked = false,
  payAside,
}: CartPanelProps) {
  const { t } = useTranslation();
  // The same functions every render: a tap that adds a line draws that line, not every line again.
  const removeLine = useStableCallback(onRemove);
  const editLine = useStableCallback(onEdit);
  const discountLine = useStableCallback(onDiscountLine);
  const count = cart.lines.reduce((sum, line) => sum + line.qty, 0);
  const empty = cart.lines.length === 0;
  // Below lg (a portrait tablet) the cart is a bottom panel: its count and Pay always in view,
  // the lines and totals opened over the products when wanted.
  const [expanded, setExpanded] = useState(false);
  // Without the right to change it freely, the service charge is typed first and asked for once (on Enter or leaving the field).
  const [serviceDraft, setServiceDraft] = useState<string | null>(null);
  const clampService = (value: number) => (Number.isFinite(value) ? Math.min(serviceMax, Math.max(0, Math.round(value * 100) / 100)) : 0);

  function changeTax(enabled: boolean) {
    if (!enabled && !overrideAllowed) onAskApproval(t('Switch tax off'), () => setTaxEnabled(false));
    else setTaxEnabled(enabled);
  }

  function commitService() {
    if (serviceDraft === null) return;
    const value = clampService(serviceDraft.trim() === '' ? 0 : Number(serviceDraft));
    setServiceDraft(null);
    if (toBasisPoints(value) === toBasisPoints(servicePercent)) return;
    if (toBasisPoints(value) === toBasisPoints(serviceDefault)) setServicePercent(value);
    else onAskApproval(t('Service charge {{percent}}%', { percent: value }), () => setServicePercent(value));
  }

  return (
    <section
      aria-labelledby="cart-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && expanded && !event.defaultPrevented) setExpanded(false);
      }}
      className="flex flex-col rounded-xl border border-slate-200 bg-white shadow-xs max-lg:sticky max-lg:bottom-0 max-lg:z-20 max-lg:rounded-b-none max-lg:max-h-[calc(100dvh-5.5rem)] max-lg:shadow-[0_-6px_24px_-8px_rgb(15_23_42/0.25)] lg:sticky lg:top-20 lg:max-h-[calc(100dvh-12rem)] dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h2 id="cart-title" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <ShoppingCart aria-hidden className="size-5 text-indigo-600 dark:text-indigo-400" />
          {t('Cart ({{count}})', { count })}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            className="h-11 lg:hidden"
            aria-expanded={expanded}
            aria-controls="cart-details"
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? <ChevronDown aria-hidden className="size-4" /> : <ChevronUp aria-hidden className="size-4" />}
            {expanded ? t('Hide cart') : t('Show cart')}
          </Button>
          <Button variant="ghost" className="h-11 px-3" onClick={onClear} disabled={empty} aria-keyshortcuts="F4 Control+Backspace">
            {t('Clear')}
            <KeyHint>F4</KeyHint>
          </Button>
        </div>
      </header>

      {summary ? <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{summary}</div> : null}
      <div id="cart-details" className={cn('flex min-h-0 flex-1 flex-col', !expanded && 'max-lg:hidden', Boolean(summary) && 'hidden')}>
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <CustomerPicker customer={cart.customer} />
        </div>

        <div className="min-h-32 flex-1 overflow-y-auto">
          {empty ? (
            <p className="px-4 py-10 text-center text-sm text-slate-500 dark:text-slate-400">{t('The cart is empty. Tap a product or scan a code.')}</p>
          ) : (
            <ul aria-label={t('Cart lines')} className="divide-y divide-slate-100 dark:divide-slate-800">
              {cart.lines.map((line, index) => (
                <CartRow
                  key={line.key}
                  line={line}
                  lineTotal={fromCents(pricing.lines[index]?.lineTotalCents ?? 0)}
                  handCents={pricing.lines[index]?.handCents ?? 0}
                  selected={line.key === selectedKey}
                  onSelect={onSelect}
                  onRemove={removeLine}
                  locked={locked}
                  onEdit={editLine}
                  onDiscount={canDiscount && !locked ? discountLine : null}
                />
              ))}
            </ul>
          )}
        </div>
        {empty ? null : (
          <p className="hidden border-t border-slate-100 px-4 py-1.5 text-xs text-slate-500 lg:block pointer-coarse:hidden dark:border-slate-800 dark:text-slate-400">
            {t('Keys: ↑ ↓ choose a line, + − change its quantity')}
          </p>
        )}

        <div className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {taxAvailable ? (
              <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input
                  type="checkbox"
                  role="switch"
                  checked={cart.taxEnabled}
                  onChange={(event) => changeTax(event.target.checked)}
                  className="peer sr-only"
                />
                <span
                  aria-hidden
                  className="relative h-6 w-10 rounded-full bg-slate-300 transition-colors peer-checked:bg-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4 dark:bg-slate-700"
                />
                {t('Tax {{rate}}%', { rate: taxRate })}
              </label>
            ) : (
              <span />
            )}
            <div className="flex items-center gap-2">
              <Label htmlFor="pos-service" className="whitespace-nowrap">
                {t('Service Charge (%)')}
              </Label>
              <Input
                id="pos-service"
                type="number"
                inputMode="decimal"
                min={0}
                max={serviceMax}
                step={0.5}
                className="h-9 w-20 text-right"
                value={serviceDraft ?? servicePercent}
                onChange={(event) => {
                  if (overrideAllowed) setServicePercent(clampService(event.target.valueAsNumber));
                  else setServiceDraft(event.target.value);
                }}
                onBlur={commitService}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commitService();
                  if (event.key === 'Escape' && serviceDraft !== null) {
                    event.preventDefault();
                    setServiceDraft(null);
                  }
                }}
              />
            </div>
          </div>
          {canDiscount || cart.orderDiscount ? (
            <OrderDiscount
              discount={cart.orderDiscount}
              amountCents={pricing.orderDiscountCents}
              disabled={empty}
              onEdit={canDiscount ? onDiscountOrder : null}
              onRemove={onRemoveOrderDiscount}
            />
          ) : null}
          {discountApprovedBy ? (
            <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
              <ShieldCheck aria-hidden className="size-4" />
              {t('Discount approved by {{name}}', { name: discountApprovedBy })}
            </p>
          ) : null}
          {approvedBy ? (
            <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
              <ShieldCheck aria-hidden className="size-4" />
              {t('Approved by {{name}}', { name: approvedBy })}
            </p>
          ) : null}

          <dl className="space-y-1 text-sm">
            <Row label={t('Subtotal')} value={formatMoney(fromCents(pricing.grossCents))} />
            {pricing.discountCents > 0 ? <Row label={t('Discount')} value={`−${formatMoney(fromCents(pricing.discountCents))}`} tone="good" /> : null}
            <Row
              label={taxInclusive ? t('Tax (included)') : t('Tax')}
              value={formatMoney(fromCents(pricing.taxCents))}
            />
            <Row label={t('Service')} value={formatMoney(fromCents(pricing.serviceCents))} />
            <Row label={t('Total')} value={formatMoney(fromCents(pricing.totalCents))} strong />
          </dl>
        </div>
      </div>

      <div className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        {payBlock ? (
          <p id="pay-blocked" className="text-sm font-medium text-amber-800 dark:text-amber-300">
            {payBlock.reason}
          </p>
        ) : null}
        <div className="flex gap-2">
          {payAside}
          {payBlock?.action}
          <Button
            variant={payBlock ? 'secondary' : 'primary'}
            className="h-12 min-w-0 flex-1 text-base"
            disabled={empty || Boolean(payBlock)}
            onClick={onPay}
            aria-keyshortcuts="F2 Control+Enter"
            aria-describedby={payBlock ? 'pay-blocked' : undefined}
          >
            {t('Pay {{amount}}', { amount: formatMoney(fromCents(pricing.totalCents)) })}
            {payBlock ? null : <KeyHint className="border-white/40 bg-white/15 text-white">F2</KeyHint>}
          </Button>
        </div>
        {footer}
      </div>
    </section>
  );
}

function Row({ label, value, strong, tone }: { label: string; value: string; strong?: boolean; tone?: 'good' }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', strong && 'border-t border-slate-200 pt-2 text-base dark:border-slate-800')}>
      <dt className={cn('text-slate-600 dark:text-slate-400', strong && 'font-semibold text-slate-900 dark:text-white')}>{label}</dt>
      <dd
        className={cn(
          'tabular-nums',
          strong ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-900 dark:text-slate-100',
          tone === 'good' && 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

function OrderDiscount({
  discount,
  amountCents,
  disabled,
  onEdit,
  onRemove,
}: {
  discount: CartDiscount | null;
  amountCents: number;
  disabled: boolean;
  onEdit: (() => void) | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  if (!discount) {
    return onEdit ? (
      <Button variant="secondary" size="sm" className="h-9 pointer-coarse:h-11" disabled={disabled} onClick={onEdit}>
        <Tag aria-hidden className="size-4" />
        {t('Discount the order')}
      </Button>
    ) : null;
  }
  return (
    <div className="flex items-center justify-between gap-2 rounded-lg bg-emerald-50 px-3 py-1.5 text-sm text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300">
      <button type="button" className="min-h-9 min-w-0 flex-1 text-left pointer-coarse:min-h-11" disabled={!onEdit} onClick={onEdit ?? undefined}>
        <span className="font-medium">{t('Order discount')}</span> <span className="break-words">{discountText(discount, t, formatMoney)}</span>
      </button>
      <span className="tabular-nums">−{formatMoney(fromCents(amountCents))}</span>
      <IconButton label={t('Remove the order discount')} onClick={onRemove}>
        <X aria-hidden />
      </IconButton>
    </div>
  );
}

type CartRowProps = {
  line: CartLine;
  lineTotal: number;
  /** What the line's own discount takes off, in cents. */
  handCents: number;
  selected: boolean;
  onSelect: (key: string) => void;
  onRemove: (line: CartLine) => void;
  onEdit: (line: CartLine) => void;
  onDiscount: ((line: CartLine) => void) | null;
  /** An open order's line being paid: it shows, but cannot change. */
  locked: boolean;
};

const CartRow = memo(function CartRow({ line, lineTotal, handCents, selected, onSelect, onRemove, onEdit, onDiscount, locked }: CartRowProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // The arrows may select a line scrolled out of the cart's view.
    // In the next frame, with its layout: not a layout of its own in the middle of the tap.
    if (!selected) return;
    const frame = requestAnimationFrame(() => ref.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  const step = (delta: number) => {
    onSelect(line.key);
    changeQty(line.key, delta);
  };
  return (
    <li
      ref={ref}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'border-l-[3px] py-1.5 pr-2 pl-3',
        selected ? 'border-indigo-500 bg-indigo-50/70 dark:border-indigo-400 dark:bg-indigo-950/40' : 'border-transparent',
      )}
    >
      {/* The name, options and note: tapping them reopens the chooser. */}
      <div className="flex items-start justify-between gap-2">
        <button
          type="button"
          disabled={locked}
          onClick={() => onEdit(line)}
          aria-label={t('Change {{name}}', { name: line.name })}
          className="block min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <span className="flex items-center gap-1 text-sm font-medium text-slate-900 dark:text-white">
            <span className="truncate">{line.name}</span>
            {locked ? null : <Pencil aria-hidden className="size-3 shrink-0 text-slate-400" />}
          </span>
          {line.modifiers.length > 0 ? <span className="block text-xs break-words text-slate-600 dark:text-slate-300">{optionsText(line.modifiers, i18n.language)}</span> : null}
          {line.note ? <span className="block text-xs break-words text-amber-800 italic dark:text-amber-300">{line.note}</span> : null}
        </button>
        <span className="pt-0.5 text-sm font-medium text-slate-900 tabular-nums dark:text-white">{formatMoney(lineTotal)}</span>
      </div>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1 text-xs text-slate-500 tabular-nums dark:text-slate-400">
          <p>
            {formatMoney(unitPriceOf(line))}
            {line.discountPercent > 0 ? <span className="ml-1.5 text-emerald-700 dark:text-emerald-400">{t('{{percent}}% off', { percent: line.discountPercent })}</span> : null}
          </p>
          {line.discount ? (
            <p className="break-words text-emerald-700 dark:text-emerald-400">
              {discountText(line.discount, t, formatMoney)} −{formatMoney(fromCents(handCents))}
            </p>
          ) : null}
        </div>
        {locked ? (
          <span aria-label={t('Quantity')} className="w-10 text-center text-sm font-semibold tabular-nums">
            ×{line.qty}
          </span>
        ) : (
        <div className="flex items-center">
          <IconButton size="lg" label={t('One less {{name}}', { name: line.name })} disabled={line.qty <= 1} onClick={() => step(-1)}>
            <Minus aria-hidden />
          </IconButton>
          <span aria-label={t('Quantity')} className="w-7 text-center text-sm font-semibold tabular-nums">
            {line.qty}
          </span>
          <IconButton size="lg" label={t('One more {{name}}', { name: line.name })} onClick={() => step(1)}>
            <Plus aria-hidden />
          </IconButton>
        </div>
        )}
        {onDiscount ? (
          <IconButton size="lg" label={t('Discount {{name}}', { name: line.name })} onClick={() => onDiscount(line)}>
            <Tag aria-hidden />
          </IconButton>
        ) : null}
        {locked ? null : (
          <IconButton size="lg" tone="danger" label={t('Remove {{name}}', { name: line.name })} onClick={() => onRemove(line)}>
            <Trash2 aria-hidden />
          </IconButton>
        )}
      </div>
    </li>
  );
});

/** Memoised on the customer alone: a tap that adds a line leaves the picker (and its search) as it is. */
const CustomerPicker = memo(function CustomerPicker({ customer }: { customer: Cart['customer'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim());
  // With no server, the customers kept on this till, matched here (docs/decisions/0016-offline-selling.md).
  const { customers, loading, kept } = useCustomerSearch(q);
  const options = customers.map((c) => ({ value: c.id, label: c.name, description: c.phone ?? c.email }));
  function pick(option: { value: number; label: string }) {
    setCustomer({ id: option.value, name: option.label });
    const customer = customers.find((c) => c.id === option.value);
    if (customer) rememberCustomer(queryClient, customer);
  }
  return (
    <div className="space-y-1">
      <Label htmlFor="pos-customer">{t('Customer')}</Label>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <Combobox
            id="pos-customer"
            selected={customer ? { value: customer.id, label: customer.name } : null}
            onSelect={pick}
            options={options}
            onQueryChange={setQuery}
            loading={loading}
            emptyText={kept ? t('Offline: no customer kept on this till matches. Adding a customer needs the server.') : t('No customers found.')}
            placeholder={t('Walk-in customer')}
          />
        </div>
        {customer ? (
          <IconButton label={t('Remove the customer')} onClick={() => setCustomer(null)}>
            <X aria-hidden />
          </IconButton>
        ) : null}
      </div>
      {kept ? <p className="text-xs text-slate-500 dark:text-slate-400">{t('Offline: customers picked lately on this till, and the first few of the list.')}</p> : null}
    </div>
  );
});
