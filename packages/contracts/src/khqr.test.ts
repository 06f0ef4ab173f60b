import { describe, expect, it } from 'vitest';
import { buildKhqr, crc16, decodeKhqr, encodeKhqr, khqrAmountText, KhqrError, staticKhqr, type KhqrAccount } from './khqr';

/** A dynamic merchant QR for 10.0 USD, published with the public `ts-khqr` tests. */
const PUBLISHED =
  '00020101021230400014jonhsmith@devb01061234560208Dev Bank520459995303840540410.05802KH5910Jonh Smith6010Phnom Penh62360117INV-2021-07-658220211855123456789917001316257134678276304ED60';

const individual: KhqrAccount = { accountId: 'mekong_corner@demo', merchantName: 'Mekong Corner Cafe', city: 'Phnom Penh', accountType: 'individual', merchantId: '', acquiringBank: '' };
const merchant: KhqrAccount = { ...individual, accountType: 'merchant', merchantId: 'M-0042', acquiringBank: 'ACLEDA Bank' };
const createdAt = Date.parse('2026-11-21T03:00:00.000Z');
const expiresAt = createdAt + 10 * 60_000;

describe('CRC-16/CCITT-FALSE', () => {
  it('has the check value 29B1 for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('is ED60 over the published sample up to and including 6304', () => {
    expect(crc16(PUBLISHED.slice(0, -4))).toBe('ED60');
  });

  it('runs over UTF-8 bytes, so non-ASCII text changes it', () => {
    expect(crc16('Cafe')).not.toBe(crc16('Café'));
  });
});

describe('the published sample', () => {
  it('is reproduced character for character from its fields', () => {
    const payload = encodeKhqr([
      ['00', '01'],
      ['01', '12'],
      ['30', [['00', 'jonhsmith@devb'], ['01', '123456'], ['02', 'Dev Bank']]],
      ['52', '5999'],
      ['53', '840'],
      ['54', '10.0'],
      ['58', 'KH'],
      ['59', 'Jonh Smith'],
      ['60', 'Phnom Penh'],
      ['62', [['01', 'INV-2021-07-65822'], ['02', '85512345678']]],
      ['99', [['00', '1625713467827']]],
    ]);
    expect(payload).toBe(PUBLISHED);
  });

  it('reads back as a dynamic merchant QR for 10.0 US dollars', () => {
    expect(decodeKhqr(PUBLISHED)).toEqual({
      pointOfInitiation: 'dynamic',
      accountType: 'merchant',
      accountId: 'jonhsmith@devb',
      accountInfo: '123456',
      acquiringBank: 'Dev Bank',
      merchantCategory: '5999',
      currency: 'USD',
      amount: '10.0',
      country: 'KH',
      merchantName: 'Jonh Smith',
      city: 'Phnom Penh',
      billNumber: 'INV-2021-07-65822',
      mobileNumber: '85512345678',
      storeLabel: null,
      terminalLabel: null,
      purpose: null,
      createdAt: 1625713467827,
      expiresAt: null,
      crc: 'ED60',
    });
  });

  it('reads the ts-khqr README example too, whose CRC covers the UTF-8 bytes of its Chinese names', () => {
    const readme =
      '00020101021229420013ishinvin@devb01090123456780208Dev Bank5204599953031165405100005802KH5909Ishin Vin6010Phnom Penh62680114INV-2022-12-250211855123456780310Ishin Shop07060123450807Payment64180002ZH0102文山0202金边99340013175507623233601131755076292336630416C4';
    expect(decodeKhqr(readme)).toMatchObject({ accountType: 'individual', accountId: 'ishinvin@devb', accountInfo: '012345678', currency: 'KHR', amount: '10000', storeLabel: 'Ishin Shop', terminalLabel: '012345', purpose: 'Payment', createdAt: 1755076232336, expiresAt: 1755076292336 });
  });

  it('is refused once a character changes or the CRC is cut off', () => {
    expect(() => decodeKhqr(PUBLISHED.replace('10.0', '90.0'))).toThrow('The KHQR CRC does not match.');
    expect(() => decodeKhqr(PUBLISHED.slice(0, -8))).toThrow(KhqrError);
  });
});

describe('making a payload', () => {
  it('reads back every field of a dynamic QR for an individual account', () => {
    const payload = buildKhqr({ account: individual, currency: 'USD', amount: 1050, billNumber: 'KQ-0001', storeLabel: 'Mekong Corner', terminalLabel: 'POS-3', createdAt, expiresAt });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(decodeKhqr(payload)).toMatchObject({
      pointOfInitiation: 'dynamic',
      accountType: 'individual',
      accountId: 'mekong_corner@demo',
      accountInfo: null,
      currency: 'USD',
      amount: '10.50',
      country: 'KH',
      merchantName: 'Mekong Corner Cafe',
      city: 'Phnom Penh',
      billNumber: 'KQ-0001',
      storeLabel: 'Mekong Corner',
      terminalLabel: 'POS-3',
      createdAt,
      expiresAt,
    });
  });

  it('writes a merchant account under tag 30 with its merchant id and acquiring bank, riel as a whole number', () => {
    const payload = buildKhqr({ account: merchant, currency: 'KHR', amount: 12_000, createdAt, expiresAt });
    expect(payload).toContain('30470018mekong_corner@demo0106M-00420211ACLEDA Bank');
    expect(payload).toContain('5303116540512000');
    expect(decodeKhqr(payload)).toMatchObject({ accountType: 'merchant', accountInfo: 'M-0042', acquiringBank: 'ACLEDA Bank', currency: 'KHR', amount: '12000' });
  });

  it('refuses a merchant account without its merchant id or acquiring bank', () => {
    expect(() => buildKhqr({ account: { ...merchant, merchantId: '' }, currency: 'USD' })).toThrow('The merchant id is required for KHQR.');
    expect(() => buildKhqr({ account: { ...merchant, acquiringBank: '' }, currency: 'USD' })).toThrow('The acquiring bank is required for KHQR.');
  });

  it('writes the creation and expiry times in milliseconds and refuses an amount without them', () => {
    const payload = buildKhqr({ account: individual, currency: 'USD', amount: 500, createdAt, expiresAt });
    expect(payload).toContain(`99340013${createdAt}0113${expiresAt}`);
    expect(() => buildKhqr({ account: individual, currency: 'USD', amount: 500, createdAt })).toThrow('needs its expiry time');
    expect(() => buildKhqr({ account: individual, currency: 'USD', amount: 500, createdAt, expiresAt: createdAt })).toThrow('A KHQR expires after it is made.');
  });

  it('makes a static QR (point of initiation 11) without amount or timestamps', () => {
    const payload = staticKhqr({ ...individual, currency: 'KHR' }, 'Mekong Corner Cafe & Bakery, Street 240');
    expect(payload).not.toBeNull();
    const decoded = decodeKhqr(payload!);
    expect(decoded).toMatchObject({ pointOfInitiation: 'static', amount: null, createdAt: null, expiresAt: null, currency: 'KHR' });
    // The shop name is cut to the 25 characters a store label may have.
    expect(decoded.storeLabel).toBe('Mekong Corner Cafe & Bake');
    expect(payload).not.toContain('5404');
  });

  it('has no static QR while the account is empty', () => {
    expect(staticKhqr({ ...individual, accountId: '', currency: 'USD' })).toBeNull();
  });
});

describe('amounts', () => {
  it('writes riel whole, and dollars whole or with two decimals', () => {
    expect(khqrAmountText('KHR', 41_000)).toBe('41000');
    expect(khqrAmountText('USD', 1000)).toBe('10');
    expect(khqrAmountText('USD', 1050)).toBe('10.50');
    expect(khqrAmountText('USD', 1)).toBe('0.01');
  });

  it('refuses nothing, less than nothing, a fraction of a riel or a cent, and more than 13 characters', () => {
    expect(() => khqrAmountText('USD', 0)).toThrow('more than 0');
    expect(() => khqrAmountText('KHR', -100)).toThrow('more than 0');
    expect(() => khqrAmountText('KHR', 100.5)).toThrow('more than 0');
    expect(() => khqrAmountText('KHR', 10_000_000_000_000)).toThrow('too large');
  });
});

describe('field limits', () => {
  it('takes a merchant name of 25 characters and refuses 26', () => {
    const name = 'A'.repeat(25);
    expect(decodeKhqr(buildKhqr({ account: { ...individual, merchantName: name }, currency: 'USD' })).merchantName).toBe(name);
    expect(() => buildKhqr({ account: { ...individual, merchantName: `${name}B` }, currency: 'USD' })).toThrow('The merchant name must be at most 25 characters for KHQR.');
  });

  it('takes a city of 15 characters and refuses 16', () => {
    expect(decodeKhqr(buildKhqr({ account: { ...individual, city: 'Kampong Chhnang' }, currency: 'USD' })).city).toBe('Kampong Chhnang');
    expect(() => buildKhqr({ account: { ...individual, city: 'Kampong Chhnang!' }, currency: 'USD' })).toThrow('The city must be at most 15 characters for KHQR.');
  });

  it('counts characters, not bytes: a Khmer name is as long as its letters', () => {
    const name = 'ហាងកាហ្វេមេគង្គ';
    const payload = buildKhqr({ account: { ...individual, merchantName: name }, currency: 'KHR' });
    expect(payload).toContain(`59${String(name.length).padStart(2, '0')}${name}`);
    expect(decodeKhqr(payload).merchantName).toBe(name);
  });

  it('refuses an account id that is not name@bank', () => {
    expect(() => buildKhqr({ account: { ...individual, accountId: 'mekong corner' }, currency: 'USD' })).toThrow('A Bakong account id looks like name@bank.');
  });
});
