import { useState } from 'react';
import { ArrowLeft, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fromCents, sumCents, toCents } from '@shop/contracts/money';
import type { OpenOrder, OpenOrderLine } from '@shop/contracts/open-order';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { failureText, loadFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useOnline } from '@/lib/offline/connection';
import { useShopSettings } from '@/lib/shop-settings';
import { optionsText } from '@/lib/modifier-text';
import { orderLabel, useOpenOrders, useVoidOrder } from '@/features/pos/api/open-orders';

type OpenOrdersDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cart has lines of its own: it cannot take an order's until it is paid, parked or cleared. */
  cartBusy: boolean;
  onAdd: (order: OpenOrder) => void;
  onPay: (order: OpenOrder, lines: OpenOrderLine[]) => void;
  fallbackFocus?: () => HTMLElement | null;
};

/** How long ago, in whole minutes (the list is read every few seconds, so this stays current). */
function minutesSince(instant: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(instant)) / 60_000));
}

/**
 * Every till's open orders, the longest waiting first: open one to see its lines, add to it, pay
 * all or some of its lines (one bill of a split), or void it with a reason. With no server, the
 * orders kept on the till as last read, to look at only: changing them needs the server
 * (docs/decisions/0016-offline-selling.md).
 */
export function OpenOrdersDialog({ open, onOpenChange, cartBusy, onAdd, onPay, fallbackFocus }: OpenOrdersDialogProps) {
  const { t } = useTranslation();
  const orders = useOpenOrders();
  const online = useOnline();
  const { settings } = useShopSettings();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = orders.data?.find((order) => order.id === chosenId) ?? null;
  // Ages count from when the list was last read (every few seconds).
  const now = orders.dataUpdatedAt;
  const change = (next: boolean) => {
    if (!next) setChosenId(null);
    onOpenChange(next);
  };

  return (
    <Modal open={open} onOpenChange={change} title={chosen ? `${orderLabel(chosen, t)} · ${chosen.code}` : t('Open orders')} size="lg" fallbackFocus={fallbackFocus}>
      {chosen ? (
        <OrderDetails key={chosen.id} order={chosen} cartBusy={cartBusy} online={online} onBack={() => setChosenId(null)} onAdd={onAdd} onPay={onPay} now={now} />
      ) : (
        <ModalBody>
          {online ? null : (
            <p role="status" data-testid="open-orders-offline" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
              {orders.data
                ? t('Offline: the open orders as this till last saw them, at {{time}}. Parking, adding to, paying and voiding them need the server.', {
                    time: formatDateTime(new Date(orders.dataUpdatedAt).toISOString(), settings.localization.timezone),
                  })
                : t('Offline: no open orders were kept on this till. They need the server.')}
            </p>
          )}
          {orders.data === undefined && !online ? null : orders.isPending ? (
            <Spinner className="py-8" label={t('Loading…')} />
          ) : orders.isError && orders.data === undefined ? (
            <AlertBanner>
              <span className="mr-2">{loadFailureText(orders.error, t('Failed to load open orders'), t)}</span>
              <Button variant="secondary" size="sm" onClick={() => void orders.refetch()}>
                {t('Try again')}
              </Button>
            </AlertBanner>
          ) : orders.data.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('No open orders. Park a cart to start one.')}</p>
          ) : (
            <ul aria-label={t('Open orders')} className="grid gap-2 sm:grid-cols-2">
              {orders.data.map((order) => {
                const open = order.lines.filter((line) => line.status === 'open');
                return (
                  <li key={order.id}>
                    <button
                      type="button"
                      onClick={() => setChosenId(order.id)}
                      className="flex w-full flex-col gap-1 rounded-xl border border-slate-200 p-3 text-left hover:border-indigo-400 hover:bg-indigo-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:hover:bg-indigo-950/30"
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="text-base font-semibold text-slate-900 dark:text-white">{orderLabel(order, t)}</span>
                        <span className="text-base font-semibold tabular-nums text-slate-900 dark:text-white">{formatMoney(order.open_amount)}</span>
                      </span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                        <Badge tone={order.service === 'dine_in' ? 'primary' : 'warning'}>{order.service === 'dine_in' ? t('Dine-in') : t('Take-away')}</Badge>
                        <span>{order.code}</span>
                        <span>{t('{{count}} items', { count: open.reduce((sum, line) => sum + line.quantity, 0) })}</span>
                        <span className="inline-flex items-center gap-1">
                          <Clock aria-hidden className="size-3" />
                          {t('{{minutes}} min', { minutes: minutesSince(order.created_at, now) })}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </ModalBody>
      )}
    </Modal>
  );
}

type OrderDetailsProps = {
  order: OpenOrder;
  cartBusy: boolean;
  /** With no server the order is shown as kept, and nothing on it can be done. */
  online: boolean;
  now: number;
  onBack: () => void;
  onAdd: (order: OpenOrder) => void;
  onPay: (order: OpenOrder, lines: OpenOrderLine[]) => void;
};

function OrderDetails({ order, cartBusy, online, now, onBack, onAdd, onPay }: OrderDetailsProps) {
  const { t, i18n } = useTranslation();
  const openLines = order.lines.filter((line) => line.status === 'open');
  const [picked, setPicked] = useState<Set<number>>(() => new Set(openLines.map((line) => line.id)));
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const voidOrder = useVoidOrder();
  const chosen = openLines.filter((line) => picked.has(line.id));
  const chosenCents = sumCents(chosen.map((line) => toCents(line.unit_price) * line.quantity));
  const offlineNote = online ? undefined : 'order-offline';

  function toggle(id: number) {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  }

  function confirmVoid() {
    if (!reason.trim()) {
      setReasonError(t('Give a reason for voiding the order.'));
      return;
    }
    voidOrder.mutate(
      { id: order.id, body: { reason: reason.trim() } },
      {
        onSuccess: () => onBack(),
        onError: (error) => setReasonError(failureText(error, t('Failed to void the order'), t) ?? t('Failed to void the order')),
      },
    );
  }

  return (
    <>
      <ModalBody>
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Button variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeft aria-hidden className="size-4" />
            {t('All open orders')}
          </Button>
          <Badge tone={order.service === 'dine_in' ? 'primary' : 'warning'}>{order.service === 'dine_in' ? t('Dine-in') : t('Take-away')}</Badge>
          <span>{t('{{minutes}} min', { minutes: minutesSince(order.created_at, now) })}</span>
          {order.created_by ? <span>{t('By {{name}}', { name: order.created_by.name })}</span> : null}
        </div>
        <ul aria-label={t('Order lines')} className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
          {order.lines.map((line) => {
            const isOpen = line.status === 'open';
            const id = `order-line-${line.id}`;
            return (
              <li key={line.id} className="flex items-start gap-3 px-3 py-2">
                {isOpen ? (
                  <Checkbox id={id} className="mt-1 size-5" checked={picked.has(line.id)} onChange={() => toggle(line.id)} />
                ) : (
                  <span className="mt-0.5 w-5" />
                )}
                <label htmlFor={isOpen ? id : undefined} className="min-w-0 flex-1 text-sm">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={isOpen ? 'font-medium text-slate-900 dark:text-white' : 'text-slate-400 line-through dark:text-slate-500'}>
                      {line.quantity} × {line.product_name}
                    </span>
                    <span className="tabular-nums text-slate-700 dark:text-slate-200">{formatMoney(fromCents(toCents(line.unit_price) * line.quantity))}</span>
                  </span>
                  {line.modifiers.length ? <span className="block text-xs text-slate-500 dark:text-slate-400">{optionsText(line.modifiers, i18n.language)}</span> : null}
                  {line.note ? <span className="block text-xs text-amber-700 dark:text-amber-300">{line.note}</span> : null}
                </label>
                {isOpen ? null : <Badge tone={line.status === 'paid' ? 'success' : 'danger'}>{line.status === 'paid' ? t('Paid') : t('Voided')}</Badge>}
              </li>
            );
          })}
        </ul>
        {online ? null : (
          <p id="order-offline" className="mt-3 text-sm font-medium text-amber-800 dark:text-amber-300">
            {t('Offline: adding to, paying and voiding this order need the server. It is kept on the server as it is.')}
          </p>
        )}
        {cartBusy ? <p className="mt-3 text-sm text-amber-800 dark:text-amber-300">{t('The cart has items: pay, park or clear it first.')}</p> : null}
        {voiding ? (
          <div className="mt-4 space-y-2">
            <FormField id="void-reason" label={t('Why is the order voided?')} error={reasonError}>
              <Textarea
                id="void-reason"
                rows={2}
                maxLength={200}
                value={reason}
                autoFocus
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(undefined);
                }}
                {...invalidProps('void-reason', reasonError)}
              />
            </FormField>
          </div>
        ) : null}
      </ModalBody>
      <ModalFooter>
        {voiding ? (
          <>
            <Button variant="secondary" onClick={() => setVoiding(false)} disabled={voidOrder.isPending}>
              {t('Cancel')}
            </Button>
            <Button variant="danger" onClick={confirmVoid} disabled={!online || voidOrder.isPending} aria-describedby={offlineNote}>
              {voidOrder.isPending ? t('Voiding…') : t('Void order')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="danger" className="mr-auto" onClick={() => setVoiding(true)} disabled={!online || openLines.length === 0} aria-describedby={offlineNote}>
              {t('Void order')}
            </Button>
            <Button variant="secondary" onClick={() => onAdd(order)} disabled={!online || cartBusy} aria-describedby={offlineNote}>
              {t('Add items')}
            </Button>
            <Button onClick={() => onPay(order, chosen)} disabled={!online || cartBusy || chosen.length === 0} aria-describedby={offlineNote}>
              {chosen.length === openLines.length
                ? t('Pay all ({{amount}})', { amount: formatMoney(fromCents(chosenCents)) })
                : t('Pay {{count}} selected ({{amount}})', { count: chosen.length, amount: formatMoney(fromCents(chosenCents)) })}
            </Button>
          </>
        )}
      </ModalFooter>
    </>
  );
}
