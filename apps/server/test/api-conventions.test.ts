import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, signInAs } from './support/test-app';

const { app } = await createTestApp();
const tokens = {
  Admin: await signInAs(app, 'admin@demo.shop'),
  Manager: await signInAs(app, 'manager@demo.shop'),
  Staff: await signInAs(app, 'staff@demo.shop'),
};

/** The answer asked for by a client that takes brotli, and by one that takes gzip only: each as sent, and opened. */
async function compressedAsAccepted(url: string) {
  const answers = [];
  for (const [accept, encoding, open] of [
    ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
    ['gzip', 'gzip', zlib.gunzipSync],
  ] as const) {
    const response = await app.inject({ method: 'GET', url, headers: { ...bearer(tokens.Admin), 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding'], accept).toBe(encoding);
    answers.push({ response, opened: open(response.rawPayload) });
  }
  return answers;
}

describe(`API conventions (${dbKind})`, () => {
  it('compresses an answer of 1 KiB or more as the client accepts (brotli first, else gzip) and sends a small one as it is', async () => {
    const url = '/api/products?per_page=50';
    const plain = await app.inject({ method: 'GET', url, headers: bearer(tokens.Admin) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const { response, opened } of await compressedAsAccepted(url)) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(opened.toString())).toEqual(plain.json());
    }
    // A small answer, and a refusal, go as they are: compressing a few hundred bytes saves nothing worth the time.
    const small = await app.inject({ method: 'GET', url: '/api/me', headers: { ...bearer(tokens.Admin), 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await app.inject({ method: 'GET', url: '/api/products?per_page=abc', headers: { ...bearer(tokens.Admin), 'accept-encoding': 'br, gzip' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().message).toBeTruthy();
  });

  it('sends a CSV download compressed as the client accepts, the same file once opened', async () => {
    const url = '/api/stock-report/export';
    const plain = await app.inject({ method: 'GET', url, headers: bearer(tokens.Admin) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The file streams, its size unknown as it starts: it goes compressed whatever its length.
    expect(plain.rawPayload.length).toBeGreaterThan(500);
    for (const { response, opened } of await compressedAsAccepted(url)) {
      expect(response.headers['content-disposition']).toBe(plain.headers['content-disposition']);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(opened.equals(plain.rawPayload)).toBe(true);
    }
  });

  it('answers unknown /api paths with a JSON 404, signed in or not', async () => {
    for (const headers of [{}, bearer(tokens.Admin)]) {
      const response = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('serves its OpenAPI document and a browsable reference', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/login', '/api/logout', '/api/me', '/api/users']));
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });

  it('marks the requirements\' other names for a field deprecated, names the canonical one, and still accepts them', async () => {
    type Parameter = { name: string; deprecated?: boolean; description?: string };
    type Property = { deprecated?: boolean; description?: string };
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const parameters = (path: string) => doc.paths[path].get.parameters as Parameter[];
    const deprecated = (list: Parameter[]) => list.filter((p) => p.deprecated).map((p) => [p.name, p.description]);
    expect(deprecated(parameters('/api/products'))).toEqual([
      ['category', 'Deprecated alias of `category_id`.'],
      ['stock', 'Deprecated alias of `include=stock`.'],
    ]);
    expect(deprecated(parameters('/api/sales'))).toEqual([['perPage', 'Deprecated alias of `per_page`.']]);
    const sale = doc.paths['/api/sales/{id}'].get.responses['200'].content['application/json'].schema.properties.data.properties as Record<string, Property>;
    const aliases = Object.entries(sale).filter(([, property]) => property.deprecated).map(([name, property]) => [name, property.description]);
    expect(aliases).toEqual([
      ['so_no', 'Deprecated alias of `code`.'],
      ['total_amount', 'Deprecated alias of `total`.'],
      ['net', 'Deprecated alias of `total`.'],
    ]);
    expect(sale.code?.deprecated).toBeUndefined();

    const byAlias = await app.inject({ method: 'GET', url: '/api/products?category=1&per_page=100', headers: bearer(tokens.Admin) });
    const byName = await app.inject({ method: 'GET', url: '/api/products?category_id=1&per_page=100', headers: bearer(tokens.Admin) });
    expect(byAlias.statusCode).toBe(200);
    expect(byAlias.json().data.length).toBeGreaterThan(0);
    expect(byAlias.json().data).toEqual(byName.json().data);
    const perPage = await app.inject({ method: 'GET', url: '/api/sales?perPage=3', headers: bearer(tokens.Admin) });
    expect(perPage.json().meta.per_page).toBe(3);
  });

  it('reports the database it runs on', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: dbKind });
  });
});

describe(`role guard (${dbKind})`, () => {
  it('lets an Admin list staff accounts and refuses Managers and Staff with 403', async () => {
    const admin = await app.inject({ method: 'GET', url: '/api/users?per_page=2', headers: bearer(tokens.Admin) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().meta).toEqual({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(admin.json().data).toHaveLength(2);

    for (const role of ['Manager', 'Staff'] as const) {
      const response = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(tokens[role]) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "Forbidden — you don't have permission." });
    }
  });

  it('asks for a token before it checks the role', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(401);
  });
});

describe(`list queries (${dbKind})`, () => {
  it('filters by q case-insensitively and by role', async () => {
    const byText = await app.inject({ method: 'GET', url: '/api/users?q=MANAGER', headers: bearer(tokens.Admin) });
    expect(byText.json().data.map((u: { email: string }) => u.email)).toEqual(['manager@demo.shop']);
    const byRole = await app.inject({ method: 'GET', url: '/api/users?role=Staff', headers: bearer(tokens.Admin) });
    expect(byRole.json().data.map((u: { role: string }) => u.role)).toEqual(['Staff']);
    const wildcard = await app.inject({ method: 'GET', url: '/api/users?q=%25', headers: bearer(tokens.Admin) });
    expect(wildcard.json().meta.total).toBe(0);
  });

  it('answers 422 with field errors for bad paging and filters', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users?page=0&per_page=5000&role=Boss', headers: bearer(tokens.Admin) });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['page', 'per_page', 'role']);
    expect(response.json().errors.per_page).toEqual(['Per page must be at most 1000.']);
  });
});
