import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app, database } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const product = async (q: string) => (await call(tokens.Staff, 'GET', `/api/products?q=${encodeURIComponent(q)}`)).body.data[0];

describe(`promotions (${dbKind})`, () => {
  it('creates, lists ten per page newest first with the product, updates and deletes', async () => {
    const latte = await product('Iced Latte');
    const created = await call(tokens.Manager, 'POST', '/api/promotions', {
      title: '  Happy hour ',
      product_id: latte.id,
      discount: 12.5,
      valid_until: '2026-12-31',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Happy hour',
      product_id: latte.id,
      product: { id: latte.id, name: 'Iced Latte' },
      discount: 12.5,
      valid_until: '2026-12-31',
      active: true,
    });
    const id = created.body.data.id;

    // A product may have several promotions.
    const second = await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Weekend', product_id: latte.id, discount: 10, valid_until: '' });
    expect(second.body.data.valid_until).toBeNull();

    const list = await call(tokens.Staff, 'GET', '/api/promotions?per_page=10');
    expect(list.body.meta).toMatchObject({ total: 2, per_page: 10 });
    expect(list.body.data.map((p: { title: string }) => p.title)).toEqual(['Weekend', 'Happy hour']);

    const updated = await call(tokens.Manager, 'PUT', `/api/promotions/${id}`, { title: 'Happy hour', product_id: latte.id, discount: 20, valid_until: null, active: false });
    expect(updated.body.data).toMatchObject({ discount: 20, valid_until: null, active: false });

    expect((await call(tokens.Manager, 'DELETE', `/api/promotions/${id}`)).status).toBe(204);
    expect((await call(tokens.Staff, 'GET', '/api/promotions')).body.meta.total).toBe(1);
  });

  it('searches title or product name and filters active and product', async () => {
    const mocha = await product('Mocha');
    await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Rainy season', product_id: mocha.id, discount: 5, active: false });
    expect((await call(tokens.Staff, 'GET', '/api/promotions?q=RAINY')).body.meta.total).toBe(1);
    expect((await call(tokens.Staff, 'GET', '/api/promotions?q=mocha')).body.data[0].title).toBe('Rainy season');
    expect((await call(tokens.Staff, 'GET', '/api/promotions?active=0')).body.data.map((p: { title: string }) => p.title)).toEqual(['Rainy season']);
    expect((await call(tokens.Staff, 'GET', `/api/promotions?product_id=${mocha.id}`)).body.meta.total).toBe(1);
  });

  it('validates with the spec messages and checks the product exists', async () => {
    const bad = await call(tokens.Manager, 'POST', '/api/promotions', { title: ' ', product_id: 0, discount: 101, valid_until: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      title: ['Title is required.'],
      product_id: ['Please select a product.'],
      discount: ['Discount must be between 0 and 100.'],
      valid_until: ['Enter a real calendar date.'],
    });
    const negative = await call(tokens.Manager, 'POST', '/api/promotions', { title: 'x', product_id: 1, discount: -1 });
    expect(negative.body.errors.discount).toEqual(['Discount must be between 0 and 100.']);
    const ghost = await call(tokens.Manager, 'POST', '/api/promotions', { title: 'x', product_id: 987654, discount: 10 });
    expect(ghost.status).toBe(422);
    expect(ghost.body.errors.product_id).toEqual(['The selected product does not exist.']);
  });

  it('is read-only for Staff', async () => {
    const tea = await product('Thai Milk Tea');
    expect((await call(tokens.Staff, 'POST', '/api/promotions', { title: 'x', product_id: tea.id, discount: 10 })).status).toBe(403);
    expect((await call(tokens.Staff, 'GET', '/api/promotions')).status).toBe(200);
  });
});

describe(`customers (${dbKind})`, () => {
  it('lists five per page newest first and searches name, email, phone and company', async () => {
    const page = await call(tokens.Staff, 'GET', '/api/customers?per_page=5');
    expect(page.body.meta).toEqual({ total: 5, per_page: 5, current_page: 1, last_page: 1 });
    expect(page.body.data[0].name).toBe('Lina Tan');
    for (const [q, name] of [['sokha', 'Sokha Chan'], ['DARA.KIM@', 'Dara Kim'], ['118 004', 'Vuthy Heng'], ['mekong', 'Lina Tan']]) {
      const found = await call(tokens.Staff, 'GET', `/api/customers?q=${encodeURIComponent(q!)}`);
      expect(found.body.data.map((c: { name: string }) => c.name), q).toEqual([name]);
    }
  });

  it('Staff can add a customer at the till; optional fields become null', async () => {
    const created = await call(tokens.Staff, 'POST', '/api/customers', { name: ' Chanthy Nov ', email: ' Chanthy@Example.com ', phone: '', company: '', avatar: '' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Chanthy Nov', email: 'Chanthy@Example.com', phone: null, company: null, avatar: null });
    const id = created.body.data.id;
    expect((await call(tokens.Staff, 'PUT', `/api/customers/${id}`, { name: 'x', email: 'x@y.co' })).status).toBe(403);
    expect((await call(tokens.Staff, 'DELETE', `/api/customers/${id}`)).status).toBe(403);

    const edited = await call(tokens.Manager, 'PUT', `/api/customers/${id}`, { name: 'Chanthy Nov', email: 'chanthy@example.com', phone: '+855 10 200 300', company: 'Nov Trading' });
    expect(edited.body.data).toMatchObject({ phone: '+855 10 200 300', company: 'Nov Trading' });
    expect((await call(tokens.Manager, 'DELETE', `/api/customers/${id}`)).status).toBe(204);
    expect((await call(tokens.Manager, 'GET', `/api/customers/${id}`)).status).toBe(404);
  });

  it('needs a name and a well-formed e-mail, unique in any case', async () => {
    const missing = await call(tokens.Staff, 'POST', '/api/customers', { name: '', email: '' });
    expect(missing.body.errors).toEqual({ name: ['Name is required.'], email: ['Email is required.'] });
    const badEmail = await call(tokens.Staff, 'POST', '/api/customers', { name: 'A', email: 'not-an-email' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors).toEqual({ email: ['Enter a valid email address.'] });
    const badAvatar = await call(tokens.Staff, 'POST', '/api/customers', { name: 'A', email: 'a@b.co', avatar: 'file:///etc/passwd' });
    expect(badAvatar.body.errors).toEqual({ avatar: ['Avatar URL must be an http(s) URL.'] });
    const dup = await call(tokens.Staff, 'POST', '/api/customers', { name: 'Copy', email: 'SOKHA.CHAN@example.com' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ email: ['A customer with this email already exists.'] });
  });

  it('audits customer writes with the acting user', async () => {
    const created = await call(tokens.Staff, 'POST', '/api/customers', { name: 'Audit Me', email: 'audit.me@example.com' });
    const entry = await database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.user_id')
      .select(['action', 'users.email', 'after'])
      .where('entity', '=', 'customer')
      .where('entity_id', '=', String(created.body.data.id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'create', email: 'staff@demo.shop' });
    expect(JSON.parse(entry.after!).email).toBe('audit.me@example.com');
  });
});
