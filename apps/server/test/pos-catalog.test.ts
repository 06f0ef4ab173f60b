import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { productDeleted } from '../src/services/catalog-version';
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

  it('misses no change in deltas taken while checkouts and stock receipts of the same products run at once, without a deadlock', async () => {
    const supplier = (await call(tokens.Manager, 'GET', '/api/suppliers')).body.data[0];
    const made: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      const product = await call(tokens.Manager, 'POST', '/api/products', { ...croissant, id: undefined, name: `Rush bun ${i}`, sku: `RUSH-${i}`, barcode: null, price: 1, active: true });
      expect(product.status).toBe(201);
      expect((await call(tokens.Manager, 'POST', '/api/stocks', { product_id: product.body.data.id, quantity: 1000, price_in: 0.4 })).status).toBe(201);
      made.push(product.body.data.id as number);
    }
    const held = (await catalog()).body!.data;
    const stock = new Map(held.products.map((p) => [p.id, p.stock]));

    // A seeded shuffle: each sale takes two or three of the products, in any order.
    let seed = 22;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = () => [...made].sort(() => random() - 0.5).slice(0, 2 + Math.floor(random() * 2));
    const writes: (() => Promise<number>)[] = [];
    for (let i = 0; i < 120; i += 1) {
      if (i % 4 === 3) {
        const productId = made[Math.floor(random() * made.length)]!;
        writes.push(async () => (await call(tokens.Manager, 'POST', '/api/stocks', { product_id: productId, quantity: 5, price_in: 0.4 })).status);
      } else if (i % 8 === 1) {
        // A supply of several of them, lines in any order.
        const items = pick().map((id) => ({ product_id: id, supply_quantity: 3, unit_price: 0.4, expire_date: null }));
        const supply = { supplier_id: supplier.id, invoice_id: `RUSH-${i}`, invoice_date: '2026-11-21', items };
        writes.push(async () => (await call(tokens.Manager, 'POST', '/api/supplies', supply)).status);
      } else {
        const items = pick().map((id) => ({ product_id: id, quantity: 1, unit_price: 1 }));
        const payload = { sale_date: clock.now().toISOString(), payment_method: 'Cash', items, total_amount: Math.round(items.length * 110) / 100, tendered: 5 };
        writes.push(async () => (await app.inject({ method: 'POST', url: '/api/sales', headers: bearer(tokens.Staff), payload })).statusCode);
      }
    }

    // A till polls while they run, each delta from the version the last one named.
    let running = true;
    const deltas: Catalog[] = [];
    const poll = (async () => {
      let at = held;
      while (running) {
        at = await since(at);
        deltas.push(at);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return at;
    })();
    const statuses = await Promise.all(writes.map((write) => write()));
    running = false;
    deltas.push(await since(await poll));

    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(100);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((delta) => !delta.full)).toBe(true);
    const sent = new Set<number>();
    for (const delta of deltas) for (const product of delta.products) {
      sent.add(product.id);
      stock.set(product.id, product.stock);
    }
    // The union of the deltas is what changed, and the till ends with the stock as it is.
    expect([...sent].sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
    const now = (await catalog()).body!.data;
    expect(Object.fromEntries(made.map((id) => [id, stock.get(id)]))).toEqual(Object.fromEntries(made.map((id) => [id, now.products.find((p) => p.id === id)!.stock])));
  });

  it.skipIf(dbKind !== 'postgres')('waits for a delete being written when asked, then answers the whole catalogue (postgres)', async () => {
    const held = (await catalog()).body!.data;
    let commit = () => {};
    let deleting = () => {};
    const deleted = new Promise<void>((resolve) => (deleting = resolve));
    // What deleting a product writes to the catalogue version, held uncommitted until the till has asked.
    const writer = app.services.db.transaction().execute(async (trx) => {
      await productDeleted({ ...app.services, db: trx });
      deleting();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await deleted;
    let answered = false;
    const asked = since(held).then((answer) => {
      answered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    commit();
    await writer;
    // The delete committed while the till waited: it is told, not sent a delta that misses it.
    const answer = await asked;
    expect(answer.full).toBe(true);
    expect(answer.version).toBeGreaterThan(held.version);
    expect((await since(answer)).full).toBe(false);
  });

  it('refuses a version that is not a whole number of 0 or more, or a day that is not one, with 422 naming the field', async () => {
    for (const [query, field] of [['since=-1', 'since'], ['since=abc', 'since'], ['since=1.5', 'since'], ['since=1&today=2026-11-26-extra', 'today']] as const) {
      const response = await call(tokens.Staff, 'GET', `/api/pos/catalog?${query}`);
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.body.errors), query).toEqual([field]);
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

  it('sends tills that ask at once the same whole catalogue in every encoding, and the next version once anything changes', async () => {
    const decoded = (answer: Awaited<ReturnType<typeof catalog>>) => {
      const encoding = answer.headers['content-encoding'];
      const bytes = encoding === 'br' ? zlib.brotliDecompressSync(answer.raw) : encoding === 'gzip' ? zlib.gunzipSync(answer.raw) : answer.raw;
      return JSON.parse(bytes.toString()) as { data: Catalog };
    };
    const asked = ['br', 'gzip', 'identity', 'br;q=0, gzip', 'gzip;q=0', 'br', 'gzip'];
    const answers = await Promise.all(asked.map((encoding) => catalog('', { 'accept-encoding': encoding })));
    expect(answers.map((answer) => answer.headers['content-encoding'])).toEqual(['br', 'gzip', undefined, 'gzip', undefined, 'br', 'gzip']);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(answers.every((answer) => String(answer.headers.vary).toLowerCase().includes('accept-encoding'))).toBe(true);
    const first = decoded(answers[0]!);
    for (const answer of answers) expect(decoded(answer)).toEqual(first);
    expect(first.data.products.find((product) => product.id === cola.id)!.price).toBe(0.75);

    await call(tokens.Manager, 'PUT', `/api/products/${cola.id}`, { ...(await call(tokens.Manager, 'GET', `/api/products/${cola.id}`)).body.data, price: 0.8, image: null });
    const after = await catalog('', { 'accept-encoding': 'br' });
    expect(after.headers.etag).not.toBe(answers[0]!.headers.etag);
    expect(decoded(after).data.version).toBeGreaterThan(first.data.version);
    expect(decoded(after).data.products.find((product) => product.id === cola.id)!.price).toBe(0.8);
  });
});
