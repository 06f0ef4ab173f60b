import { describe, expect, it } from 'vitest';
import { csvCell, csvLines } from '../src/lib/csv';
import { salesExportWriter, spreadsheetSafe, type SalesExportRow } from '../src/lib/export-text';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const download = async (path: string) => {
  const response = await app.inject({ method: 'GET', url: path, headers: bearer(tokens.Manager) });
  expect(response.statusCode).toBe(200);
  return response.body.slice(1).trim().split('\n');
};

describe(`CSV exports and spreadsheet formulas (${dbKind})`, () => {
  it('writes text that a spreadsheet would run as a formula with a leading apostrophe, in every export; numbers stay numbers', async () => {
    // A Staff member names a customer so that a Manager's export would open a link.
    const customer = (await call(tokens.Staff, 'POST', '/api/customers', { name: '=HYPERLINK("http://evil.example","Refund")', email: 'evil@example.com' })).body.data;
    expect(customer.name).toBe('=HYPERLINK("http://evil.example","Refund")');
    const categories = (await call(tokens.Manager, 'GET', '/api/categories?per_page=1')).body.data;
    const units = (await call(tokens.Manager, 'GET', '/api/units?per_page=1')).body.data;
    const product = (
      await call(tokens.Manager, 'POST', '/api/products', { name: '+cmd|calc', sku: '@SKU-1', category_id: categories[0].id, unit_id: units[0].id, price: 2 })
    ).body.data;
    expect(product.sku).toBe('@SKU-1');
    const supplier = (await call(tokens.Manager, 'POST', '/api/suppliers', { name: '-2+3 Foods', code: 'SUP-EVIL' })).body.data;
    const supply = await call(tokens.Manager, 'POST', '/api/supplies', {
      supplier_id: supplier.id,
      invoice_id: '=1+1',
      invoice_date: clock.now().toISOString().slice(0, 10),
      payment_method: 'Cash',
      reference: '@SUM(A1)',
      items: [{ product_id: product.id, supply_quantity: 5, unit_price: 1 }],
    });
    expect(supply.status).toBe(201);
    const sale = await call(tokens.Staff, 'POST', '/api/sales', {
      sale_date: clock.now().toISOString(),
      payment_method: 'Cash',
      customer_id: customer.id,
      items: [{ product_id: product.id, quantity: 1, unit_price: 2 }],
      total_amount: 2.2,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);

    const sales = await download(`/api/sales/export?q=${encodeURIComponent(sale.body.data.code)}`);
    expect(sales).toHaveLength(2);
    expect(sales[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Refund"")",`);

    const purchases = await download(`/api/supplies/export?supplier_id=${supplier.id}`);
    expect(purchases.find((line) => line.includes('Foods'))).toMatch(/^\d{4}-\d\d-\d\d,'=1\+1,'-2\+3 Foods,'@SUM\(A1\),1,5,5\.00,0\.00,0\.00,5\.00,Cash,Received$/);

    const stock = await download('/api/stock-report/export?q=SKU-1');
    // The product's name and SKU are neutralised; a negative number would not be.
    expect(stock[1]).toMatch(/^'\+cmd\|calc,'@SKU-1,/);
    expect(stock[1]).toMatch(/,1\.00,0,5,1,0,4,4\.00,Normal$/);
  });
});

describe('CSV text (RFC 4180)', () => {
  it('quotes a cell only when it holds a quote, a comma or a line break, doubling the quotes inside', () => {
    const cells: [string | number, string][] = [
      ['Walk-in', 'Walk-in'],
      ['Sok, Dara', '"Sok, Dara"'],
      ['the "big" cup', '"the ""big"" cup"'],
      ['two\nlines', '"two\nlines"'],
      ['ends with CR\r', '"ends with CR\r"'],
      ['កាហ្វេទឹកដោះគោ', 'កាហ្វេទឹកដោះគោ'],
      ['', ''],
      [12, '12'],
      [-2.5, '-2.5'],
      ['Cash $10.00 + ៛2,000', '"Cash $10.00 + ៛2,000"'],
    ];
    for (const [value, text] of cells) expect(csvCell(value), String(value)).toBe(text);
  });

  it('writes each row as one line, text cells made spreadsheet-safe first and numbers kept as numbers', () => {
    const rows = [
      ['2026-11-27', '=1+1', -2, '-2.50'],
      ['2026-11-28', '@SUM(A1), "x"', 0, 'ok'],
    ];
    expect(csvLines(rows, spreadsheetSafe)).toBe(`2026-11-27,'=1+1,-2,-2.50\n2026-11-28,"'@SUM(A1), ""x""",0,ok\n`);
  });

  it('writes a chunk of sales from their rows as they come, a sale per line, its payments in the order they were taken', () => {
    // id, number, date, customer, channel, items, qty, gross, discount, tax, total, method, status, then a payment: method, currency, cents, riel, id.
    type SaleCells = [number, number, string, string | null, string, number, number, number, number, number, number, string, string];
    const sale = (id: number, customer: string | null, total: number, method: string): SaleCells => [id, id, '2026-11-27', customer, 'POS', 2, 3, total, 0, 0, total, method, 'Paid'];
    const rows: SalesExportRow[] = [
      // Sale 9's two payments arrive last one first.
      [...sale(9, 'Sok, Dara', 1500, 'Cash'), 'Cash', 'KHR', 488, 20_000, 31],
      [...sale(9, 'Sok, Dara', 1500, 'Cash'), 'Cash', 'USD', 1000, 0, 30],
      // A sale with no payment recorded (an old one) says its own method.
      [...sale(8, '=HYPERLINK("x")', -250, 'Card'), null, null, null, null, null],
      // Riel alone: the method and the riel.
      [...sale(7, null, 1000, 'Cash'), 'Cash', 'KHR', 1000, 41_000, 29],
    ];
    const writer = salesExportWriter();
    for (const row of rows) writer.add(row);
    expect(writer.end()).toEqual({
      text:
        '2026-11-27,SO-000009,"Sok, Dara",POS,2,3,15.00,0.00,0.00,15.00,0.00,15.00,"Cash $10.00 + ៛20,000",Paid\n' +
        `2026-11-27,SO-000008,"'=HYPERLINK(""x"")",POS,2,3,-2.50,0.00,0.00,-2.50,0.00,-2.50,Card,Paid\n` +
        '2026-11-27,SO-000007,Walk-in,POS,2,3,10.00,0.00,0.00,10.00,0.00,10.00,"Cash ៛41,000",Paid\n',
      records: 3,
      last: 7,
    });
    expect(salesExportWriter().end()).toEqual({ text: '', records: 0, last: null });
  });
});
