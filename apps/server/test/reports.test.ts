import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from './support/ledger';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';
import { SHOP_VIEW } from '../src/services/context';
import { salesExportText } from '../src/services/sales';

// The clock starts on 2026-11-21 03:00 UTC, 10:00 in Phnom Penh.
const { app, clock, database } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const find = async (path: string, q: string) => (await call(tokens.Manager, 'GET', `/api/${path}?q=${encodeURIComponent(q)}`)).body.data[0];

const croissant = await find('products', 'BAK-001'); // $1.80, reorder level 5
const cookies = await find('products', 'SNK-003'); // $1.50
const lemonTea = await find('products', 'TEA-001'); // $1.50, made to order
const bakery = await find('suppliers', 'SUP-003');
const dairy = await find('suppliers', 'SUP-002');

const sell = (items: { product: { id: number; price: number }; quantity: number }[], total: number, extra: Record<string, unknown> = {}) =>
  call(tokens.Staff, 'POST', '/api/sales', {
    sale_date: clock.now().toISOString(),
    payment_method: 'Card',
    items: items.map((line) => ({ product_id: line.product.id, quantity: line.quantity, unit_price: line.product.price })),
    total_amount: total,
    ...extra,
  });

// The hand-built month: croissants 10 @ 1.00 on Nov 1 and 10 @ 1.30 on Nov 15; today 3 sold,
// 1 refunded, 2 thrown away. Cookies: 4 @ 0.75 on Nov 12, none sold.
await call(tokens.Manager, 'POST', '/api/supplies', {
  supplier_id: bakery.id,
  invoice_id: 'GB-1',
  invoice_date: '2026-11-01',
  payment_method: 'Cash',
  items: [{ product_id: croissant.id, supply_quantity: 10, unit_price: 1 }],
});
await call(tokens.Manager, 'POST', '/api/supplies', {
  supplier_id: dairy.id,
  invoice_id: 'PFD-7',
  invoice_date: '2026-11-12',
  payment_method: 'Bank',
  reference: 'PO "12", urgent',
  tax: 0.3,
  freight: 1,
  items: [{ product_id: cookies.id, supply_quantity: 4, unit_price: 0.75 }],
});
await call(tokens.Manager, 'POST', '/api/supplies', {
  supplier_id: bakery.id,
  invoice_id: 'GB-2',
  invoice_date: '2026-11-15',
  payment_method: 'Cash',
  items: [{ product_id: croissant.id, supply_quantity: 10, unit_price: 1.3 }],
});
// 3 croissants: 5.40 + 0.54 tax = 5.94.
const sale = (await sell([{ product: croissant, quantity: 3 }], 5.94)).body.data;
await call(tokens.Manager, 'POST', `/api/sales/${sale.id}/refunds`, { items: [{ sale_item_id: sale.items[0].id, quantity: 1 }] });
await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: croissant.id, quantity: -2, reason: 'waste' });

const stockRow = async (query: string) => {
  const response = await call(tokens.Manager, 'GET', `/api/stock-report?q=${croissant.sku}&${query}`);
  expect(response.status).toBe(200);
  return response.body.data[0];
};

describe(`stock report (${dbKind})`, () => {
  it('reads opening, purchases, net sales, adjustments and closing from the ledger across the range boundary', async () => {
    expect(await stockRow('from=2026-11-10&to=2026-11-21')).toMatchObject({
      name: 'Butter Croissant',
      category: 'Bakery',
      unit: 'Piece',
      openingQty: 10,
      purchasedQty: 10,
      soldQty: 2,
      adjustedQty: -2,
      closingQty: 16,
      // (10 × 1.00 + 10 × 1.30) / 20
      unitCost: 1.15,
      valuation: 18.4,
      reorderLevel: 5,
      state: 'Normal',
    });
    expect(await stockRow('from=2026-11-16&to=2026-11-21')).toMatchObject({ openingQty: 20, purchasedQty: 0, closingQty: 16 });
    // Before the second delivery and the sale: only the first batch, at its cost.
    expect(await stockRow('from=2026-11-02&to=2026-11-14')).toMatchObject({ openingQty: 10, purchasedQty: 0, soldQty: 0, closingQty: 10, unitCost: 1, valuation: 10 });
    // Whole months come from the monthly sums, edge days from the ledger: the figures agree.
    expect(await stockRow('from=2026-11-01&to=2026-11-30')).toMatchObject({ openingQty: 0, purchasedQty: 20, soldQty: 2, adjustedQty: -2, closingQty: 16 });
    expect(await stockRow('from=2026-10-01&to=2026-10-31')).toMatchObject({ openingQty: 0, purchasedQty: 0, closingQty: 0, unitCost: 0 });
    expect(await stockRow('from=2026-09-15&to=2026-11-01')).toMatchObject({ openingQty: 0, purchasedQty: 10, closingQty: 10 });
    expect(await stockRow('from=2026-11-01&to=2026-11-01')).toMatchObject({ openingQty: 0, purchasedQty: 10, closingQty: 10 });
    await expectLedgerConsistent(database);
  });

  it('defaults to the last 30 days, filters by category and state, and totals the whole filtered set', async () => {
    const all = await call(tokens.Manager, 'GET', '/api/stock-report?per_page=1');
    expect(all.body.meta).toMatchObject({ from: '2026-10-23', to: '2026-11-21', per_page: 1 });
    // Every tracked demo product is a row; only these two have stock.
    expect(all.body.meta.totals).toMatchObject({ closingQty: 20, purchases: 24, sales: 2, adjustments: -2, valuation: 18.4 + 3 });
    expect(all.body.meta.totals.skus).toBe(all.body.meta.total);

    const below = await call(tokens.Manager, 'GET', '/api/stock-report?state=Below%20Reorder&per_page=100');
    const names = below.body.data.map((r: { name: string }) => r.name);
    expect(names).toContain('Lemon Cookies');
    expect(names).not.toContain('Butter Croissant');
    const bakeryRows = await call(tokens.Manager, 'GET', `/api/stock-report?category=${croissant.category_id}&per_page=100`);
    expect(bakeryRows.body.data.every((r: { category: string }) => r.category === 'Bakery')).toBe(true);
    expect((await call(tokens.Manager, 'GET', '/api/stock-report?state=Low')).status).toBe(422);
    expect((await call(tokens.Manager, 'GET', '/api/stock-report?from=2026-11-21&to=2026-11-01')).status).toBe(422);
    expect((await call(tokens.Staff, 'GET', '/api/stock-report')).status).toBe(403);
  });

  it('pages in the order of the export, each page carrying the whole set\'s totals, and a page past the last keeps them', async () => {
    const first = await call(tokens.Manager, 'GET', '/api/stock-report?per_page=3');
    const { total, last_page: lastPage, totals } = first.body.meta;
    expect(total).toBeGreaterThan(6);
    const rows: { sku: string; closingQty: number }[] = [];
    for (let page = 1; page <= lastPage; page += 1) {
      const answer = await call(tokens.Manager, 'GET', `/api/stock-report?per_page=3&page=${page}`);
      expect(answer.body.meta.totals).toEqual(totals);
      rows.push(...answer.body.data);
    }
    expect(rows).toHaveLength(total);
    expect(rows.reduce((sum, row) => sum + row.closingQty, 0)).toBe(totals.closingQty);
    const file = await app.inject({ method: 'GET', url: '/api/stock-report/export', headers: bearer(tokens.Manager) });
    const skus = file.body.slice(1).trim().split('\n').slice(1).map((line) => line.split(',')[1]);
    expect(rows.map((row) => row.sku)).toEqual(skus);

    const past = await call(tokens.Manager, 'GET', `/api/stock-report?per_page=3&page=${lastPage + 1}`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ total, last_page: lastPage, current_page: lastPage + 1, totals });
    const none = await call(tokens.Manager, 'GET', '/api/stock-report?q=no-such-product');
    expect(none.body.meta).toMatchObject({ total: 0, last_page: 1, totals: { skus: 0, openingQty: 0, closingQty: 0, purchases: 0, sales: 0, adjustments: 0, valuation: 0 } });
  });
});

describe(`purchase report (${dbKind})`, () => {
  it('applies date, payment and status filters on the server, with totals over the filtered set', async () => {
    const all = await call(tokens.Manager, 'GET', '/api/supplies?per_page=1');
    expect(all.body.meta.totals).toEqual({ orders: 3, items: 3, qty: 24, subtotal: 26, tax: 0.3, freight: 1, total: 27.3 });
    const range = await call(tokens.Manager, 'GET', '/api/supplies?from=2026-11-10&to=2026-11-14');
    expect(range.body.data.map((s: { invoice_id: string }) => s.invoice_id)).toEqual(['PFD-7']);
    const cash = await call(tokens.Manager, 'GET', '/api/supplies?payment=Cash');
    expect(cash.body.meta.totals).toMatchObject({ orders: 2, subtotal: 23 });
    expect((await call(tokens.Manager, 'GET', '/api/supplies?status=Pending')).body.meta.total).toBe(0);
    expect((await call(tokens.Manager, 'GET', '/api/supplies?payment=All&status=All')).body.meta.total).toBe(3);
    expect((await call(tokens.Manager, 'GET', '/api/supplies?payment=Cheque')).status).toBe(422);
  });
});

describe(`CSV exports (${dbKind})`, () => {
  const download = (path: string, token = tokens.Manager) => app.inject({ method: 'GET', url: path, headers: bearer(token) });

  it('exports the whole filtered set with the table headers, a BOM and correct quoting', async () => {
    const purchases = await download('/api/supplies/export?from=2026-11-10');
    expect(purchases.statusCode).toBe(200);
    expect(purchases.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(purchases.headers['content-disposition']).toBe('attachment; filename="purchase-report.csv"');
    expect(purchases.body.startsWith('\uFEFF')).toBe(true);
    const lines = purchases.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe('Date,PO,Supplier,Ref,Items,Qty,Subtotal,Tax,Freight,Total,Payment,Status');
    expect(lines).toHaveLength(3);
    // How many rows the file has, said before it comes (the console shows how far a download is).
    expect(purchases.headers['x-total-count']).toBe('2');
    expect(lines).toContain('2026-11-12,PFD-7,Phnom Penh Fresh Dairy,"PO ""12"", urgent",1,4,3.00,0.30,1.00,4.30,Bank,Received');

    const stock = await download('/api/stock-report/export?q=BAK-001&from=2026-11-10');
    expect(stock.headers['content-disposition']).toBe('attachment; filename="stock-report.csv"');
    expect(stock.headers['x-total-count']).toBe('1');
    expect(stock.body.slice(1).trim().split('\n')).toEqual([
      'Product,SKU,Category,Unit,Unit Cost,Opening,Purchases,Sales,Adjust,Closing,Valuation,State',
      'Butter Croissant,BAK-001,Bakery,Piece,1.15,10,10,2,-2,16,18.40,Normal',
    ]);
    expect((await download('/api/stock-report/export', tokens.Staff)).statusCode).toBe(403);
  });

  it('streams thousands of sales, one row each, Khmer names intact', async () => {
    const customer = (await call(tokens.Manager, 'POST', '/api/customers', { name: 'សុខា, "VIP"', email: `vip-${dbKind}@example.com` })).body.data;
    // More than one 1,000-row chunk of the export.
    const many = 1200;
    for (let i = 0; i < many; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, many - i) }, () => sell([{ product: lemonTea, quantity: 1 }], 1.65, { customer_id: customer.id })));
    }
    const list = await call(tokens.Manager, 'GET', '/api/sales?per_page=1');
    const csv = await download('/api/sales/export');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sales-report.csv"');
    const lines = csv.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe('Date,SO,Customer,Channel,Items,Qty,Gross,Discount,Tax,Net,Refunds,Net after refunds,Payment,Status');
    // One row per sale, then one per refund.
    const saleRows = lines.slice(1).filter((line) => !/,Refund RF-\d+$/.test(line));
    expect(saleRows.length).toBe(list.body.meta.total);
    expect(lines[1]).toMatch(/^2026-11-21,SO-\d{6},"សុខា, ""VIP""",POS,1,1,1.50,0.00,0.15,1.65,0.00,1.65,Card,Paid$/);
    expect(new Set(saleRows.map((line) => line.split(',')[1])).size).toBe(list.body.meta.total);
    expect(csv.headers['x-total-count']).toBe(String(lines.length - 1));

    // The same text whether a chunk is written where its rows are read (the reports' reader) or on
    // the main thread from the rows (a context with no export reader).
    const written = async (ctx: typeof app.reports) => {
      let text = '';
      for await (const [chunk] of salesExportText(ctx, {}, SHOP_VIEW)) text += chunk ?? '';
      return text;
    };
    const byReader = await written(app.reports);
    expect(app.reports.exportText).toBeDefined();
    expect(app.services.exportText).toBeUndefined();
    expect(byReader.split('\n').length - 1).toBe(list.body.meta.total);
    expect(await written(app.services)).toBe(byReader);
    // And the same when two chunks are read ahead, as with two report connections or reader threads.
    expect(await written({ ...app.reports, readers: 2 })).toBe(byReader);
    expect(await written({ ...app.reports, readers: 1 })).toBe(byReader);

    // Compressed as the client takes it (a browser brotli, most HTTP libraries gzip only), the same file once opened.
    for (const [accepts, encoding, open] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ] as const) {
      const packed = await app.inject({ method: 'GET', url: '/api/sales/export', headers: { ...bearer(tokens.Manager), 'accept-encoding': accepts } });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(Buffer.byteLength(csv.body) / 3);
      expect(open(packed.rawPayload).toString('utf8')).toBe(csv.body);
    }

    // The lines of every sale, across chunks of a thousand sales: each sale's SO is there.
    const saleLines = await download('/api/sales/lines/export');
    const lineRows = saleLines.body.slice(1).trim().split('\n').slice(1);
    expect(saleLines.headers['x-total-count']).toBe(String(lineRows.length));
    expect(new Set(lineRows.map((line) => line.split(',')[1])).size).toBe(list.body.meta.total);
  }, 90_000);
});

describe(`business days in the shop's time zone (${dbKind})`, () => {
  it('puts a sale at 23:30 Phnom Penh time on that day, and one at 00:30 on the next', async () => {
    const start = clock.now().getTime();
    clock.advance(Date.parse('2026-11-21T16:30:00Z') - start);
    // 13½ hours on, past the 12-hour idle limit of a session: the till signs in again.
    Object.assign(tokens, await demoTokens(app));
    const late = (await sell([{ product: lemonTea, quantity: 1 }], 1.65)).body.data;
    clock.advance(60 * 60 * 1000);
    const next = (await sell([{ product: lemonTea, quantity: 1 }], 1.65)).body.data;
    clock.advance(start - clock.now().getTime());
    expect(late.business_date).toBe('2026-11-21');
    expect(next.business_date).toBe('2026-11-22');
    const day = await call(tokens.Manager, 'GET', '/api/sales?from=2026-11-22&to=2026-11-22');
    expect(day.body.data.map((s: { id: number }) => s.id)).toEqual([next.id]);
  });
});

describe(`dashboard (${dbKind})`, () => {
  it('counts orders and income net of refunds over 30 days, expense from supplies, and lists low stock and top sellers', async () => {
    const sums = await call(tokens.Manager, 'GET', '/api/sales?per_page=1&from=2026-10-23&to=2026-11-21');
    const response = await call(tokens.Manager, 'GET', '/api/dashboard');
    expect(response.status).toBe(200);
    const dashboard = response.body.data;
    expect(dashboard.period).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(dashboard.cards.newOrders).toEqual({ value: sums.body.meta.total, previous: 0, change: 100 });
    expect(dashboard.cards.totalIncome.value).toBeCloseTo(sums.body.meta.totals.net - sums.body.meta.totals.refunded, 2);
    expect(dashboard.cards.totalExpense.value).toBe(27.3);
    expect(dashboard.cards.newUsers.value).toBeGreaterThanOrEqual(1);
    expect(dashboard.months).toHaveLength(12);
    expect(dashboard.months[10].income).toBeCloseTo(dashboard.yearTotal, 2);
    expect(dashboard.topProducts[0]).toMatchObject({ name: 'Iced Lemon Tea' });
    expect(dashboard.lowStock).toHaveLength(5);
    expect(dashboard.lowStock.every((p: { onHand: number; reorderLevel: number }) => p.onHand <= p.reorderLevel)).toBe(true);
    expect((await call(tokens.Staff, 'GET', '/api/dashboard')).status).toBe(403);
  });
});

describe(`far dates (${dbKind})`, () => {
  it('refuses a date outside 2000-01-01 … 2100-12-31 with 422 in every filter and body, and takes the edges', async () => {
    const message = 'Use a date between 2000-01-01 and 2100-12-31.';
    for (const url of ['/api/stock-report?to=9999-12-31', '/api/stock-report/export?from=1900-01-01', '/api/sales?from=1900-01-01', '/api/supplies?to=2101-01-01']) {
      const answer = await call(tokens.Manager, 'GET', url);
      expect(answer.status, url).toBe(422);
      expect(answer.body.message, url).toBe(message);
    }
    const farSale = await call(tokens.Staff, 'POST', '/api/sales', {
      sale_date: '9999-12-31T00:00:00Z',
      payment_method: 'Cash',
      items: [{ product_id: lemonTea.id, quantity: 1, unit_price: lemonTea.price }],
      total_amount: 1.65,
    });
    expect(farSale.status).toBe(422);
    expect(farSale.body.errors.sale_date).toEqual([message]);
    const farStock = await call(tokens.Manager, 'POST', '/api/stocks', { product_id: croissant.id, quantity: 1, price_in: 1, expire_date: '9999-12-31' });
    expect(farStock.status).toBe(422);
    expect(farStock.body.errors.expire_date).toEqual([message]);

    const edges = await call(tokens.Manager, 'GET', '/api/stock-report?from=2000-01-01&to=2100-12-31&q=BAK-001');
    expect(edges.status).toBe(200);
    expect(edges.body.data[0]).toMatchObject({ sku: 'BAK-001', openingQty: 0 });
    expect(edges.body.data[0].closingQty).toBe((await call(tokens.Manager, 'GET', '/api/stock-report?q=BAK-001')).body.data[0].closingQty);
  });
});
