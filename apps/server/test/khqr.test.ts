import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { KHQR_MESSAGES } from '@shop/contracts/khqr-api';
import { decodeKhqr } from '@shop/contracts/khqr';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings-defaults';
import { bakongConfirmer, DEFAULT_BAKONG_API_URL } from '../src/lib/bakong';
import { loadEnv } from '../src/plugins/env';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * The till's KHQR: POST /khqr makes the QR a customer's banking app pays, GET /khqr/{md5}/status
 * asks Bakong (here a stand-in HTTP server on loopback that answers as the bank's API does).
 */

/** Bakong's transaction check by MD5, as the bank answers it: 0 with the transaction when paid, 1 when not found, 401 for a wrong token. */
class FakeBakong {
  readonly token = 'bakong-test-token';
  readonly paid = new Map<string, { amount: number; currency: string }>();
  readonly requests: { path: string | undefined; authorization: string | undefined; body: unknown }[] = [];
  private readonly server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = text ? JSON.parse(text) : null;
      this.requests.push({ path: request.url, authorization: request.headers.authorization, body });
      const send = (status: number, answer: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (request.method !== 'POST' || request.url !== '/v1/check_transaction_by_md5') return send(404, { responseCode: 1, responseMessage: 'Not found' });
      if (request.headers.authorization !== `Bearer ${this.token}`) return send(401, { responseCode: 1, responseMessage: 'Unauthorized', errorCode: 6, data: null });
      const found = this.paid.get(body?.md5);
      if (!found) return send(200, { responseCode: 1, responseMessage: 'Transaction could not be found. Please check and try again.', errorCode: 1, data: null });
      return send(200, {
        responseCode: 0,
        responseMessage: 'Getting transaction successfully.',
        errorCode: null,
        data: { hash: crypto.randomBytes(32).toString('hex'), fromAccountId: 'customer@aclb', toAccountId: 'mekong_corner@demo', ...found, createdDateMs: Date.now(), acknowledgedDateMs: Date.now() },
      });
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const md5Of = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

const bakong = new FakeBakong();
const bakongUrl = await bakong.start();
afterAll(() => bakong.stop());

type Call = ReturnType<typeof caller>;

/** What an Admin does first: fill in the Bakong account and turn the KHQR method on. */
async function setUpKhqr(call: Call, adminToken: string) {
  const settings = (await call(adminToken, 'GET', '/api/settings')).body.data;
  const khqr = { ...settings.khqr, accountId: 'mekong_corner@demo', merchantName: 'Mekong Corner Cafe', city: 'Phnom Penh' };
  expect((await call(adminToken, 'PUT', '/api/settings/khqr', khqr)).status).toBe(200);
  const methods = settings.payments.methods.map((method: { key: string }) => (method.key === 'khqr' ? { ...method, enabled: true } : method));
  expect((await call(adminToken, 'PUT', '/api/settings/payments', { ...settings.payments, methods })).status).toBe(200);
  expect((await call(adminToken, 'PUT', '/api/settings/general', { ...settings.general, name: 'Mekong Corner Cafe & Bakery, Street 240' })).status).toBe(200);
}

// No Bakong token here: the cashier confirms.
const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
// A new shop has no KHQR until an Admin sets it up.
const before = await call(tokens.Staff, 'POST', '/api/khqr', { amount: 5, currency: 'USD' });
await setUpKhqr(call, tokens.Admin);

// The same shop where the server has a Bakong token and the bank is reachable.
const checked = await createTestApp({ paymentConfirmer: bakongConfirmer({ url: `${bakongUrl}/`, token: bakong.token }) });
const checkedTokens = await demoTokens(checked.app);
const callChecked = caller(checked.app);
await setUpKhqr(callChecked, checkedTokens.Admin);

const staffId = (await call(tokens.Staff, 'GET', '/api/me')).body.data.id as number;

describe(`POST /api/khqr (${dbKind})`, () => {
  it('answers 409 in a new shop, whose KHQR is not set up', () => {
    expect(before).toEqual({ status: 409, body: { message: KHQR_MESSAGES.notSetUp } });
  });

  it('makes a dynamic QR for the amount, from the shop’s account, expiring after the shop’s QR expiry', async () => {
    const { status, body } = await call(tokens.Staff, 'POST', '/api/khqr', { amount: 12.5, currency: 'USD' });
    expect(status).toBe(200);
    const { payload, md5, expires_at, bill_number, bank_check } = body.data;
    const now = clock.now().getTime();
    expect(md5).toBe(md5Of(payload));
    expect(expires_at).toBe(new Date(now + DEFAULT_SETTINGS.khqr.expiryMinutes * 60_000).toISOString());
    expect(bank_check).toBe(false);
    expect(bill_number).toMatch(/^KQ-[0-9A-Z]+-[0-9A-F]{4}$/);
    expect(decodeKhqr(payload)).toEqual({
      pointOfInitiation: 'dynamic',
      accountType: 'individual',
      accountId: 'mekong_corner@demo',
      accountInfo: null,
      acquiringBank: null,
      merchantCategory: '5999',
      currency: 'USD',
      amount: '12.50',
      country: 'KH',
      merchantName: 'Mekong Corner Cafe',
      city: 'Phnom Penh',
      billNumber: bill_number,
      mobileNumber: null,
      // The shop's name, cut to the 25 characters a store label holds.
      storeLabel: 'Mekong Corner Cafe & Bake',
      terminalLabel: `POS-${staffId}`,
      purpose: null,
      createdAt: now,
      expiresAt: now + DEFAULT_SETTINGS.khqr.expiryMinutes * 60_000,
      crc: payload.slice(-4),
    });
  });

  it('takes riel as whole numbers and keeps the bill number it is given', async () => {
    const { status, body } = await call(tokens.Staff, 'POST', '/api/khqr', { amount: 41_000, currency: 'KHR', bill_number: 'SO-000123' });
    expect(status).toBe(200);
    expect(body.data.bill_number).toBe('SO-000123');
    expect(decodeKhqr(body.data.payload)).toMatchObject({ currency: 'KHR', amount: '41000', billNumber: 'SO-000123' });
  });

  it('makes a different QR each time, even for the same amount', async () => {
    const first = await call(tokens.Staff, 'POST', '/api/khqr', { amount: 3, currency: 'USD' });
    const second = await call(tokens.Staff, 'POST', '/api/khqr', { amount: 3, currency: 'USD' });
    expect(first.body.data.md5).not.toBe(second.body.data.md5);
  });

  it('every QR it makes reads back with its amount, currency and a CRC that matches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ currency: fc.constant('USD' as const), amount: fc.integer({ min: 1, max: 100_000_000 }).map((cents) => cents / 100) }),
          fc.record({ currency: fc.constant('KHR' as const), amount: fc.integer({ min: 1, max: 1_000_000_000 }) }),
        ),
        async (input) => {
          const { status, body } = await call(tokens.Staff, 'POST', '/api/khqr', input);
          expect(status).toBe(200);
          const decoded = decodeKhqr(body.data.payload);
          expect(decoded.currency).toBe(input.currency);
          expect(Number(decoded.amount)).toBe(input.amount);
          if (input.currency === 'KHR') expect(decoded.amount).toMatch(/^\d+$/);
          else expect(decoded.amount).toMatch(/^\d+(\.\d\d)?$/);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses amounts a QR cannot carry, with the reason on the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 41_000.5, currency: 'KHR' }, 'Riel amounts are whole numbers.'],
      [{ amount: 1.005, currency: 'USD' }, 'Amount can have at most 2 decimals.'],
      [{ amount: 0, currency: 'USD' }, 'Amount must be more than 0.'],
      [{ amount: -4, currency: 'KHR' }, 'Amount must be more than 0.'],
      [{ amount: 2_000_000, currency: 'USD' }, 'Amount must be at most 1,000,000.'],
      [{ amount: '5', currency: 'USD' }, 'Amount must be a number.'],
      [{ amount: 5, currency: 'EUR' }, 'Currency must be USD or KHR.'],
      [{ amount: 5, currency: 'USD', bill_number: 'X'.repeat(26) }, 'The bill number must be at most 25 characters.'],
      [{ amount: 5, currency: 'USD', bill_number: 'វិក្កយបត្រ' }, 'The bill number may use only English letters, digits and punctuation.'],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await call(tokens.Staff, 'POST', '/api/khqr', input);
      expect(status, JSON.stringify(input)).toBe(422);
      expect(Object.values(body.errors).flat(), JSON.stringify(input)).toContain(message);
    }
  });

  it('follows Settings → Payments → KHQR: a merchant account and a shorter expiry', async () => {
    const khqr = { ...DEFAULT_SETTINGS.khqr, accountId: 'mekong_corner@demo', merchantName: 'Mekong Corner Cafe', city: 'Siem Reap', accountType: 'merchant', merchantId: 'MC-0042', acquiringBank: 'ACLEDA Bank', expiryMinutes: 3 };
    expect((await call(tokens.Admin, 'PUT', '/api/settings/khqr', khqr)).status).toBe(200);
    const { body } = await call(tokens.Staff, 'POST', '/api/khqr', { amount: 2.75, currency: 'USD' });
    expect(body.data.expires_at).toBe(new Date(clock.now().getTime() + 3 * 60_000).toISOString());
    expect(decodeKhqr(body.data.payload)).toMatchObject({ accountType: 'merchant', accountId: 'mekong_corner@demo', accountInfo: 'MC-0042', acquiringBank: 'ACLEDA Bank', city: 'Siem Reap', amount: '2.75' });
  });

  it('answers 409 while KHQR is not set up, or turned off in the payment methods', async () => {
    const settings = (await call(tokens.Admin, 'GET', '/api/settings')).body.data;
    expect((await call(tokens.Admin, 'PUT', '/api/settings/khqr', { ...settings.khqr, accountId: '' })).status).toBe(200);
    expect(await call(tokens.Staff, 'POST', '/api/khqr', { amount: 5, currency: 'USD' })).toEqual({ status: 409, body: { message: KHQR_MESSAGES.notSetUp } });

    expect((await call(tokens.Admin, 'PUT', '/api/settings/khqr', settings.khqr)).status).toBe(200);
    const methods = settings.payments.methods.map((method: { key: string }) => ({ ...method, enabled: method.key !== 'khqr' }));
    expect((await call(tokens.Admin, 'PUT', '/api/settings/payments', { ...settings.payments, methods })).status).toBe(200);
    expect(await call(tokens.Staff, 'POST', '/api/khqr', { amount: 5, currency: 'USD' })).toEqual({ status: 409, body: { message: KHQR_MESSAGES.turnedOff } });

    expect((await call(tokens.Admin, 'PUT', '/api/settings/payments', settings.payments)).status).toBe(200);
    expect((await call(tokens.Staff, 'POST', '/api/khqr', { amount: 5, currency: 'USD' })).status).toBe(200);
  });

  it('puts the QR’s MD5 and bill number into the sale paid with it', async () => {
    const latte = (await call(tokens.Manager, 'GET', '/api/products?q=COF-005')).body.data[0];
    const items = [{ product_id: latte.id, quantity: 2, unit_price: latte.price }];
    // Two lattes at $2.50 and a new shop's 10% tax on top.
    expect(latte.price).toBe(2.5);
    const total = 5.5;

    const qr = (await call(tokens.Staff, 'POST', '/api/khqr', { amount: total, currency: 'USD' })).body.data;
    const sold = await call(tokens.Staff, 'POST', '/api/sales', {
      sale_date: clock.now().toISOString(),
      items,
      total_amount: total,
      payments: [{ method: 'khqr', currency: 'USD', amount: total, khqr: { md5: qr.md5, bill_number: qr.bill_number } }],
    });
    expect(sold.status).toBe(201);
    const sale = (await call(tokens.Staff, 'GET', `/api/sales/${sold.body.data.id}`)).body.data;
    expect(sale.payments).toEqual([expect.objectContaining({ method_key: 'khqr', currency: 'USD', amount: total, khqr: { md5: qr.md5, bill_number: qr.bill_number } })]);
  });

  it('is for those who ring up sales, and asks for a token first', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/khqr', payload: { amount: 5, currency: 'USD' } });
    expect(response.statusCode).toBe(401);
    for (const token of Object.values(tokens)) expect((await call(token, 'POST', '/api/khqr', { amount: 5, currency: 'USD' })).status).toBe(200);
  });
});

describe(`GET /api/khqr/{md5}/status (${dbKind})`, () => {
  it('checks nothing without a Bakong token: the cashier confirms', async () => {
    const qr = (await call(tokens.Staff, 'POST', '/api/khqr', { amount: 5, currency: 'USD' })).body.data;
    expect(await call(tokens.Staff, 'GET', `/api/khqr/${qr.md5}/status`)).toEqual({ status: 200, body: { data: { paid: false, checked: false } } });
  });

  it('refuses an MD5 that is not 32 hexadecimal characters', async () => {
    const { status, body } = await call(tokens.Staff, 'GET', '/api/khqr/not-an-md5/status');
    expect(status).toBe(422);
    expect(body.message).toBe('The KHQR MD5 is 32 hexadecimal characters.');
  });

  it('with a token, asks Bakong by MD5: not paid until the bank has the transaction, then paid', async () => {
    const qr = (await callChecked(checkedTokens.Staff, 'POST', '/api/khqr', { amount: 7.25, currency: 'USD' })).body.data;
    expect(qr.bank_check).toBe(true);
    const before = bakong.requests.length;
    expect((await callChecked(checkedTokens.Staff, 'GET', `/api/khqr/${qr.md5}/status`)).body).toEqual({ data: { paid: false, checked: true } });
    expect(bakong.requests.slice(before)).toEqual([{ path: '/v1/check_transaction_by_md5', authorization: `Bearer ${bakong.token}`, body: { md5: qr.md5 } }]);

    bakong.paid.set(qr.md5, { amount: 7.25, currency: 'USD' });
    expect((await callChecked(checkedTokens.Staff, 'GET', `/api/khqr/${qr.md5.toUpperCase()}/status`)).body).toEqual({ data: { paid: true, checked: true } });
  });

  it('counts as not checked when Bakong refuses the token or cannot be reached, never as paid or an error', async () => {
    const qr = (await callChecked(checkedTokens.Staff, 'POST', '/api/khqr', { amount: 1, currency: 'USD' })).body.data;
    bakong.paid.set(qr.md5, { amount: 1, currency: 'USD' });
    const wrongToken = bakongConfirmer({ url: bakongUrl, token: 'expired-token' });
    expect(await wrongToken.check(qr.md5)).toEqual({ paid: false, checked: false });

    // A port nothing listens on: a closed server's.
    const gone = new FakeBakong();
    const goneUrl = await gone.start();
    await gone.stop();
    const unreachable = bakongConfirmer({ url: goneUrl, token: bakong.token });
    expect(await unreachable.check(qr.md5)).toEqual({ paid: false, checked: false });
  });
});

describe('Bakong configuration', () => {
  it('reads the token and the API address from the environment, Bakong’s own address by default', () => {
    expect(loadEnv({}).BAKONG_API_URL).toBe(DEFAULT_BAKONG_API_URL);
    expect(loadEnv({}).BAKONG_API_TOKEN).toBeUndefined();
    expect(loadEnv({ BAKONG_API_TOKEN: 'abc', BAKONG_API_URL: 'http://127.0.0.1:9000' })).toMatchObject({ BAKONG_API_TOKEN: 'abc', BAKONG_API_URL: 'http://127.0.0.1:9000' });
    expect(() => loadEnv({ BAKONG_API_URL: 'ftp://bank' })).toThrow('BAKONG_API_URL: must be an http(s) address');
  });
});
