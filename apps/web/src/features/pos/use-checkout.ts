import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DISCOUNT_MESSAGES } from '@shop/contracts/pricing';
import type { PricesChangedAnswer, Sale, SaleInput } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import type { Till } from '@shop/contracts/till';
import { ApiError, isUnreachable, serverReachable } from '@/lib/api-client';
import { addToOutbox } from '@/lib/offline/outbox';
import { sendOutbox } from '@/lib/offline/sender';
import { keepTillData } from '@/lib/offline/till-db';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { settingsKeys } from '@/lib/shop-settings';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings-defaults';
import { tillKeys } from '@/lib/till';
import { shiftKeys } from '@/components/shift-report/shifts-api';
import { failureText } from '@/lib/error-text';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { tillField } from '@/lib/till';
import { createSale, type SaleRequest as SaleAttempt } from './api/create-sale';
import { openOrderKeys, payOrder } from './api/open-orders';
import { posCatalogKey, takeSoldStock } from './api/get-pos-catalog';
import { applyServerPrices, clearCart, getCart, setPending, type Cart } from './cart-store';
import { nextOfflineNumber, offlineSaleOf } from './offline-sale';

/** How long a payment waits for the server before the till records it offline (shorter once the server is known to be away). */
const SEND_TIMEOUT_MS = 15_000;
const SEND_TIMEOUT_AWAY_MS = 4_000;

/** The signed-in cashier as stored with the session (the offline sale names them). */
function storedCashier(): { id: number; name: string } | null {
  try {
    const user = JSON.parse(readStorage(STORAGE_KEYS.authUser) ?? 'null') as { id?: unknown; name?: unknown } | null;
    return user && typeof user.id === 'number' && typeof user.name === 'string' ? { id: user.id, name: user.name } : null;
  } catch {
    return null;
  }
}

/** What the till asks the server to record: the sale request less its moment, which the attempt adds. */
export type SaleRequest = Omit<SaleInput, 'sale_date'>;

/** The request without its moment: two attempts are the same sale when these match. */
function sameSale(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const strip = ({ sale_date: _ignored, ...rest }: Record<string, unknown>) => JSON.stringify(rest);
  return strip(a) === strip(b);
}

/**
 * The server's current prices, when it refused the till's (a typed 409 of the contracts). The
 * sale schemas (and zod) load with such an answer, keeping them out of the till's start.
 */
async function pricesChanged(error: unknown): Promise<PricesChangedAnswer | null> {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  // Its schema could not be loaded: the refusal is still said, the prices come with the next catalogue.
  const sale = await import('@shop/contracts/sale').catch(() => null);
  const answer = sale?.pricesChangedAnswerSchema.safeParse(error.body);
  return answer?.success ? answer.data : null;
}

/** The server refused the sale: this till has no open shift and the shop requires one (409 `shift_required`). */
export function isShiftRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body?.code === 'shift_required';
}

/** A 422 shows the first message of each field; anything else its one message. */
function problemsOf(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  if (error instanceof ApiError && error.status === 422 && error.errors) {
    return Object.values(error.errors).flatMap((messages) => (messages[0] ? [t(messages[0])] : []));
  }
  // Stock past its date: worded here, in the reader's language, from what the server counted.
  const body = error instanceof ApiError && error.status === 409 ? error.body : undefined;
  if (body && typeof body.expired === 'number' && body.expired > 0) {
    const product = typeof body.product === 'string' ? body.product : '';
    return [
      `${t('Failed to submit sale')}: ${t('Only {{sellable}} of {{product}} can be sold: {{expired}} more have expired. A Manager can write them off on the Expire screen.', { sellable: body.sellable, product, expired: body.expired })}`,
    ];
  }
  const text = failureText(error, t('Failed to submit sale'), t);
  return text ? [text] : [];
}

/**
 * Paying for the cart without ever selling twice. Each attempt carries an Idempotency-Key; an
 * attempt whose answer never came is kept in the cart (key and exact request, across reloads),
 * so paying again for the same cart sends it again as it was and the server records it once.
 * A refusal (4xx) wrote nothing, so it is dropped and the next attempt is a new sale; a 409
 * "prices changed" puts the server's prices in the cart first. `problems` says why the last
 * attempt did not go through.
 */
/** The server wants a Manager's approval for the cart's discounts (403). */
export function needsDiscountApproval(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.serverMessage === DISCOUNT_MESSAGES.needsApproval;
}

export function useCheckout({ onShiftRequired, onDiscountApproval }: { onShiftRequired?: () => void; onDiscountApproval?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A cart of an open order's lines pays them as one bill of the order; any other cart is a sale.
  const send = useMutation({
    // Runs with no network too (TanStack would hold it until online): the till then keeps the sale itself.
    networkMode: 'always',
    mutationFn: ({ body, idempotencyKey }: SaleAttempt) => {
      const order = getCart().order;
      if (order?.mode !== 'pay') {
        // With no network at all there is nothing to wait for: the sale is kept on the till at once.
        if (!navigator.onLine) return Promise.reject(new ApiError(0, 'offline'));
        return createSale({ body, idempotencyKey, timeoutMs: serverReachable() ? SEND_TIMEOUT_MS : SEND_TIMEOUT_AWAY_MS });
      }
      const { items: _items, ...sale } = body;
      return payOrder({ id: order.id, body: { ...sale, line_ids: order.lineIds }, idempotencyKey }).finally(() => void queryClient.invalidateQueries({ queryKey: openOrderKeys.all }));
    },
  });
  const [problems, setProblems] = useState<string[]>([]);
  const [keeping, setKeeping] = useState(false);

  /**
   * The server could not be reached: the attempt becomes an offline sale (docs/decisions/0016-offline-selling.md).
   * It is committed to the outbox before the cart is cleared; were the tab to die in between, the
   * cart would come back with the same attempt, and paying again sends the same offline id.
   */
  async function sellOffline(attempt: { key: string; body: SaleInput }, cart: Cart, onSold: (sale: Sale, cart: Cart) => void) {
    setKeeping(true);
    try {
      const settings = queryClient.getQueryData<Settings>(settingsKeys.all) ?? DEFAULT_SETTINGS;
      const tillId = typeof attempt.body.till_id === 'number' ? attempt.body.till_id : null;
      const till = queryClient.getQueryData<Till[]>(tillKeys.all)?.find((candidate) => candidate.id === tillId) ?? null;
      const cashier = storedCashier();
      const made = offlineSaleOf({ attempt, cart, settings, cashier, till: till ? { id: till.id, name: till.name } : null, number: nextOfflineNumber(tillId) });
      await addToOutbox({
        client_id: attempt.key,
        number: made.number,
        body: made.body,
        sale: made.sale,
        user_id: cashier?.id ?? 0,
        created_at: new Date().toISOString(),
        attempts: 0,
        refused: null,
      });
      void keepTillData();
      takeSoldStock(queryClient, cart.lines.map((line) => ({ productId: line.productId, quantity: line.qty })));
      clearCart();
      onSold(made.sale, cart);
      sendOutbox();
    } catch (error) {
      // The browser would not store it (no space, storage blocked): the cart stays with its attempt.
      const text = t('This sale could not be kept on the till: {{reason}}', { reason: error instanceof Error ? error.message : String(error) });
      setProblems([text]);
      toast.error(text);
    } finally {
      setKeeping(false);
    }
  }

  function pay(cartRequest: SaleRequest, onSold: (sale: Sale, cart: Cart) => void) {
    // Rung up at this browser's till (if it has one): the sale lands in its open shift.
    const request: SaleRequest = { ...cartRequest, ...tillField() };
    const cart = getCart();
    const pending =
      cart.pending && sameSale(cart.pending.body, request) ? cart.pending : { key: newIdempotencyKey(), body: { ...request, sale_date: new Date().toISOString() } };
    setPending(pending);
    setProblems([]);
    send.mutate(
      { body: pending.body as SaleInput, idempotencyKey: pending.key },
      {
        onSuccess: ({ data: sale }) => {
          takeSoldStock(queryClient, cart.lines.map((line) => ({ productId: line.productId, quantity: line.qty })));
          clearCart();
          onSold(sale, cart);
        },
        onError: (error) => {
          if (isUnreachable(error) && cart.order?.mode !== 'pay') {
            void sellOffline({ key: pending.key, body: pending.body as SaleInput }, cart, onSold);
            return;
          }
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) setPending(null);
          // The server's prices (when it sent them) and the refusal show together.
          void pricesChanged(error).then((current) => {
            if (current) {
              applyServerPrices(current.prices, current.modifier_prices);
              void queryClient.invalidateQueries({ queryKey: posCatalogKey });
            }
            if (isShiftRequired(error)) {
              // Closed meanwhile (another browser, a Manager): show the till as it is now and offer to open one.
              void queryClient.invalidateQueries({ queryKey: [...shiftKeys.all, 'current'] });
              onShiftRequired?.();
            }
            if (needsDiscountApproval(error)) onDiscountApproval?.();
            const found = problemsOf(error, t);
            setProblems(found);
            if (found[0]) toast.error(found[0]);
          });
        },
      },
    );
  }

  return { pay, submitting: send.isPending || keeping, problems, clearProblems: () => setProblems([]) };
}
