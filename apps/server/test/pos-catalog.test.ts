import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bearer, caller, createTestApp, dbKind, demoTokens, signInAs } from './support/test-app';

// The till's catalogue by version (docs/decisions/0016-offline-selling.md, "A big catalogue").
const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const find = async (q: string) => (await call(tokens.Manager, 'GET', `/api/products?q=${encodeURIComponent(q)}`)).body.data[0];

const croissant = await find('BAK-001'); // $1.80, tracked
const latte = await find('COF-005'); // $2.50, made to order
const cola = await find('SNK-002'); // $0.75, tracked
await call(tokens.Manager, 'POST', '/api/stocks', { product_id: cola.id, quantity: 10, price_in: 0.38 });

type Catalog = { version: number; today: string; full: boolean; products: { id: number; price: number; stock: number; discount_percent: number }[]; removed: number[] };

async function catalog(query = '', headers: Record<string, string> = {}, token = tokens.Staff) {
  const response = await app.inject({ method: 'GET', url: `/api/pos/catalog${query}`, headers: { ...bearer(token), ...headers } });
  return { status: response.statusCode, headers: response.headers, body: response.body && !response.headers['content-encoding'] ? (response.json() as { data: Catalog }) : undefined, raw: response.rawPayload };
}

/** What changed since the catalogue `held`. */
const since = (held: Catalog) => catalog(`?since=${held.version}&today=${held.today}`).then((answer) => answer.body!.data);

describe(`the till's catalogue by version (${dbKind})`, () => {
  it('answers the whole catalogue with its version and an ETag, and 304 with no body while nothing changed', async () => {
    const first = await catalog();
    expect(first.status).toBe(200);
    expect(first.body!.data).toMatchObject({ full: true, today: '2026-11-21', removed: [] });
    expect(first.body!.data.products.length).toBeGreaterThan(5);
    expect(first.headers.etag).toBe(`"2026-11-21.${first.body!.data.version}"`);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await catalog(`?since=${first.body!.data.version}&today=2026-11-21`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    // Without If-None-Match: an empty delta.
    expect(await since(first.body!.data)).toMatchObject({ full: false, version: first.body!.data.version, products: [], removed: [] });
  });

  it('sends only the product whose price changed', async () => {
    const held = (await catalog()).body!.data;
    expect((await call(tokens.Manager, 'PUT', `/api/products/${croissant.id}`, { ...croissant, price: 1.95 })).status).toBe(200);
    const delta = await since(held);
    expect(delta.full).toBe(false);
    expect(delta.version).toBeGreaterThan(held.version);
    expect(delta.products.map((p) => [p.id, p.price])).toEqual([[croissant.id, 1.95]]);
    // The old tag no longer matches.
    expect((await catalog('', { 'if-none-match': `"2026-11-21.${held.version}"` })).status).toBe(200);
  });

  it('sends the product a sale took stock from', async () => {
    const held = (await catalog()).body!.data;
    const before = held.products.find((p) => p.id === cola.id)!.stock;
    const sale = await app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: bearer(tokens.Staff),
      payload: { sale_date: clock.now().toISOString(), payment_method: 'Cash', items: [{ product_id: cola.id, quantity: 2, unit_price: 0.75 }], total_amount: 1.65, tendered: 2 },
    });
    expect(sale.statusCode).toBe(201);
    const delta = await since(held);
    expect(delta.products.map((p) => [p.id, p.stock])).toEqual([[cola.id, before - 2]]);
  });

  it('sends the product a promotion starts, changes or ends on', async () => {
    const held = (await catalog()).body!.data;
    const created = await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Latte day', product_id: latte.id, discount: 10, active: true });
    expect(created.status).toBe(201);
    const started = await since(held);
    expect(started.products.map((p) => [p.id, p.discount_percent])).toEqual([[latte.id, 10]]);

    await call(tokens.Manager, 'PUT', `/api/promotions/${created.body.data.id}`, { title: 'Latte day', product_id: latte.id, discount: 10, active: false });
    const ended = await since(started);
    expect(ended.products.map((p) => [p.id, p.discount_percent])).toEqual([[latte.id, 0]]);

    await call(tokens.Manager, 'PUT', `/api/promotions/${created.body.data.id}`, { title: 'Latte day', product_id: latte.id, discount: 15, active: true });
    await call(tokens.Manager, 'DELETE', `/api/promotions/${created.body.data.id}`);
    const gone = await since(ended);
    expect(gone.products.map((p) => [p.id, p.discount_percent])).toEqual([[latte.id, 0]]);
  });

  it('names a deactivated product as removed, and sends it back when active again', async () => {
    const held = (await catalog()).body!.data;
    await call(tokens.Manager, 'PUT', `/api/products/${cola.id}`, { ...cola, active: false });
    const off = await since(held);
    expect(off).toMatchObject({ products: [], removed: [cola.id] });
    await call(tokens.Manager, 'PUT', `/api/products/${cola.id}`, { ...cola, active: true });
    expect((await since(off)).products.map((p) => p.id)).toEqual([cola.id]);
  });

  it('sends the products a modifier group reaches through their category, when it is placed and when it leaves', async () => {
    const held = (await catalog()).body!.data;
    const coffee = latte.category_id as number;
    const group = {
      name: 'Cup size',
      selection: 'single',
      required: true,
      options: [
        { name: 'S', price: 0, is_default: true },
        { name: 'L', price: 1 },
      ],
    };
    const created = await call(tokens.Manager, 'POST', '/api/modifier-groups', { ...group, category_ids: [coffee] });
    expect(created.status).toBe(201);
    const placed = await since(held);
    const inCoffee = (await catalog()).body!.data.products.filter((p) => (p as unknown as { category_id: number }).category_id === coffee).map((p) => p.id);
    expect(placed.products.map((p) => p.id).sort()).toEqual(inCoffee.sort());
    expect(placed.products.every((p) => (p as unknown as { modifier_group_ids: number[] }).modifier_group_ids.includes(created.body.data.id))).toBe(true);

    // Its options alone: no product row changes, the groups (always whole) carry it.
    await call(tokens.Manager, 'PUT', `/api/modifier-groups/${created.body.data.id}`, { ...group, options: [...group.options, { name: 'M', price: 0.5 }] });
    const options = await since(placed);
    expect(options.products).toEqual([]);
    expect(options.version).toBeGreaterThan(placed.version);

    await call(tokens.Manager, 'PUT', `/api/modifier-groups/${created.body.data.id}`, { ...group, category_ids: [] });
    const left = await since(options);
    expect(left.products.map((p) => p.id).sort()).toEqual(inCoffee.sort());
    expect(left.products.some((p) => (p as unknown as { modifier_group_ids: number[] }).modifier_group_ids.includes(created.body.data.id))).toBe(false);
  });

  it('answers the whole catalogue to a version from another day, unknown or behind a delete', async () => {
    const held = (await catalog()).body!.data;
    expect((await catalog(`?since=${held.version + 1000}&today=${held.today}`)).body!.data.full).toBe(true);

    const made = await call(tokens.Manager, 'POST', '/api/products', { ...croissant, id: undefined, name: 'Doomed bun', sku: 'DOOM-1', barcode: null, active: true });
    expect(made.status).toBe(201);
    const withIt = await since(held);
    expect(withIt.products.map((p) => p.id)).toEqual([made.body.data.id]);
    expect((await call(tokens.Manager, 'DELETE', `/api/products/${made.body.data.id}`)).status).toBe(204);
    const afterDelete = await since(withIt);
    expect(afterDelete.full).toBe(true);
    expect(afterDelete.products.some((p) => p.id === made.body.data.id)).toBe(false);
    // Once the till holds the version after the delete, deltas again.
    expect((await since(afterDelete)).full).toBe(false);

    clock.advance(24 * 60 * 60 * 1000);
    try {
      const tomorrow = await catalog(
        `?since=${afterDelete.version}&today=${afterDelete.today}`,
        { 'if-none-match': `"${afterDelete.today}.${afterDelete.version}"` },
        await signInAs(app, 'staff@demo.shop'),
      );
      expect(tomorrow.status).toBe(200);
      expect(tomorrow.body!.data).toMatchObject({ full: true, today: '2026-11-22' });
    } finally {
      clock.advance(-24 * 60 * 60 * 1000);
    }
  });

  it('is compressed when the till accepts it', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await catalog('', { 'accept-encoding': encoding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? zlib.brotliDecompressSync(response.raw) : zlib.gunzipSync(response.raw);
      expect(JSON.parse(body.toString()).data.full).toBe(true);
    }
    expect((await catalog('', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });
});
