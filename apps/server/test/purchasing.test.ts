import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';
import { expectLedgerConsistent, onHand, rowCounts } from './support/ledger';

const { app, database } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const find = async (path: string, q: string) => (await call(tokens.Manager, 'GET', `/api/${path}?q=${encodeURIComponent(q)}`)).body.data[0];

const roaster = await find('suppliers', 'SUP-001');
const bakerySupplier = await find('suppliers', 'SUP-003');
const water = await find('products', 'SNK-001');
const croissant = await find('products', 'BAK-001');
const cashews = await find('products', 'SNK-004');

describe(`suppliers (${dbKind})`, () => {
  it('lists ten per page, searches code/name/email/phone and filters active', async () => {
    const list = await call(tokens.Manager, 'GET', '/api/suppliers?per_page=10');
    expect(list.body.meta).toMatchObject({ total: 4, per_page: 10 });
    expect((await call(tokens.Manager, 'GET', '/api/suppliers?q=kampot')).body.data[0].code).toBe('SUP-004');
    expect((await call(tokens.Manager, 'GET', '/api/suppliers?q=880%20245')).body.data[0].code).toBe('SUP-002');

    const created = await call(tokens.Manager, 'POST', '/api/suppliers', { code: ' SUP-009 ', name: 'Old Market Ice', email: '', active: false, city: 'Phnom Penh' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: 'SUP-009', email: null, active: false, contact_name: null });
    expect((await call(tokens.Manager, 'GET', '/api/suppliers?active=0')).body.data.map((s: { code: string }) => s.code)).toEqual(['SUP-009']);
    expect((await call(tokens.Manager, 'GET', '/api/suppliers?active=1')).body.meta.total).toBe(4);
  });

  it('needs code and name, checks e-mail format, keeps codes unique; Staff has no access', async () => {
    const bad = await call(tokens.Manager, 'POST', '/api/suppliers', { code: ' ', name: '', email: 'nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ code: ['Code is required.'], name: ['Name is required.'], email: ['Enter a valid email address.'] });
    const dup = await call(tokens.Manager, 'POST', '/api/suppliers', { code: 'sup-001', name: 'Copy' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ code: ['A supplier with this code already exists.'] });
    expect((await call(tokens.Staff, 'GET', '/api/suppliers')).status).toBe(403);
    expect((await call(tokens.Staff, 'POST', '/api/suppliers', { code: 'X', name: 'Y' })).status).toBe(403);
  });

  it('updates and deletes a supplier without supplies; refuses one with supplies', async () => {
    const s = (await call(tokens.Manager, 'POST', '/api/suppliers', { code: 'TMP-1', name: 'Temp' })).body.data;
    const updated = await call(tokens.Manager, 'PUT', `/api/suppliers/${s.id}`, { code: 'TMP-1', name: 'Temporary', phone: '012 000 111' });
    expect(updated.body.data).toMatchObject({ name: 'Temporary', phone: '012 000 111', active: true });
    expect((await call(tokens.Manager, 'DELETE', `/api/suppliers/${s.id}`)).status).toBe(204);

    await call(tokens.Manager, 'POST', '/api/supplies', { supplier_id: bakerySupplier.id, invoice_id: 'GB-100', invoice_date: '2026-11-01', items: [{ product_id: croissant.id, supply_quantity: 1, unit_price: 0.8 }] });
    const refused = await call(tokens.Manager, 'DELETE', `/api/suppliers/${bakerySupplier.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This supplier has 1 supply on record. Mark it inactive instead.');
  });
});

describe(`supplies (${dbKind})`, () => {
  it('receives a three-line supply: supply, items, one receipt per line, on-hand raised, in one call', async () => {
    const before = { water: await onHand(database, water.id), croissant: await onHand(database, croissant.id), cashews: await onHand(database, cashews.id) };
    const response = await call(tokens.Manager, 'POST', '/api/supplies', {
      supplier_id: roaster.id,
      invoice_id: 'MR-2026-001',
      invoice_date: '2026-11-20',
      items: [
        { product_id: water.id, supply_quantity: 48, unit_price: 0.2, expire_date: '2027-06-30' },
        { product_id: croissant.id, supply_quantity: 20, unit_price: 0.85, expire_date: '2026-11-23', received_date: '2026-11-21', notes: 'morning delivery' },
        { product_id: cashews.id, supply_quantity: 10, unit_price: 1.35, expire_date: null },
      ],
    });
    expect(response.status).toBe(201);
    const supply = response.body.data;
    expect(supply).toMatchObject({
      invoice_id: 'MR-2026-001',
      invoice_date: '2026-11-20',
      supplier: { id: roaster.id, name: 'Mondulkiri Coffee Roasters' },
      supplier_name: 'Mondulkiri Coffee Roasters',
      items_count: 3,
      total_qty: 78,
      subtotal: 40.1,
      total: 40.1,
      status: 'Received',
    });
    expect(supply.items.map((i: { line_total: number }) => i.line_total)).toEqual([9.6, 17, 13.5]);

    expect(await onHand(database, water.id)).toBe(before.water + 48);
    expect(await onHand(database, croissant.id)).toBe(before.croissant + 20);
    expect(await onHand(database, cashews.id)).toBe(before.cashews + 10);

    const records = await call(tokens.Manager, 'GET', '/api/stocks?q=MR-2026-001');
    expect(records.body.data.map((r: { product_name: string; received_date: string; notes: string; quantity: number; price_in: number }) => [r.product_name, r.quantity, r.price_in, r.received_date, r.notes])).toEqual([
      ['Butter Croissant', 20, 0.85, '2026-11-21', 'Supply MR-2026-001 — morning delivery'],
      ['Roasted Cashews', 10, 1.35, '2026-11-20', 'Supply MR-2026-001'],
      ['Mineral Water 500 ml', 48, 0.2, '2026-11-20', 'Supply MR-2026-001'],
    ]);
    await expectLedgerConsistent(database);
  });

  it('writes nothing when a line is invalid, and reports the line', async () => {
    const before = await rowCounts(database);
    const response = await call(tokens.Manager, 'POST', '/api/supplies', {
      supplier_id: roaster.id,
      invoice_id: 'MR-BAD',
      invoice_date: '2026-11-20',
      items: [
        { product_id: water.id, supply_quantity: 5, unit_price: 0.2 },
        { product_id: croissant.id, supply_quantity: 5, unit_price: 0.8 },
        { product_id: 999999, supply_quantity: 5, unit_price: 1 },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ 'items.2.product_id': ['The selected product does not exist.'] });
    expect(await rowCounts(database)).toEqual(before);
  });

  it('rolls back every line when the database itself fails on the third', async () => {
    const before = await rowCounts(database);
    const onHandBefore = await onHand(database, water.id);
    if (dbKind === 'postgres') {
      await sql`create function fail_on_cashews() returns trigger as $$ begin raise exception 'disk full'; end; $$ language plpgsql`.execute(database.db);
      await sql.raw(`create trigger fail_third before insert on supply_items for each row when (new.product_id = ${cashews.id}) execute function fail_on_cashews()`).execute(database.db);
    } else {
      await sql.raw(`create trigger fail_third before insert on supply_items when new.product_id = ${cashews.id} begin select raise(abort, 'disk full'); end`).execute(database.db);
    }
    try {
      const response = await call(tokens.Manager, 'POST', '/api/supplies', {
        supplier_id: roaster.id,
        invoice_id: 'MR-CRASH',
        invoice_date: '2026-11-20',
        items: [
          { product_id: water.id, supply_quantity: 5, unit_price: 0.2 },
          { product_id: croissant.id, supply_quantity: 5, unit_price: 0.8 },
          { product_id: cashews.id, supply_quantity: 5, unit_price: 1 },
        ],
      });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: 'Something went wrong on the server. Please try again.' });
    } finally {
      await sql`drop trigger fail_third ${sql.raw(dbKind === 'postgres' ? 'on supply_items' : '')}`.execute(database.db);
    }
    expect(await rowCounts(database)).toEqual(before);
    expect(await onHand(database, water.id)).toBe(onHandBefore);
  });

  it('validates in the spec order with its messages', async () => {
    const empty = await call(tokens.Manager, 'POST', '/api/supplies', {});
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Please choose a supplier.');
    expect(Object.entries(empty.body.errors)).toEqual([
      ['supplier_id', ['Please choose a supplier.']],
      ['invoice_id', ['Invoice ID is required.']],
      ['invoice_date', ['Invoice date is required.']],
      ['items', ['Please add at least one item.']],
    ]);
    const noItems = await call(tokens.Manager, 'POST', '/api/supplies', { supplier_id: roaster.id, invoice_id: 'X', invoice_date: '2026-11-20', items: [] });
    expect(noItems.body.errors).toEqual({ items: ['Please add at least one item.'] });
    const badLine = await call(tokens.Manager, 'POST', '/api/supplies', {
      supplier_id: roaster.id,
      invoice_id: 'X',
      invoice_date: '2026-11-20',
      items: [{ product_id: null, supply_quantity: 0, unit_price: -1 }],
    });
    expect(badLine.body.errors).toEqual({
      'items.0.product_id': ['Each line must have a product.'],
      'items.0.supply_quantity': ['Quantity must be > 0.'],
      'items.0.unit_price': ['Unit price must be ≥ 0.'],
    });
    const ghostSupplier = await call(tokens.Manager, 'POST', '/api/supplies', { supplier_id: 424242, invoice_id: 'X', invoice_date: '2026-11-20', items: [{ product_id: water.id, supply_quantity: 1, unit_price: 1 }] });
    expect(ghostSupplier.body.errors).toEqual({ supplier_id: ['The selected supplier does not exist.'] });
  });

  it('keeps invoice ids unique per supplier, not across suppliers', async () => {
    const line = [{ product_id: water.id, supply_quantity: 1, unit_price: 0.2 }];
    expect((await call(tokens.Manager, 'POST', '/api/supplies', { supplier_id: roaster.id, invoice_id: 'INV-7', invoice_date: '2026-11-20', items: line })).status).toBe(201);
    const dup = await call(tokens.Manager, 'POST', '/api/supplies', { supplier_id: roaster.id, invoice_id: 'inv-7', invoice_date: '2026-11-21', items: line });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ invoice_id: ['This supplier already has a supply with this invoice ID.'] });
    expect((await call(tokens.Manager, 'POST', '/api/supplies', { supplier_id: bakerySupplier.id, invoice_id: 'INV-7', invoice_date: '2026-11-21', items: line })).status).toBe(201);
  });

  it('lists supplies with items count and supplier, searching invoice or supplier; details come with items', async () => {
    const list = await call(tokens.Manager, 'GET', '/api/supplies?per_page=10');
    expect(list.body.meta.per_page).toBe(10);
    const first = list.body.data.find((s: { invoice_id: string }) => s.invoice_id === 'MR-2026-001');
    expect(first).toMatchObject({ items_count: 3, supplier: { name: 'Mondulkiri Coffee Roasters' } });
    expect(first).not.toHaveProperty('items');
    expect((await call(tokens.Manager, 'GET', '/api/supplies?q=golden')).body.data.every((s: { supplier_name: string }) => s.supplier_name === 'Golden Bakery Supplies')).toBe(true);
    expect((await call(tokens.Manager, 'GET', '/api/supplies?q=MR-2026')).body.meta.total).toBe(1);
    const details = await call(tokens.Manager, 'GET', `/api/supplies/${first.id}`);
    expect(details.body.data.items).toHaveLength(3);
    expect(details.body.data.items[0]).toMatchObject({ product_name: 'Mineral Water 500 ml', supply_quantity: 48, unit_price: 0.2, expire_date: '2027-06-30' });
    expect((await call(tokens.Manager, 'GET', '/api/supplies/999999')).status).toBe(404);
    expect((await call(tokens.Staff, 'GET', '/api/supplies')).status).toBe(403);
  });
});

describe(`supply items (${dbKind})`, () => {
  it('creating, editing and deleting an item moves stock by correcting movements, keeping ledger = on-hand', async () => {
    const supply = (await call(tokens.Manager, 'GET', '/api/supplies?q=MR-2026-001')).body.data[0];
    const start = await onHand(database, cashews.id);
    const created = await call(tokens.Manager, 'POST', '/api/supply-items', { supply_id: supply.id, product_id: cashews.id, supply_quantity: 6, unit_price: 1.4, expire_date: '' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ supply_quantity: 6, line_total: 8.4, expire_date: null, supply: { invoice_id: 'MR-2026-001', supplier: { name: 'Mondulkiri Coffee Roasters' } } });
    expect(await onHand(database, cashews.id)).toBe(start + 6);

    const id = created.body.data.id;
    const edited = await call(tokens.Manager, 'PUT', `/api/supply-items/${id}`, { supply_id: supply.id, product_id: cashews.id, supply_quantity: 4, unit_price: 1.5, expire_date: '2027-01-31' });
    expect(edited.body.data).toMatchObject({ supply_quantity: 4, unit_price: 1.5, line_total: 6, expire_date: '2027-01-31' });
    expect(await onHand(database, cashews.id)).toBe(start + 4);

    const moved = await call(tokens.Manager, 'PUT', `/api/supply-items/${id}`, { supply_id: supply.id, product_id: water.id, supply_quantity: 4, unit_price: 0.2, expire_date: null });
    expect(moved.body.data.product).toMatchObject({ id: water.id });
    expect(await onHand(database, cashews.id)).toBe(start);

    const waterBefore = await onHand(database, water.id);
    expect((await call(tokens.Manager, 'DELETE', `/api/supply-items/${id}`)).status).toBe(204);
    expect(await onHand(database, water.id)).toBe(waterBefore - 4);

    const history = await database.db.selectFrom('stock_movements').select(['kind', 'quantity']).where('reference_type', '=', 'supply_item').where('reference_id', '=', id).orderBy('id').execute();
    expect(history).toEqual([
      { kind: 'receipt', quantity: 6 },
      { kind: 'receipt_correction', quantity: -2 },
      { kind: 'receipt_correction', quantity: -4 },
      { kind: 'receipt_correction', quantity: 4 },
      { kind: 'receipt_correction', quantity: -4 },
    ]);
    await expectLedgerConsistent(database);
  });

  it('refuses to shrink or delete a line below what has already left the batch', async () => {
    const supply = (await call(tokens.Manager, 'GET', '/api/supplies?q=MR-2026-001')).body.data[0];
    const line = (await call(tokens.Manager, 'POST', '/api/supply-items', { supply_id: supply.id, product_id: croissant.id, supply_quantity: 5, unit_price: 0.9, expire_date: '2026-11-22' })).body.data;
    // The batch that expires first goes first: this one (22 Nov) before the 23 Nov one.
    await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: croissant.id, quantity: -3, reason: 'waste' });
    const item = (await call(tokens.Manager, 'GET', `/api/supply-items/${line.id}`)).body.data;
    expect(item.remaining).toBe(2);

    const shrink = await call(tokens.Manager, 'PUT', `/api/supply-items/${line.id}`, { supply_id: supply.id, product_id: croissant.id, supply_quantity: 1, unit_price: 0.9, expire_date: '2026-11-22' });
    expect(shrink.status).toBe(409);
    expect(shrink.body.message).toBe('Only 2 of this batch are left: 3 units have already been sold or written off.');
    const remove = await call(tokens.Manager, 'DELETE', `/api/supply-items/${line.id}`);
    expect(remove.status).toBe(409);
    const ok = await call(tokens.Manager, 'PUT', `/api/supply-items/${line.id}`, { supply_id: supply.id, product_id: croissant.id, supply_quantity: 3, unit_price: 0.9, expire_date: '2026-11-22' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.remaining).toBe(0);
    await expectLedgerConsistent(database);
  });

  it('lists items with filters and search, and validates like the form', async () => {
    const supply = (await call(tokens.Manager, 'GET', '/api/supplies?q=MR-2026-001')).body.data[0];
    const bySupply = await call(tokens.Manager, 'GET', `/api/supply-items?supply_id=${supply.id}&per_page=10`);
    expect(bySupply.body.data.every((i: { supply_id: number }) => i.supply_id === supply.id)).toBe(true);
    const byProduct = await call(tokens.Manager, 'GET', `/api/supply-items?product_id=${water.id}&supply_id=`);
    expect(byProduct.body.data.every((i: { product_id: number }) => i.product_id === water.id)).toBe(true);
    expect((await call(tokens.Manager, 'GET', '/api/supply-items?q=snk-001')).body.meta.total).toBeGreaterThan(0);

    const bad = await call(tokens.Manager, 'POST', '/api/supply-items', { supply_id: 0, product_id: 0, supply_quantity: 0, unit_price: -1 });
    expect(bad.body.errors).toMatchObject({
      supply_id: ['Supply ID and Product ID are required'],
      product_id: ['Supply ID and Product ID are required'],
      supply_quantity: ['Quantity must be > 0.'],
      unit_price: ['Unit price must be ≥ 0.'],
    });
    const ghost = await call(tokens.Manager, 'POST', '/api/supply-items', { supply_id: 99999, product_id: water.id, supply_quantity: 1, unit_price: 1 });
    expect(ghost.body.errors).toEqual({ supply_id: ['The selected supply does not exist.'] });
  });
});
