import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosCatalog } from '@shop/contracts/pos';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { queryClient } from '@/lib/query-client';
import { posCatalogKey } from './api/get-pos-catalog';
import { addProduct, clearCart, getCart, saleLines } from './cart-store';
import type { Sale } from '@shop/contracts/sale';
import { getOutbox, outboxEntries } from '@/lib/offline/outbox';
import { useCheckout, type SaleRequest } from './use-checkout';

const latte = { id: 1, name: 'Cafe Latte', sku: 'COF-005', barcode: null, price: 2.5, category_id: 1, image: null, track_stock: true, stock: 5, expired: 0, discount_percent: 0, promotion: null, modifier_group_ids: [] };
const catalog: PosCatalog = { version: 1, full: true, removed: [], today: '2026-11-23', categories: [{ id: 1, name: 'Coffee' }], products: [latte], modifier_groups: [] };

type Post = { key: string; body: Record<string, unknown> };

/** The server's side of POST /sales: answers in turn, and every request it got. */
function fakeServer(...answers: (() => Response | Promise<Response>)[]) {
  const posts: Post[] = [];
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/pos/catalog') return jsonResponse(200, { data: catalog });
    posts.push({ key: (init.headers as Record<string, string>)['Idempotency-Key']!, body: JSON.parse(String(init.body)) });
    const answer = answers[posts.length - 1] ?? answers.at(-1)!;
    return answer();
  });
  return posts;
}

const sold = () => jsonResponse(201, { data: { id: 9, code: 'SO-000009', total: 2.75 }, message: 'Sale recorded successfully!' });
const lost = () => Promise.reject(new TypeError('Failed to fetch'));
const failed = () => jsonResponse(500, { message: 'Failed to submit sale' });

function request(): SaleRequest {
  const cart = getCart();
  return { payment_method: 'Card', items: saleLines(cart.lines), total_amount: 2.75, customer_id: null, channel: 'POS', tax_enabled: true, service_percent: 0, tendered: null, tendered_khr: 0 };
}

function renderCheckout() {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useCheckout(), { wrapper });
}

beforeEach(() => {
  clearCart();
  addProduct(latte);
  queryClient.setQueryData(posCatalogKey, catalog);
});

describe('paying for the cart (useCheckout)', () => {
  it('sends the sale with an Idempotency-Key, then empties the cart and takes the sold units off the shelf', async () => {
    const posts = fakeServer(sold);
    const onSold = vi.fn();
    const { result } = renderCheckout();
    act(() => result.current.pay(request(), onSold));
    await waitFor(() => expect(onSold).toHaveBeenCalledTimes(1));

    expect(posts).toHaveLength(1);
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.body).toMatchObject({ payment_method: 'Card', items: [{ product_id: 1, quantity: 1, unit_price: 2.5 }] });
    expect(Date.parse(String(posts[0]!.body.sale_date))).not.toBeNaN();
    expect(onSold.mock.calls[0]![0]).toMatchObject({ code: 'SO-000009' });
    expect(getCart().lines).toEqual([]);
    expect(getCart().pending).toBeNull();
    expect(queryClient.getQueryData<PosCatalog>(posCatalogKey)!.products[0]!.stock).toBe(4);
  });

  it('keeps an attempt the server failed on, and sends it again as it was with the same key', async () => {
    const posts = fakeServer(failed, sold);
    const onSold = vi.fn();
    const { result } = renderCheckout();
    act(() => result.current.pay(request(), onSold));
    await waitFor(() => expect(result.current.problems).toHaveLength(1));
    expect(getCart().pending?.key).toBe(posts[0]!.key);
    expect(getCart().lines).toHaveLength(1);

    act(() => result.current.pay(request(), onSold));
    await waitFor(() => expect(onSold).toHaveBeenCalledTimes(1));
    expect(posts).toHaveLength(2);
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
  });

  it('makes a new attempt when the cart changed after one failed', async () => {
    const posts = fakeServer(failed, sold);
    const { result } = renderCheckout();
    act(() => result.current.pay(request(), vi.fn()));
    await waitFor(() => expect(result.current.problems).toHaveLength(1));

    addProduct(latte);
    act(() => result.current.pay({ ...request(), total_amount: 5.5 }, vi.fn()));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
    expect(posts[1]!.body).toMatchObject({ items: [{ product_id: 1, quantity: 2 }] });
  });

  it('sells offline when the server cannot be reached: the attempt is kept under its key, the cart empties, and the outbox sends it once the server answers', async () => {
    const posts = fakeServer(lost, lost, sold);
    window.localStorage.setItem('access_token', 'cashier-token');
    const onSold = vi.fn();
    const { result } = renderCheckout();
    act(() => result.current.pay(request(), onSold));
    await waitFor(() => expect(onSold).toHaveBeenCalledTimes(1));
    const key = posts[0]!.key;
    const sale = onSold.mock.calls[0]![0] as Sale;
    expect(sale.offline).toEqual({ client_id: key, number: 'T0-0001' });
    expect(sale.code).toBe('T0-0001');
    expect(sale.total).toBe(2.75);
    expect(getCart().lines).toEqual([]);
    expect(getCart().pending).toBeNull();
    expect(queryClient.getQueryData<PosCatalog>(posCatalogKey)!.products[0]!.stock).toBe(4);

    // The sender's first try meets no server either; the sale waits, then goes with the same key.
    await waitFor(() => expect(posts.length).toBeGreaterThanOrEqual(2));
    expect((await outboxEntries()).map((entry) => entry.client_id)).toEqual([key]);
    await waitFor(() => expect(posts).toHaveLength(3));
    await waitFor(async () => expect(await outboxEntries()).toEqual([]));
    for (const post of posts.slice(1)) {
      expect(post.key).toBe(key);
      expect(post.body).toMatchObject({ offline: { client_id: key, number: 'T0-0001', tax_rate: 10, shop_service_percent: 0, shop_tax_enabled: true }, items: [{ product_id: 1, quantity: 1, promotion_percent: 0, option_prices: [] }] });
    }
    expect(getOutbox().synced[key]).toMatchObject({ number: 'T0-0001', code: 'SO-000009' });
  });

  it('takes the server’s prices from a 409 and drops the refused attempt', async () => {
    const posts = fakeServer(
      () =>
        jsonResponse(409, {
          message: 'Prices have changed since the cart was filled. Check the new prices and pay again.',
          prices: [{ product_id: 1, unit_price: 3, discount_percent: 10 }],
          total_amount: 2.97,
        }),
      sold,
    );
    const { result } = renderCheckout();
    act(() => result.current.pay(request(), vi.fn()));
    await waitFor(() => expect(result.current.problems).toEqual(['Failed to submit sale: Prices have changed since the cart was filled. Check the new prices and pay again.']));
    expect(getCart().lines[0]).toMatchObject({ price: 3, discountPercent: 10 });
    expect(getCart().pending).toBeNull();

    act(() => result.current.pay(request(), vi.fn()));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
    expect(posts[1]!.body).toMatchObject({ items: [{ product_id: 1, unit_price: 3 }] });
  });

  it('leaves the cart alone on a 409 that is not about prices', async () => {
    fakeServer(() => jsonResponse(409, { message: 'Only 0 left of Cafe Latte' }));
    const { result } = renderCheckout();
    act(() => result.current.pay(request(), vi.fn()));
    await waitFor(() => expect(result.current.problems).toEqual(['Failed to submit sale: Only 0 left of Cafe Latte']));
    expect(getCart().lines[0]).toMatchObject({ price: 2.5, discountPercent: 0, qty: 1 });
    expect(getCart().pending).toBeNull();
  });

  it('lists the first message of each field of a 422, and clears them on request', async () => {
    fakeServer(() =>
      jsonResponse(422, {
        message: 'Choose one of the payment methods: Cash.',
        errors: { payment_method: ['Choose one of the payment methods: Cash.', 'second'], tendered: ['The cash tendered is less than the total.'] },
      }),
    );
    const { result } = renderCheckout();
    act(() => result.current.pay(request(), vi.fn()));
    await waitFor(() => expect(result.current.problems).toEqual(['Choose one of the payment methods: Cash.', 'The cash tendered is less than the total.']));
    expect(getCart().lines).toHaveLength(1);
    act(() => result.current.clearProblems());
    expect(result.current.problems).toEqual([]);
  });
});
