/*
 * KHQR, Cambodia's national payment QR (Bakong): an EMVCo merchant-presented QR. The payload is
 * a string of fields, each a 2-digit tag, a 2-digit length (in characters) and the value; some
 * values are fields themselves (the account, additional data, timestamps). The last field is
 * the CRC: `6304` and CRC-16/CCITT-FALSE of everything before it, `6304` included.
 *
 * Pure and dependency-free, so the server makes the till's dynamic QR (with an amount) and the
 * console draws the shop's static QR on a receipt from the same code. The registry's KHQR
 * libraries read the system clock for the creation time and refuse an expiry before it, which
 * the server's own clock (and its tests') cannot work with; this is small enough to own.
 */

export const KHQR_TAGS = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  individualAccount: '29',
  merchantAccount: '30',
  merchantCategory: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  city: '60',
  additionalData: '62',
  alternateLanguage: '64',
  timestamps: '99',
  crc: '63',
} as const;

/** Sub-fields of the account (29 individual, 30 merchant). */
const ACCOUNT = { id: '00', info: '01', bank: '02' } as const;
/** Sub-fields of additional data (62). */
const EXTRA = { billNumber: '01', mobileNumber: '02', storeLabel: '03', terminalLabel: '07', purpose: '08' } as const;
/** Sub-fields of the timestamps (99), milliseconds since the epoch. */
const TIME = { created: '00', expires: '01' } as const;

export const STATIC_QR = '11';
export const DYNAMIC_QR = '12';
export const KHQR_CURRENCY_CODES = { KHR: '116', USD: '840' } as const;
export type KhqrCurrency = keyof typeof KHQR_CURRENCY_CODES;
export const DEFAULT_MERCHANT_CATEGORY = '5999';

/** The specification's longest values, in characters. */
export const KHQR_LIMITS = {
  accountId: 32,
  accountInfo: 32,
  merchantId: 32,
  acquiringBank: 32,
  amount: 13,
  merchantName: 25,
  city: 15,
  billNumber: 25,
  mobileNumber: 25,
  storeLabel: 25,
  terminalLabel: 25,
  purpose: 25,
} as const;

/** A payload that cannot be made or read, with the reason. */
export class KhqrError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KhqrError';
  }
}

/* ---------- CRC ---------- */

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF, no reflection, no final XOR) of the text's UTF-8 bytes, as 4 uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/* ---------- encoding ---------- */

/** Characters, as the specification counts them (not bytes, not UTF-16 units). */
const characters = (value: string) => Array.from(value);

/** One field, a value or its own fields, in the order they are written. */
export type KhqrField = readonly [tag: string, value: string | readonly KhqrField[]];

/** Fields as tag, length, value; a field without a value (empty text or no sub-fields) is left out. */
export function encodeFields(fields: readonly KhqrField[]): string {
  let out = '';
  for (const [tag, raw] of fields) {
    const value = typeof raw === 'string' ? raw : encodeFields(raw);
    if (value === '') continue;
    const length = characters(value).length;
    if (!/^\d\d$/.test(tag)) throw new KhqrError(`KHQR tag ${tag} is not two digits.`);
    if (length > 99) throw new KhqrError(`KHQR field ${tag} is longer than 99 characters.`);
    out += `${tag}${String(length).padStart(2, '0')}${value}`;
  }
  return out;
}

/** The fields and the CRC after them: the whole payload. */
export function encodeKhqr(fields: readonly KhqrField[]): string {
  const body = `${encodeFields(fields)}${KHQR_TAGS.crc}04`;
  return body + crc16(body);
}

/** An amount as the QR writes it: riel whole ("12000"); dollars whole ("10") or with 2 decimals ("10.50"). */
export function khqrAmountText(currency: KhqrCurrency, minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits) || minorUnits <= 0) throw new KhqrError('A KHQR amount is a whole number of cents or riel, more than 0.');
  const text = currency === 'KHR' ? String(minorUnits) : minorUnits % 100 === 0 ? String(minorUnits / 100) : (minorUnits / 100).toFixed(2);
  if (text.length > KHQR_LIMITS.amount) throw new KhqrError('The KHQR amount is too large.');
  return text;
}

/** The shop's Bakong account, as Settings → Payments → KHQR holds it. */
export interface KhqrAccount {
  accountId: string;
  merchantName: string;
  city: string;
  accountType: 'individual' | 'merchant';
  merchantId: string;
  acquiringBank: string;
}

export interface KhqrRequest {
  account: KhqrAccount;
  currency: KhqrCurrency;
  /** Cents for dollars, whole riel for riel; without it the QR is static (the payer types the amount). */
  amount?: number | null;
  billNumber?: string;
  storeLabel?: string;
  terminalLabel?: string;
  /** Milliseconds since the epoch; both are required for a QR with an amount. */
  createdAt?: number;
  expiresAt?: number;
}

function checkLength(label: string, value: string, max: number, required = false) {
  if (required && value === '') throw new KhqrError(`${label} is required for KHQR.`);
  if (characters(value).length > max) throw new KhqrError(`${label} must be at most ${max} characters for KHQR.`);
}

function millis(label: string, value: number | undefined): string {
  if (value === undefined || !Number.isSafeInteger(value) || String(value).length !== 13) throw new KhqrError(`A KHQR with an amount needs its ${label} time in milliseconds.`);
  return String(value);
}

/** The payload of a static QR (no amount) or a dynamic one (an amount, a creation time and an expiry). */
export function buildKhqr(request: KhqrRequest): string {
  const { account } = request;
  const merchant = account.accountType === 'merchant';
  checkLength('The Bakong account id', account.accountId, KHQR_LIMITS.accountId, true);
  if (!/^[^@\s]+@[^@\s]+$/.test(account.accountId)) throw new KhqrError('A Bakong account id looks like name@bank.');
  checkLength('The merchant name', account.merchantName, KHQR_LIMITS.merchantName, true);
  checkLength('The city', account.city, KHQR_LIMITS.city, true);
  checkLength('The merchant id', account.merchantId, KHQR_LIMITS.merchantId, merchant);
  checkLength('The acquiring bank', account.acquiringBank, KHQR_LIMITS.acquiringBank, merchant);
  const billNumber = request.billNumber ?? '';
  const storeLabel = request.storeLabel ?? '';
  const terminalLabel = request.terminalLabel ?? '';
  checkLength('The bill number', billNumber, KHQR_LIMITS.billNumber);
  checkLength('The store label', storeLabel, KHQR_LIMITS.storeLabel);
  checkLength('The terminal label', terminalLabel, KHQR_LIMITS.terminalLabel);

  const dynamic = request.amount != null;
  const fields: KhqrField[] = [
    [KHQR_TAGS.payloadFormat, '01'],
    [KHQR_TAGS.pointOfInitiation, dynamic ? DYNAMIC_QR : STATIC_QR],
    merchant
      ? [KHQR_TAGS.merchantAccount, [[ACCOUNT.id, account.accountId], [ACCOUNT.info, account.merchantId], [ACCOUNT.bank, account.acquiringBank]]]
      : [KHQR_TAGS.individualAccount, [[ACCOUNT.id, account.accountId], [ACCOUNT.bank, account.acquiringBank]]],
    [KHQR_TAGS.merchantCategory, DEFAULT_MERCHANT_CATEGORY],
    [KHQR_TAGS.currency, KHQR_CURRENCY_CODES[request.currency]],
  ];
  if (dynamic) fields.push([KHQR_TAGS.amount, khqrAmountText(request.currency, request.amount!)]);
  fields.push(
    [KHQR_TAGS.country, 'KH'],
    [KHQR_TAGS.merchantName, account.merchantName],
    [KHQR_TAGS.city, account.city],
    [KHQR_TAGS.additionalData, [[EXTRA.billNumber, billNumber], [EXTRA.storeLabel, storeLabel], [EXTRA.terminalLabel, terminalLabel]]],
  );
  if (dynamic) {
    const createdAt = millis('creation', request.createdAt);
    const expiresAt = millis('expiry', request.expiresAt);
    if (Number(expiresAt) <= Number(createdAt)) throw new KhqrError('A KHQR expires after it is made.');
    fields.push([KHQR_TAGS.timestamps, [[TIME.created, createdAt], [TIME.expires, expiresAt]]]);
  }
  return encodeKhqr(fields);
}

/* ---------- decoding ---------- */

export interface DecodedKhqr {
  pointOfInitiation: 'static' | 'dynamic';
  accountType: 'individual' | 'merchant';
  accountId: string;
  /** A merchant account's merchant id, or an individual account's information. */
  accountInfo: string | null;
  acquiringBank: string | null;
  merchantCategory: string;
  currency: KhqrCurrency;
  /** As written ("10", "10.50", "12000"); null on a static QR. */
  amount: string | null;
  country: string;
  merchantName: string;
  city: string;
  billNumber: string | null;
  mobileNumber: string | null;
  storeLabel: string | null;
  terminalLabel: string | null;
  purpose: string | null;
  createdAt: number | null;
  expiresAt: number | null;
  crc: string;
}

/** Fields as a map from tag to value, in characters; a length that runs past the end is refused. */
export function decodeFields(text: string): Map<string, string> {
  const chars = characters(text);
  const fields = new Map<string, string>();
  let at = 0;
  while (at < chars.length) {
    const tag = chars.slice(at, at + 2).join('');
    const lengthText = chars.slice(at + 2, at + 4).join('');
    if (!/^\d\d$/.test(tag) || !/^\d\d$/.test(lengthText)) throw new KhqrError(`The KHQR field at ${at} has no tag and length.`);
    const length = Number(lengthText);
    if (at + 4 + length > chars.length) throw new KhqrError(`The KHQR field ${tag} runs past the end.`);
    if (fields.has(tag)) throw new KhqrError(`The KHQR field ${tag} appears twice.`);
    fields.set(tag, chars.slice(at + 4, at + 4 + length).join(''));
    at += 4 + length;
  }
  return fields;
}

const CURRENCY_BY_CODE = Object.fromEntries(Object.entries(KHQR_CURRENCY_CODES).map(([currency, code]) => [code, currency])) as Record<string, KhqrCurrency>;

function required(fields: Map<string, string>, tag: string, what: string): string {
  const value = fields.get(tag);
  if (value === undefined || value === '') throw new KhqrError(`The KHQR has no ${what}.`);
  return value;
}

/** Reads a payload back, checking its CRC and the fields every KHQR has. */
export function decodeKhqr(payload: string): DecodedKhqr {
  const crcField = `${KHQR_TAGS.crc}04`;
  if (payload.length < 8 || payload.slice(-8, -4) !== crcField) throw new KhqrError('A KHQR ends with its CRC.');
  const crc = payload.slice(-4);
  if (crc16(payload.slice(0, -4)) !== crc) throw new KhqrError('The KHQR CRC does not match.');
  const fields = decodeFields(payload.slice(0, -8));
  if (required(fields, KHQR_TAGS.payloadFormat, 'payload format') !== '01') throw new KhqrError('The KHQR payload format is not 01.');
  const initiation = required(fields, KHQR_TAGS.pointOfInitiation, 'point of initiation');
  if (initiation !== STATIC_QR && initiation !== DYNAMIC_QR) throw new KhqrError('The KHQR point of initiation is neither 11 nor 12.');
  const merchant = fields.has(KHQR_TAGS.merchantAccount);
  const account = decodeFields(required(fields, merchant ? KHQR_TAGS.merchantAccount : KHQR_TAGS.individualAccount, 'account'));
  const currency = CURRENCY_BY_CODE[required(fields, KHQR_TAGS.currency, 'currency')];
  if (!currency) throw new KhqrError('The KHQR currency is neither riel nor US dollars.');
  const extra = decodeFields(fields.get(KHQR_TAGS.additionalData) ?? '');
  const times = decodeFields(fields.get(KHQR_TAGS.timestamps) ?? '');
  const time = (tag: string) => (times.has(tag) ? Number(times.get(tag)) : null);
  return {
    pointOfInitiation: initiation === DYNAMIC_QR ? 'dynamic' : 'static',
    accountType: merchant ? 'merchant' : 'individual',
    accountId: required(account, ACCOUNT.id, 'Bakong account id'),
    accountInfo: account.get(ACCOUNT.info) ?? null,
    acquiringBank: account.get(ACCOUNT.bank) ?? null,
    merchantCategory: required(fields, KHQR_TAGS.merchantCategory, 'merchant category'),
    currency,
    amount: fields.get(KHQR_TAGS.amount) ?? null,
    country: required(fields, KHQR_TAGS.country, 'country'),
    merchantName: required(fields, KHQR_TAGS.merchantName, 'merchant name'),
    city: required(fields, KHQR_TAGS.city, 'city'),
    billNumber: extra.get(EXTRA.billNumber) ?? null,
    mobileNumber: extra.get(EXTRA.mobileNumber) ?? null,
    storeLabel: extra.get(EXTRA.storeLabel) ?? null,
    terminalLabel: extra.get(EXTRA.terminalLabel) ?? null,
    purpose: extra.get(EXTRA.purpose) ?? null,
    createdAt: time(TIME.created),
    expiresAt: time(TIME.expires),
    crc,
  };
}

/** The shop's static QR (no amount), or null while KHQR is not set up or cannot be made from its settings. */
export function staticKhqr(account: KhqrAccount & { currency: KhqrCurrency }, storeLabel?: string): string | null {
  if (account.accountId === '') return null;
  try {
    return buildKhqr({ account, currency: account.currency, storeLabel: storeLabel === undefined ? undefined : clip(storeLabel, KHQR_LIMITS.storeLabel) });
  } catch {
    return null;
  }
}

/** Text cut to at most `max` characters (a shop name as the store label). */
export function clip(text: string, max: number): string {
  return characters(text.trim()).slice(0, max).join('');
}

/** A bill number for a QR made without one: unique enough to tell a day's payments apart in the bank's list (`random`: 4 hex digits). */
export function billNumberAt(now: number, random: string): string {
  return `KQ-${now.toString(36).toUpperCase()}-${random.toUpperCase()}`;
}
