import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

type Named = { id: number; name: string; sku?: string; category_id?: number };
const categories: Named[] = (await call(tokens.Manager, 'GET', '/api/categories?per_page=100')).body.data;
const products: Named[] = (await call(tokens.Manager, 'GET', '/api/products?per_page=100')).body.data;
const category = (name: string) => categories.find((c) => c.name === name)!;
const product = (sku: string) => products.find((p) => p.sku === sku)!;

const size = {
  name: 'Size',
  name_km: 'ទំហំ',
  selection: 'single',
  required: true,
  options: [
    { name: 'S', name_km: 'តូច', price: 0, is_default: true },
    { name: 'M', price: 0.5 },
    { name: 'L', price: 1 },
  ],
};

describe(`modifier groups (${dbKind})`, () => {
  it('creates a group with its options in order and fills the minimum and maximum a shop would expect', async () => {
    const created = await call(tokens.Manager, 'POST', '/api/modifier-groups', { ...size, category_ids: [category('Coffee').id] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Size',
      name_km: 'ទំហំ',
      selection: 'single',
      required: true,
      min: 1,
      max: 1,
      options: [
        { name: 'S', name_km: 'តូច', price: 0, is_default: true },
        { name: 'M', name_km: null, price: 0.5, is_default: false },
        { name: 'L', price: 1 },
      ],
      product_ids: [],
      category_ids: [category('Coffee').id],
    });
    const extras = await call(tokens.Manager, 'POST', '/api/modifier-groups', {
      name: 'Extras',
      selection: 'multiple',
      options: [{ name: 'Extra shot', price: 0.5 }, { name: 'Oat milk', price: 0.5 }, { name: 'Whipped cream', price: 0.3 }],
      product_ids: [product('COF-006').id],
    });
    expect(extras.body.data).toMatchObject({ required: false, min: 0, max: 3 });

    const list = await call(tokens.Staff, 'GET', '/api/modifier-groups?q=siz');
    expect(list.body.data.map((g: Named) => g.name)).toEqual(['Size']);
    expect(list.body.meta.total).toBe(1);
  });

  it('refuses rules that cannot be met, naming the field (422), and a taken name (409)', async () => {
    const refuse = async (body: object) => (await call(tokens.Manager, 'POST', '/api/modifier-groups', { ...size, name: 'Milk', ...body })).body;
    expect((await refuse({ max: 2 })).errors.max).toEqual(['A single-choice group allows one option.']);
    expect((await refuse({ selection: 'multiple', required: false, min: 1, max: 2 })).errors.min).toEqual(['An optional group has a minimum of 0.']);
    expect((await refuse({ selection: 'multiple', min: 3, max: 2 })).errors.min).toEqual(['The minimum cannot be more than the maximum.']);
    expect((await refuse({ selection: 'multiple', max: 4 })).errors.max).toEqual(['The maximum cannot be more than the number of options.']);
    expect((await refuse({ options: [{ name: 'A', is_default: true }, { name: 'B', is_default: true }] })).errors.options).toEqual(['Choose one default at most.']);
    expect((await refuse({ options: [{ name: 'Oat' }, { name: 'oat' }] })).errors.options).toEqual(['The option oat is listed twice.']);
    expect((await refuse({ options: [] })).errors.options).toEqual(['Add at least one option.']);
    expect((await refuse({ product_ids: [999_999] })).errors.product_ids).toEqual(['Choose from the list.']);

    const taken = await call(tokens.Manager, 'POST', '/api/modifier-groups', { ...size, name: 'size' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ name: ['A modifier group with this name already exists.'] });
    const count = (await call(tokens.Manager, 'GET', '/api/modifier-groups')).body.meta.total;
    expect(count).toBe(2);
  });

  it('updates options in place: kept by id, added, removed, reordered', async () => {
    const group = (await call(tokens.Manager, 'GET', '/api/modifier-groups?q=Size')).body.data[0];
    const [s, , l] = group.options;
    const updated = await call(tokens.Manager, 'PUT', `/api/modifier-groups/${group.id}`, {
      ...size,
      options: [{ ...l, price: 1.25 }, { ...s }, { name: 'XL', price: 1.5 }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.options).toEqual([
      { id: l.id, name: 'L', name_km: null, price: 1.25, is_default: false },
      { id: s.id, name: 'S', name_km: 'តូច', price: 0, is_default: true },
      expect.objectContaining({ name: 'XL', price: 1.5 }),
    ]);
    // Where it applies is kept when left out.
    expect(updated.body.data.category_ids).toEqual([category('Coffee').id]);

    const stranger = await call(tokens.Manager, 'PUT', `/api/modifier-groups/${group.id}`, { ...size, options: [{ id: 999_999, name: 'Z' }] });
    expect(stranger.status).toBe(422);
    expect((await call(tokens.Manager, 'GET', `/api/modifier-groups/${group.id}`)).body.data.options).toHaveLength(3);
  });

  it('gives products and categories their groups both ways, and the till each product its category’s then its own', async () => {
    const sizeGroup = (await call(tokens.Manager, 'GET', '/api/modifier-groups?q=Size')).body.data[0];
    const extras = (await call(tokens.Manager, 'GET', '/api/modifier-groups?q=Extras')).body.data[0];
    const latte = await call(tokens.Manager, 'GET', `/api/products/${product('COF-006').id}`);
    expect(latte.body.data.modifier_group_ids).toEqual([extras.id]);
    const coffee = await call(tokens.Manager, 'GET', `/api/categories/${category('Coffee').id}`);
    expect(coffee.body.data.modifier_group_ids).toEqual([sizeGroup.id]);

    // The product form sends its own groups: the till asks Size (the category's) first.
    const tea = category('Tea');
    const putTea = await call(tokens.Manager, 'PUT', `/api/categories/${tea.id}`, { name: 'Tea', modifier_group_ids: [sizeGroup.id] });
    expect(putTea.body.data.modifier_group_ids).toEqual([sizeGroup.id]);
    const catalog = (await call(tokens.Staff, 'GET', '/api/pos/catalog')).body.data;
    const inCatalog = (sku: string) => catalog.products.find((p: { sku: string }) => p.sku === sku);
    expect(inCatalog('COF-006').modifier_group_ids).toEqual([sizeGroup.id, extras.id]);
    expect(inCatalog('TEA-001').modifier_group_ids).toEqual([sizeGroup.id]);
    expect(inCatalog('BAK-001').modifier_group_ids).toEqual([]);
    expect(catalog.modifier_groups.map((g: Named) => g.name).sort()).toEqual(['Extras', 'Size']);
    expect(catalog.modifier_groups.find((g: Named) => g.name === 'Size')).toMatchObject({ required: true, min: 1, max: 1, options: [{ name: 'L' }, { name: 'S' }, { name: 'XL' }] });

    const unknown = await call(tokens.Manager, 'PUT', `/api/categories/${tea.id}`, { name: 'Tea', modifier_group_ids: [999_999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.modifier_group_ids).toEqual(['Choose modifier groups from the list.']);
    const twice = await call(tokens.Manager, 'PUT', `/api/categories/${tea.id}`, { name: 'Tea', modifier_group_ids: [sizeGroup.id, sizeGroup.id] });
    expect(twice.status).toBe(422);

    // Leaving modifier_group_ids out of a product update keeps them.
    const { id, category: _c, unit: _u, created_at: _a, updated_at: _b, stock: _s, modifier_group_ids: _m, ...rest } = latte.body.data;
    const kept = await call(tokens.Manager, 'PUT', `/api/products/${id}`, rest);
    expect(kept.body.data.modifier_group_ids).toEqual([extras.id]);
    // Its own groups in the order the form sent them, wherever the product is read: by id, in the list, in a search.
    for (const order of [[sizeGroup.id, extras.id], [extras.id, sizeGroup.id]]) {
      expect((await call(tokens.Manager, 'PUT', `/api/products/${id}`, { ...rest, modifier_group_ids: order })).body.data.modifier_group_ids).toEqual(order);
      expect((await call(tokens.Manager, 'GET', `/api/products/${id}`)).body.data.modifier_group_ids).toEqual(order);
      const listed = (await call(tokens.Manager, 'GET', '/api/products?per_page=200')).body.data.find((p: { id: number }) => p.id === id);
      expect(listed.modifier_group_ids).toEqual(order);
      expect((await call(tokens.Manager, 'GET', `/api/products?q=${encodeURIComponent(rest.sku)}`)).body.data[0].modifier_group_ids).toEqual(order);
    }
    const cleared = await call(tokens.Manager, 'PUT', `/api/products/${id}`, { ...rest, modifier_group_ids: [] });
    expect(cleared.body.data.modifier_group_ids).toEqual([]);
    expect((await call(tokens.Manager, 'GET', `/api/products?q=${encodeURIComponent(rest.sku)}`)).body.data[0].modifier_group_ids).toEqual([]);
  });

  it('lets only those who manage the catalogue change groups, and deletes a group from every product', async () => {
    const staff = await call(tokens.Staff, 'POST', '/api/modifier-groups', { ...size, name: 'Milk' });
    expect(staff.status).toBe(403);
    const sizeGroup = (await call(tokens.Manager, 'GET', '/api/modifier-groups?q=Size')).body.data[0];
    expect((await call(tokens.Manager, 'DELETE', `/api/modifier-groups/${sizeGroup.id}`)).status).toBe(204);
    expect((await call(tokens.Manager, 'GET', `/api/modifier-groups/${sizeGroup.id}`)).status).toBe(404);
    expect((await call(tokens.Manager, 'GET', `/api/categories/${category('Coffee').id}`)).body.data.modifier_group_ids).toEqual([]);
    expect((await call(tokens.Manager, 'DELETE', `/api/modifier-groups/${sizeGroup.id}`)).status).toBe(404);
  });
});
