import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * A sale's lines take their stock and are written together (a few statements for the whole
 * sale): each line still takes in its own turn, first to expire first, and is costed from the
 * batches it took; the ledger, the months and the low-stock notice see every line.
 */
const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

const categories = (await call(tokens.Manager, 'GET', '/api/categories?per_page=1')).body.data;
const units = (await call(tokens.Manager, 'GET', '/api/units?per_page=1')).body.data;
const create = async (name: string, sku: string, price: number, reorderLevel: number) =>
  (await call(tokens.Manager, 'POST', '/api/products', { name, sku, category_id: categories[0].id, unit_id: units[0].id, price, reorder_level: reorderLevel })).body.data as {
    id: number;
  };
const receive = async (productId: number, quantity: number, priceIn: number, expireDate: string) => {
  const received = await call(tokens.Manager, 'POST', '/api/stocks', { product_id: productId, quantity, price_in: priceIn, received_date: '2026-11-20', expire_date: expireDate });
  expect(received.status, JSON.stringify(received.body)).toBe(201);
  return received.body.data.id as number;
};
const db = app.services.db;

describe(`a sale's lines take their stock together (${dbKind})`, () => {
  it('takes each line in turn from the batch that expires first, costs it from what it took, and keeps the ledger, months and notices right', async () => {
    const milk = await create('Lines Milk', 'LINES-MILK', 3, 0);
    const soon = await receive(milk.id, 3, 1, '2026-12-01');
    const later = await receive(milk.id, 10, 2, '2027-01-01');
    const beans = await create('Lines Beans', 'LINES-BEANS', 5, 4);
    const beansBatch = await receive(beans.id, 5, 0.5, '2027-02-01');

    // Two lines of milk (hot, then iced) around one of beans: 3 + 5 + 3 = 11, and 10 % tax.
    const sold = await call(tokens.Staff, 'POST', '/api/sales', {
      sale_date: clock.now().toISOString(),
      payment_method: 'Cash',
      items: [
        { product_id: milk.id, quantity: 2, unit_price: 3, note: 'hot' },
        { product_id: beans.id, quantity: 2, unit_price: 5 },
        { product_id: milk.id, quantity: 2, unit_price: 3, note: 'iced' },
      ],
      total_amount: 24.2,
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.data.items.map((item: { product_id: number; quantity: number; note: string | null }) => [item.product_id, item.quantity, item.note])).toEqual([
      [milk.id, 2, 'hot'],
      [beans.id, 2, null],
      [milk.id, 2, 'iced'],
    ]);

    // The first milk line empties nothing; the second takes the last unit of the early batch and one of the next.
    const milkBatches = (await call(tokens.Manager, 'GET', `/api/stocks?product_id=${milk.id}`)).body.data as { id: number; remaining: number }[];
    expect(milkBatches.find((b) => b.id === soon)?.remaining).toBe(0);
    expect(milkBatches.find((b) => b.id === later)?.remaining).toBe(9);
    expect((await call(tokens.Manager, 'GET', `/api/stocks?product_id=${beans.id}`)).body.data.find((b: { id: number }) => b.id === beansBatch).remaining).toBe(3);
    expect((await call(tokens.Manager, 'GET', `/api/products/${milk.id}?include=stock`)).body.data).toMatchObject({ stock: 9 });
    expect((await call(tokens.Manager, 'GET', `/api/products/${beans.id}?include=stock`)).body.data).toMatchObject({ stock: 3 });

    const saleId = sold.body.data.id as number;
    const costs = await db.selectFrom('sale_items').select(['product_id', 'cost_cents']).where('sale_id', '=', saleId).orderBy('id').execute();
    expect(costs).toEqual([
      { product_id: milk.id, cost_cents: 200 },
      { product_id: beans.id, cost_cents: 100 },
      { product_id: milk.id, cost_cents: 100 + 200 },
    ]);
    const movements = await db
      .selectFrom('stock_movements')
      .select(['product_id', 'batch_id', 'quantity', 'unit_cost_cents'])
      .where('reference_type', '=', 'sale')
      .where('reference_id', '=', saleId)
      .orderBy('id')
      .execute();
    expect(movements).toEqual([
      { product_id: milk.id, batch_id: soon, quantity: -2, unit_cost_cents: 100 },
      { product_id: beans.id, batch_id: beansBatch, quantity: -2, unit_cost_cents: 50 },
      { product_id: milk.id, batch_id: soon, quantity: -1, unit_cost_cents: 100 },
      { product_id: milk.id, batch_id: later, quantity: -1, unit_cost_cents: 200 },
    ]);
    const months = await db.selectFrom('stock_months').select(['product_id', 'purchased', 'sold', 'net']).where('product_id', 'in', [milk.id, beans.id]).orderBy('product_id').execute();
    expect(months).toEqual([
      { product_id: milk.id, purchased: 13, sold: 4, net: 9 },
      { product_id: beans.id, purchased: 5, sold: 2, net: 3 },
    ]);

    // Beans went from 5 to 3 against a reorder level of 4: the managers are told once.
    const lows = (await call(tokens.Manager, 'GET', '/api/notifications')).body.data.filter((n: { kind: string }) => n.kind === 'low_stock');
    expect(lows).toHaveLength(1);
    expect(lows[0]).toMatchObject({ params: { product: 'Lines Beans', sku: 'LINES-BEANS', on_hand: 3, reorder_level: 4 } });
  });

  it('sells a product past its batches as one line, costed at its latest receipt, when the shop allows it', async () => {
    const general = (await call(tokens.Admin, 'GET', '/api/settings')).body.data.general;
    const allowed = await call(tokens.Admin, 'PUT', '/api/settings/general', { ...general, allowNegativeStock: true });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const syrup = await create('Lines Syrup', 'LINES-SYRUP', 1, 0);
    const only = await receive(syrup.id, 1, 0.25, '2027-03-01');

    const sold = await call(tokens.Staff, 'POST', '/api/sales', {
      sale_date: clock.now().toISOString(),
      payment_method: 'Cash',
      items: [{ product_id: syrup.id, quantity: 3, unit_price: 1 }],
      total_amount: 3.3,
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((await call(tokens.Manager, 'GET', `/api/products/${syrup.id}?include=stock`)).body.data).toMatchObject({ stock: -2 });
    const movements = await db.selectFrom('stock_movements').select(['batch_id', 'quantity', 'unit_cost_cents']).where('reference_id', '=', sold.body.data.id).where('reference_type', '=', 'sale').orderBy('id').execute();
    expect(movements).toEqual([
      { batch_id: only, quantity: -1, unit_cost_cents: 25 },
      { batch_id: null, quantity: -2, unit_cost_cents: 25 },
    ]);
    expect((await db.selectFrom('sale_items').select('cost_cents').where('sale_id', '=', sold.body.data.id).executeTakeFirstOrThrow()).cost_cents).toBe(75);
  });
});
