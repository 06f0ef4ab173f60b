import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app, database } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

const lookup = async (path: string, q: string) => (await call(tokens.Staff, 'GET', `/api/${path}?q=${encodeURIComponent(q)}`)).body.data[0];
const coffee = await lookup('categories', 'Coffee');
const bakery = await lookup('categories', 'Bakery');
const cup = await lookup('units', 'Cup');
const piece = await lookup('units', 'Piece');

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Salted Caramel Latte',
  sku: `COF-${Math.random().toString(36).slice(2, 8)}`,
  category_id: coffee.id,
  unit_id: cup.id,
  price: 3.25,
  ...overrides,
});

describe(`products (${dbKind})`, () => {
  it('lists newest first with category and unit, five per page as the screen asks', async () => {
    const response = await call(tokens.Staff, 'GET', '/api/products?per_page=5');
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ total: 31, per_page: 5, current_page: 1, last_page: 7 });
    const [first, second] = response.body.data;
    expect(first.id).toBeGreaterThan(second.id);
    expect(first).toMatchObject({
      name: 'Mondulkiri Coffee Beans',
      price: 18,
      active: true,
      track_stock: true,
      category: { name: 'Snacks & Drinks' },
      unit: { name: 'Kilogram', symbol: 'kg' },
    });
    expect(first).not.toHaveProperty('stock');
  });

  it('pages the list in order, each product once, and a page past the last is empty', async () => {
    const whole = (await call(tokens.Staff, 'GET', `/api/products?category_id=${bakery.id}&per_page=100`)).body.data.map((p: { id: number }) => p.id);
    expect(whole.length).toBeGreaterThan(4);
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 4); page += 1) {
      const answer = await call(tokens.Staff, 'GET', `/api/products?category_id=${bakery.id}&per_page=4&page=${page}`);
      expect(answer.body.meta).toMatchObject({ total: whole.length, current_page: page });
      paged.push(...answer.body.data.map((p: { id: number }) => p.id));
    }
    expect(paged).toEqual(whole);
    expect([...whole].sort((a, b) => b - a)).toEqual(whole);
    const past = await call(tokens.Staff, 'GET', `/api/products?category_id=${bakery.id}&per_page=4&page=99`);
    expect(past.body).toMatchObject({ data: [], meta: { total: whole.length, current_page: 99 } });
  });

  it('lists a product as soon as it is written, moved, deactivated or deleted, without a search text too', async () => {
    const list = async (filters = '') => (await call(tokens.Staff, 'GET', `/api/products?per_page=100${filters}`)).body;
    const before = await list();
    const made = (await call(tokens.Manager, 'POST', '/api/products', valid({ name: 'Just Made Tea' }))).body.data;
    const after = await list();
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data[0]).toMatchObject({ id: made.id, name: 'Just Made Tea', category: { name: 'Coffee' } });

    expect((await call(tokens.Manager, 'PUT', `/api/products/${made.id}`, { ...valid({ name: 'Just Made Tea' }), sku: made.sku, category_id: bakery.id, unit_id: piece.id, active: false })).status).toBe(200);
    const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);
    expect(ids(await list(`&category_id=${coffee.id}`))).not.toContain(made.id);
    expect(ids(await list(`&category_id=${bakery.id}&unit_id=${piece.id}&active=0`))).toContain(made.id);
    expect(ids(await list('&active=1'))).not.toContain(made.id);

    expect((await call(tokens.Manager, 'DELETE', `/api/products/${made.id}`)).status).toBe(204);
    const gone = await list();
    expect(gone.meta.total).toBe(before.meta.total);
    expect(ids(gone)).not.toContain(made.id);
  });

  it('searches name or SKU case-insensitively and filters by category, unit and active', async () => {
    const bySku = await call(tokens.Staff, 'GET', '/api/products?q=cof-00');
    expect(bySku.body.meta.total).toBe(9);
    const byName = await call(tokens.Staff, 'GET', '/api/products?q=CROISSANT');
    expect(byName.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['Butter Croissant', 'Chocolate Croissant']);

    const inBakery = await call(tokens.Staff, 'GET', `/api/products?category_id=${bakery.id}&per_page=100`);
    expect(inBakery.body.meta.total).toBe(6);
    expect(inBakery.body.data.every((p: { category_id: number }) => p.category_id === bakery.id)).toBe(true);
    const aliased = await call(tokens.Staff, 'GET', `/api/products?category=${bakery.id}`);
    expect(aliased.body.meta.total).toBe(6);
    const byUnit = await call(tokens.Staff, 'GET', `/api/products?unit_id=${piece.id}&category_id=${bakery.id}`);
    expect(byUnit.body.meta.total).toBe(6);

    const muffin = await lookup('products', 'Banana Muffin');
    await call(tokens.Manager, 'PUT', `/api/products/${muffin.id}`, { ...muffin, active: false, image: null });
    const inactive = await call(tokens.Staff, 'GET', '/api/products?active=0');
    expect(inactive.body.data.map((p: { name: string }) => p.name)).toEqual(['Banana Muffin']);
    const active = await call(tokens.Staff, 'GET', '/api/products?active=1&per_page=1');
    expect(active.body.meta.total).toBe(30);
  });

  it('finds a product by any part of its name or SKU as soon as it is written, renamed or deleted, with the exact count', async () => {
    const names = (response: { body: { data: { name: string }[] } }) => response.body.data.map((p) => p.name).sort();
    const found = (q: string, more = '') => call(tokens.Staff, 'GET', `/api/products?q=${encodeURIComponent(q)}${more.includes('per_page') ? '' : '&per_page=2'}${more}`);
    const made = [];
    for (const [name, sku] of [
      ['Tamarind Iced Tea', 'TEA-TAM-1'],
      ['Tamarind Candy', 'SNK-TAM-2'],
      ['Iced tamarind soda', 'DRK-TAM-3'],
      ['100% Mango Juice', 'JUI-100'],
      ['Mango 100 Pack', 'JUI_100'],
    ]) {
      made.push((await call(tokens.Manager, 'POST', '/api/products', valid({ name, sku }))).body.data as { id: number; name: string });
    }

    // Anywhere in the name, any case; the count is of every match, not of the page.
    const tamarind = await found('TAMARIND');
    expect(tamarind.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    const both = [...names(tamarind), ...names(await found('TAMARIND', '&page=2'))].sort();
    expect(both).toEqual(['Iced tamarind soda', 'Tamarind Candy', 'Tamarind Iced Tea']);
    expect((await found('marind ic')).body.data.map((p: { name: string }) => p.name)).toEqual(['Tamarind Iced Tea']);
    // Inside a SKU, and two letters, which no index of three-letter pieces can hold.
    expect(names(await found('-tam-'))).toHaveLength(2);
    expect((await found('-tam-')).body.meta.total).toBe(3);
    expect((await found('ta', '&per_page=100')).body.data.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Tamarind Candy', 'Tamarind Iced Tea']));
    // A % or _ the cashier types is that character, not a wildcard.
    expect(names(await found('100%'))).toEqual(['100% Mango Juice']);
    expect((await found('jui_1')).body.data.map((p: { name: string }) => p.name)).toEqual(['Mango 100 Pack']);
    expect((await found('ango 1')).body.data.map((p: { name: string }) => p.name)).toEqual(['Mango 100 Pack']);

    // Renamed: found by the new name only; deleted: found no more.
    const candy = made[1]!;
    await call(tokens.Manager, 'PUT', `/api/products/${candy.id}`, { ...valid({ name: 'Palm Sugar Candy', sku: 'SNK-PALM-2' }) });
    expect(names(await found('tamarind', '&per_page=10'))).toEqual(['Iced tamarind soda', 'Tamarind Iced Tea']);
    expect(names(await found('palm sugar c'))).toEqual(['Palm Sugar Candy']);
    expect((await found('snk-palm')).body.meta.total).toBe(1);
    expect((await call(tokens.Manager, 'DELETE', `/api/products/${made[0]!.id}`)).status).toBe(204);
    expect(names(await found('tamarind', '&per_page=10'))).toEqual(['Iced tamarind soda']);
    // Asked again, as tills do: the count is of what is there now.
    expect((await found('tamarind', '&per_page=10')).body.meta.total).toBe(1);
    expect((await found('TAMARIND')).body.meta).toMatchObject({ total: 1, last_page: 1 });
    expect((await found('Tamarind Iced')).body.meta.total).toBe(0);
    for (const product of made.slice(1)) await call(tokens.Manager, 'DELETE', `/api/products/${product.id}`);
  });

  it('searches with the filters as each product is now: moved, deactivated, found by its barcode, any case in any script, Khmer by any part', async () => {
    const ids = async (q: string, more = '') => {
      const answer = await call(tokens.Staff, 'GET', `/api/products?q=${encodeURIComponent(q)}&per_page=100${more}`);
      return { ids: answer.body.data.map((p: { id: number }) => p.id), total: answer.body.meta.total };
    };
    const creme = (await call(tokens.Manager, 'POST', '/api/products', valid({ name: 'Café Crème Brûlée', sku: 'DES-CREME', barcode: '8850001112223' }))).body.data;
    const khmer = (await call(tokens.Manager, 'POST', '/api/products', valid({ name: 'កាហ្វេទឹកដោះគោ Kafe', sku: 'KH-KAFE' }))).body.data;
    expect(await ids('CAFÉ CRÈME')).toEqual({ ids: [creme.id], total: 1 });
    expect(await ids('ទឹកដោះ')).toEqual({ ids: [khmer.id], total: 1 });
    // A barcode is found whole, not by a part.
    expect(await ids('8850001112223')).toEqual({ ids: [creme.id], total: 1 });
    expect((await ids('885000111')).total).toBe(0);

    expect(await ids('crème', `&category_id=${coffee.id}`)).toEqual({ ids: [creme.id], total: 1 });
    await call(tokens.Manager, 'PUT', `/api/products/${creme.id}`, { ...creme, category_id: bakery.id, unit_id: piece.id, image: null });
    expect((await ids('crème', `&category_id=${coffee.id}`)).total).toBe(0);
    expect(await ids('crème', `&category_id=${bakery.id}&unit_id=${piece.id}`)).toEqual({ ids: [creme.id], total: 1 });

    await call(tokens.Manager, 'PUT', `/api/products/${khmer.id}`, { ...khmer, active: false, image: null });
    expect((await ids('kafe', '&active=1')).total).toBe(0);
    expect(await ids('kafe', '&active=0')).toEqual({ ids: [khmer.id], total: 1 });
    for (const product of [creme, khmer]) await call(tokens.Manager, 'DELETE', `/api/products/${product.id}`);
    expect((await ids('crème')).total + (await ids('kafe')).total).toBe(0);
  });

  it('adds the on-hand quantity with include=stock (and the POS stock flag)', async () => {
    const withStock = await call(tokens.Staff, 'GET', '/api/products?include=stock&per_page=200');
    expect(withStock.body.data.every((p: { stock: unknown }) => typeof p.stock === 'number')).toBe(true);
    const flag = await call(tokens.Staff, 'GET', '/api/products?stock=1&per_page=1');
    expect(flag.body.data[0]).toHaveProperty('stock');
    const badInclude = await call(tokens.Staff, 'GET', '/api/products?include=everything');
    expect(badInclude.status).toBe(422);
  });

  it('creates with defaults, cents-exact price, nulls for empty optional fields', async () => {
    const created = await call(tokens.Manager, 'POST', '/api/products', valid({ price: 19.99, image: '', description: ' ', barcode: '' }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Salted Caramel Latte',
      price: 19.99,
      active: true,
      track_stock: true,
      reorder_level: 0,
      image: null,
      description: null,
      barcode: null,
      category: { id: coffee.id, name: 'Coffee' },
      unit: { id: cup.id, symbol: 'cup' },
    });
    const row = await database.db.selectFrom('products').select('price_cents').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(1999);
  });

  it('validates every field: required ones, price ≥ 0 with 2 decimals, references, image URL', async () => {
    const empty = await call(tokens.Manager, 'POST', '/api/products', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['category_id', 'name', 'price', 'sku', 'unit_id']);
    expect(empty.body.errors.category_id).toEqual(['Please select a category.']);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: -1 }, 'price', 'Price must be 0 or more.'],
      [{ price: 1.999 }, 'price', 'Price can have at most 2 decimals.'],
      [{ price: '2.50' }, 'price', 'Price is required.'],
      [{ image: 'javascript:alert(1)' }, 'image', 'Image must be an http(s) URL.'],
      [{ category_id: 999999 }, 'category_id', 'The selected category does not exist.'],
      [{ unit_id: 999999 }, 'unit_id', 'The selected unit does not exist.'],
      [{ reorder_level: 1.5 }, 'reorder_level', 'Reorder level must be a whole number.'],
      [{ active: 'yes' }, 'active', 'Active must be true or false.'],
    ];
    for (const [override, field, message] of cases) {
      const response = await call(tokens.Manager, 'POST', '/api/products', valid(override));
      expect(response.status, JSON.stringify(override)).toBe(422);
      expect(response.body.errors[field], JSON.stringify(override)).toEqual([message]);
    }
    const free = await call(tokens.Manager, 'POST', '/api/products', valid({ price: 0, image: 'https://cdn.example.com/a.png' }));
    expect(free.status).toBe(201);
  });

  it('keeps SKU (any case) and barcode unique with a 409 on the field', async () => {
    const sku = await call(tokens.Manager, 'POST', '/api/products', valid({ sku: 'cof-001' }));
    expect(sku.status).toBe(409);
    expect(sku.body).toEqual({ message: 'SKU already exists.', errors: { sku: ['SKU already exists.'] } });

    const first = await call(tokens.Manager, 'POST', '/api/products', valid({ barcode: '8850123456789' }));
    expect(first.status).toBe(201);
    const second = await call(tokens.Manager, 'POST', '/api/products', valid({ barcode: '8850123456789' }));
    expect(second.status).toBe(409);
    expect(second.body.errors).toEqual({ barcode: ['Barcode already exists.'] });
    const byBarcode = await call(tokens.Staff, 'GET', '/api/products?q=8850123456789');
    expect(byBarcode.body.data.map((p: { id: number }) => p.id)).toEqual([first.body.data.id]);

    const own = first.body.data;
    const resave = await call(tokens.Manager, 'PUT', `/api/products/${own.id}`, { ...own, price: 4 });
    expect(resave.status).toBe(200);
    expect(resave.body.data.price).toBe(4);
  });

  it('replaces with PUT (the status pill sends the full product) and deletes with its promotions', async () => {
    const created = (await call(tokens.Manager, 'POST', '/api/products', valid())).body.data;
    const toggled = await call(tokens.Manager, 'PUT', `/api/products/${created.id}`, { ...created, active: false });
    expect(toggled.body.data.active).toBe(false);

    const promo = await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Launch week', product_id: created.id, discount: 15 });
    expect(promo.status).toBe(201);
    expect((await call(tokens.Manager, 'DELETE', `/api/products/${created.id}`)).status).toBe(204);
    expect((await call(tokens.Manager, 'GET', `/api/products/${created.id}`)).status).toBe(404);
    expect((await call(tokens.Manager, 'GET', `/api/promotions/${promo.body.data.id}`)).status).toBe(404);
    expect((await call(tokens.Manager, 'DELETE', `/api/products/${created.id}`)).status).toBe(404);
  });

  it('lets Staff view the catalogue but not change it', async () => {
    const espresso = await lookup('products', 'Espresso');
    expect((await call(tokens.Staff, 'GET', `/api/products/${espresso.id}`)).status).toBe(200);
    expect((await call(tokens.Staff, 'POST', '/api/products', valid())).status).toBe(403);
    expect((await call(tokens.Staff, 'PUT', `/api/products/${espresso.id}`, { ...espresso, price: 0 })).status).toBe(403);
    expect((await call(tokens.Staff, 'DELETE', `/api/products/${espresso.id}`)).status).toBe(403);
  });

  it('changes nothing when a write is refused', async () => {
    const before = await database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await call(tokens.Manager, 'POST', '/api/products', valid({ sku: 'COF-001' }));
    await call(tokens.Manager, 'POST', '/api/products', valid({ unit_id: 424242 }));
    const after = await database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
