import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app, database } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

describe(`categories (${dbKind})`, () => {
  it('lists with products_count and paging meta, searching name and description case-insensitively', async () => {
    const page = await call(tokens.Staff, 'GET', '/api/categories?per_page=2&page=2');
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ total: 5, per_page: 2, current_page: 2, last_page: 3 });
    expect(page.body.data).toHaveLength(2);

    const coffee = await call(tokens.Staff, 'GET', '/api/categories?q=COFF');
    expect(coffee.body.data).toEqual([expect.objectContaining({ name: 'Coffee', products_count: 10 })]);
    const byDescription = await call(tokens.Staff, 'GET', '/api/categories?q=baked');
    expect(byDescription.body.data.map((c: { name: string }) => c.name)).toEqual(['Bakery']);
  });

  it('creates, reads, updates and deletes, trimming names and storing empty descriptions as null', async () => {
    const created = await call(tokens.Manager, 'POST', '/api/categories', { name: '  Desserts ', description: '   ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Desserts', description: null, products_count: 0 });
    const id = created.body.data.id;

    expect((await call(tokens.Staff, 'GET', `/api/categories/${id}`)).body.data.name).toBe('Desserts');
    const updated = await call(tokens.Manager, 'PUT', `/api/categories/${id}`, { name: 'Cakes & Desserts', description: 'Sweet things' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: 'Cakes & Desserts', description: 'Sweet things' });

    expect((await call(tokens.Manager, 'DELETE', `/api/categories/${id}`)).status).toBe(204);
    expect((await call(tokens.Manager, 'GET', `/api/categories/${id}`)).status).toBe(404);
  });

  it('refuses a blank name (422) and a name taken in any case (409 on the name field)', async () => {
    const blank = await call(tokens.Manager, 'POST', '/api/categories', { name: '   ' });
    expect(blank).toEqual({ status: 422, body: { message: 'Name is required.', errors: { name: ['Name is required.'] } } });

    const taken = await call(tokens.Manager, 'POST', '/api/categories', { name: 'coffee' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ name: ['A category with this name already exists.'] });

    const tea = (await call(tokens.Manager, 'GET', '/api/categories?q=Tea')).body.data[0];
    const renameToTaken = await call(tokens.Manager, 'PUT', `/api/categories/${tea.id}`, { name: 'BAKERY' });
    expect(renameToTaken.status).toBe(409);
    const keepOwnName = await call(tokens.Manager, 'PUT', `/api/categories/${tea.id}`, { name: 'TEA', description: tea.description });
    expect(keepOwnName.status).toBe(200);
  });

  it('refuses to delete a category its products still use, saying how many', async () => {
    const bakery = (await call(tokens.Manager, 'GET', '/api/categories?q=Bakery')).body.data[0];
    const response = await call(tokens.Manager, 'DELETE', `/api/categories/${bakery.id}`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This category is used by 6 products. Move them to another category first.');
    expect((await call(tokens.Manager, 'GET', `/api/categories/${bakery.id}`)).status).toBe(200);
  });

  it('answers 404 for unknown ids and 422 for ids that are not numbers', async () => {
    expect((await call(tokens.Manager, 'PUT', '/api/categories/99999', { name: 'X' })).status).toBe(404);
    expect((await call(tokens.Manager, 'DELETE', '/api/categories/99999')).status).toBe(404);
    const bad = await call(tokens.Manager, 'GET', '/api/categories/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.id).toBeDefined();
  });

  it('lets Staff read but not write', async () => {
    expect((await call(tokens.Staff, 'POST', '/api/categories', { name: 'Staff made' })).status).toBe(403);
    const coffee = (await call(tokens.Staff, 'GET', '/api/categories?q=Coffee')).body.data[0];
    expect((await call(tokens.Staff, 'PUT', `/api/categories/${coffee.id}`, { name: 'x' })).status).toBe(403);
    expect((await call(tokens.Staff, 'DELETE', `/api/categories/${coffee.id}`)).status).toBe(403);
    expect((await call(tokens.Admin, 'POST', '/api/categories', { name: 'Admin made' })).status).toBe(201);
  });

  it('records every write in the audit log with before and after', async () => {
    const created = await call(tokens.Manager, 'POST', '/api/categories', { name: 'Audited' });
    const id = created.body.data.id;
    await call(tokens.Manager, 'PUT', `/api/categories/${id}`, { name: 'Audited 2' });
    await call(tokens.Manager, 'DELETE', `/api/categories/${id}`);
    const entries = await database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.user_id')
      .select(['action', 'before', 'after', 'users.email'])
      .where('entity', '=', 'category')
      .where('entity_id', '=', String(id))
      .orderBy('audit_log.id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries.every((e) => e.email === 'manager@demo.shop')).toBe(true);
    expect(JSON.parse(entries[1]!.before!).name).toBe('Audited');
    expect(JSON.parse(entries[1]!.after!).name).toBe('Audited 2');
    expect(JSON.parse(entries[2]!.before!).name).toBe('Audited 2');
  });
});

describe(`units (${dbKind})`, () => {
  it('needs a name and a symbol, keeps names unique, and refuses to delete a unit in use', async () => {
    const missing = await call(tokens.Manager, 'POST', '/api/units', { name: ' ', symbol: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: ['Name is required.'], symbol: ['Symbol is required.'] });

    const created = await call(tokens.Manager, 'POST', '/api/units', { name: ' Litre ', symbol: ' L ', description: '' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Litre', symbol: 'L', description: null, products_count: 0 });
    expect((await call(tokens.Manager, 'POST', '/api/units', { name: 'LITRE', symbol: 'l' })).status).toBe(409);

    const cup = (await call(tokens.Manager, 'GET', '/api/units?q=cup')).body.data[0];
    expect(cup).toMatchObject({ name: 'Cup', symbol: 'cup' });
    const inUse = await call(tokens.Manager, 'DELETE', `/api/units/${cup.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/^This unit is used by \d+ products\./);

    const renamed = await call(tokens.Manager, 'PUT', `/api/units/${created.body.data.id}`, { name: 'Liter', symbol: 'ltr' });
    expect(renamed.body.data).toMatchObject({ name: 'Liter', symbol: 'ltr' });
    expect((await call(tokens.Manager, 'DELETE', `/api/units/${created.body.data.id}`)).status).toBe(204);
    expect((await call(tokens.Staff, 'POST', '/api/units', { name: 'Box', symbol: 'bx' })).status).toBe(403);
  });

  it('pages units five at a time as the list screen asks', async () => {
    const response = await call(tokens.Staff, 'GET', '/api/units?per_page=5');
    expect(response.body.meta).toMatchObject({ per_page: 5, current_page: 1 });
    expect(response.body.data.length).toBeLessThanOrEqual(5);
  });
});

describe(`list order (${dbKind})`, () => {
  it('lists newest first for the screens and by name for pickers', async () => {
    const created = await call(tokens.Manager, 'POST', '/api/categories', { name: 'Aaa newest' });
    const newest = await call(tokens.Staff, 'GET', '/api/categories?per_page=1');
    expect(newest.body.data[0].id).toBe(created.body.data.id);
    const byName = await call(tokens.Staff, 'GET', '/api/categories?per_page=1000&sort=name');
    const names = byName.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const units = await call(tokens.Staff, 'GET', '/api/units?sort=name&per_page=2');
    expect(units.body.data.map((u: { name: string }) => u.name)).toEqual(['Bottle', 'Cup']);
    expect((await call(tokens.Staff, 'GET', '/api/units?sort=price')).status).toBe(422);
  });
});
