import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, demoTokens } from './support/test-app';

/**
 * Property-based bad input: every write endpoint gets bodies that break its own published
 * schema (wrong types, missing fields, not JSON at all) and malformed ids, every list endpoint
 * gets query strings with a parameter of the wrong type. Each answer must be a 4xx with a JSON
 * message, never a 5xx, and no row anywhere may change.
 */
const { app, database } = await createTestApp({ loginRateLimitPerMinute: 100_000 });
const tokens = await demoTokens(app);
const auth = bearer(tokens.Admin);

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
};
type Operation = {
  parameters?: { in: 'query' | 'path'; name: string; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
};
const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();

// These take no input at all, so nothing about them can be malformed; they are covered by the
// role matrix and the profile tests instead.
const NO_INPUT = new Set(['POST /api/logout', 'POST /api/profile/sessions/revoke-others', 'POST /api/profile/deactivate', 'POST /api/notifications/read-all']);

const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
  (['post', 'put', 'delete'] as const)
    .filter((method) => ops[method] && !NO_INPUT.has(`${method.toUpperCase()} ${path}`))
    .map((method) => ({ method: method.toUpperCase() as 'POST' | 'PUT' | 'DELETE', path, body: ops[method]!.requestBody?.content['application/json'].schema })),
);
const lists = Object.entries(doc.paths)
  .filter(([path, ops]) => ops.get && !path.includes('{') && (ops.get.parameters ?? []).some((p) => p.in === 'query' && p.name !== 'q'))
  .map(([path, ops]) => ({ path, params: ops.get!.parameters!.filter((p) => p.in === 'query') }));
const reads = Object.keys(doc.paths).filter((path) => doc.paths[path]!.get && /\{id\}$/.test(path));

const typesOf = (schema: JsonSchema): string[] =>
  schema.anyOf ? schema.anyOf.flatMap(typesOf) : schema.enum ? ['enum'] : [schema.type ?? 'any'];

const letters = fc.stringMatching(/^[a-z]{1,12}$/);
/** A JSON value no schema of the given types accepts (integers are never coerced from text here). */
function wrongFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [fc.array(fc.integer(), { minLength: 1, maxLength: 3 }), fc.dictionary(letters, fc.integer(), { minKeys: 1, maxKeys: 2 })];
  if (types.includes('array')) options.splice(0, 1);
  if (types.includes('object')) options.pop();
  if (!types.some((t) => ['string', 'enum', 'any'].includes(t))) options.push(letters.map((s) => `x${s}`));
  if (types.includes('enum')) options.push(letters.map((s) => `Not-${s}`));
  if (!types.some((t) => ['number', 'integer', 'any'].includes(t))) options.push(fc.double({ noNaN: true, noDefaultInfinity: true }));
  if (types.includes('integer') && !types.includes('number')) options.push(fc.double({ min: 0.01, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)));
  return fc.oneof(...options);
}

/** A value of the right JSON type, extremes included, so the broken field is the only fault. */
function rightFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const [type] = typesOf(schema);
  if (type === 'enum') return fc.constantFrom(...schema.enum!);
  if (type === 'integer') return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER));
  if (type === 'number') return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0.01, 1e15));
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return fc.array<unknown>(schema.items?.properties ? objectOf(schema.items) : fc.jsonValue(), { maxLength: 3 });
  if (type === 'object') return schema.properties ? objectOf(schema) : fc.dictionary(letters, fc.jsonValue(), { maxKeys: 3 });
  if (type === 'null') return fc.constant(null);
  return fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom("'; drop table sales; --", '%', '\u0000', 'ក្រូសង់'));
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, rightFor(v)])), { requiredKeys: schema.required ?? [] });
}

/** Bodies that break the schema: one field of the wrong type, a required field missing, or not an object. */
function badBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const notAnObject = fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
  if (!schema?.properties) return notAnObject;
  const keys = Object.keys(schema.properties);
  const wrongField = fc
    .constantFrom(...keys)
    .chain((key) => fc.tuple(objectOf(schema), fc.constant(key), wrongFor(schema.properties![key]!)))
    .map(([body, key, value]) => ({ ...body, [key]: value }));
  const required = schema.required ?? [];
  const missing = required.length
    ? fc.constantFrom(...required).chain((key) => objectOf(schema).map(({ [key]: _dropped, ...rest }) => rest))
    : wrongField;
  return fc.oneof({ arbitrary: wrongField, weight: 3 }, { arbitrary: missing, weight: 2 }, notAnObject);
}

/** Ids that are not a record's id: text, fractions, negatives, too big for any integer column, or unknown. */
const badId = fc.oneof(
  letters,
  fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', '9223372036854775808', '2147483648', '987654321', '%20', '0x10', ' 1'),
);

/** Every row of every table, hashed; sessions move their last-active time on every call, so they are left out. */
async function fingerprint() {
  const tables = (await database.db.introspection.getTables()).map((t) => t.name).filter((name) => !['sessions', 'kysely_migration', 'kysely_migration_lock'].includes(name)).sort();
  const hash = crypto.createHash('sha256');
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    const lines = rows.rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).sort();
    hash.update(`${table}:${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

type Seen = { request: string; status: number; body: string };
function expectClientError(seen: Seen) {
  expect(seen.status, `${seen.request} → ${seen.status} ${seen.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(seen.status, `${seen.request} → ${seen.status} ${seen.body.slice(0, 300)}`).toBeLessThan(500);
  const message = (JSON.parse(seen.body) as { message?: unknown }).message;
  expect(typeof message === 'string' && message.length > 0, `${seen.request} answers without a message: ${seen.body}`).toBe(true);
}

let sent = 0;
afterAll(() => console.log(`Fuzzer (${dbKind}): ${sent} malformed or extreme requests sent.`));
const RUNS = 24;

describe(`bad input never gets past validation (${dbKind})`, () => {
  it('refuses schema-breaking bodies and malformed ids on every write endpoint, and changes nothing', async () => {
    const before = await fingerprint();
    for (const endpoint of writes) {
      const hasId = endpoint.path.includes('{id}');
      await fc.assert(
        fc.asyncProperty(badBody(endpoint.body), hasId ? badId : fc.constant(''), async (body, id) => {
          const url = endpoint.path.replace('{id}', encodeURIComponent(id));
          // An endpoint with an id and nothing else to send is fuzzed on its id alone.
          const payload = endpoint.body ? JSON.stringify(body) : undefined;
          const response = await app.inject({
            method: endpoint.method,
            url,
            headers: { ...auth, 'idempotency-key': crypto.randomUUID(), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(payload === undefined ? {} : { payload }),
          });
          sent += 1;
          expectClientError({ request: `${endpoint.method} ${url} ${payload ?? ''}`.slice(0, 400), status: response.statusCode, body: response.body });
        }),
        { numRuns: endpoint.body || hasId ? RUNS : 1 },
      );
      // Text that is not JSON at all, sent as JSON.
      if (endpoint.body) {
        const url = endpoint.path.replace('{id}', '987654321');
        for (const payload of ['{"name":', 'nul', '[1,2', '{"a":1}}']) {
          const response = await app.inject({ method: endpoint.method, url, headers: { ...auth, 'content-type': 'application/json' }, payload });
          sent += 1;
          expectClientError({ request: `${endpoint.method} ${url} ${payload}`, status: response.statusCode, body: response.body });
        }
      }
    }
    expect(await fingerprint()).toBe(before);
  }, 240_000);

  it('refuses list query strings with a parameter of the wrong type, whatever the search text', async () => {
    for (const list of lists) {
      const typed = list.params.filter((p) => p.name !== 'q' && (typesOf(p.schema).some((t) => t === 'integer' || t === 'enum') || /^(from|to)$/.test(p.name)));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...typed),
          fc.oneof(letters.map((s) => `x${s}`), fc.constantFrom('1.5', '-', '[]', '2026-13-45', '2026-02-30', 'yesterday')),
          fc.option(fc.string({ unit: 'grapheme', maxLength: 60 }), { nil: undefined }),
          async (param, value, q) => {
            const query = new URLSearchParams({ [param.name]: value, ...(q === undefined ? {} : { q }) });
            const response = await app.inject({ method: 'GET', url: `${list.path}?${query}`, headers: auth });
            sent += 1;
            expectClientError({ request: `GET ${list.path}?${query}`, status: response.statusCode, body: response.body });
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 240_000);

  it('answers well-typed but extreme list filters and record ids without a server error', async () => {
    for (const list of lists) {
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(list.params.map((p) => [p.name, rightFor(p.schema)])), { requiredKeys: [] }), async (params) => {
          const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
          const response = await app.inject({ method: 'GET', url: `${list.path}?${query}`, headers: auth });
          sent += 1;
          expect(response.statusCode, `GET ${list.path}?${query} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS / 2 },
      );
    }
    for (const path of reads) {
      await fc.assert(
        fc.asyncProperty(badId, async (id) => {
          const url = path.replace('{id}', encodeURIComponent(id));
          const response = await app.inject({ method: 'GET', url, headers: auth });
          sent += 1;
          expectClientError({ request: `GET ${url}`, status: response.statusCode, body: response.body });
        }),
        { numRuns: RUNS / 2 },
      );
    }
    expect(sent, 'requests the fuzzer sent').toBeGreaterThanOrEqual(1000);
  }, 240_000);

  it('refuses a NUL character inside otherwise good text, which PostgreSQL could not store', async () => {
    const before = await fingerprint();
    const response = await app.inject({ method: 'POST', url: '/api/categories', headers: auth, payload: { name: 'Tea\u0000Leaves' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Text cannot contain the NUL character.', errors: { name: ['Text cannot contain the NUL character.'] } });
    expect(await fingerprint()).toBe(before);
  });
});
