import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '@shop/contracts/common';
import { STOCK_STATES } from '@shop/contracts/report';
import { SALE_CHANNELS, SALE_STATUSES } from '@shop/contracts/sale';
import { PRINTER_TYPES } from '@shop/contracts/settings';
import { PAYMENT_METHODS, SUPPLY_STATUSES } from '@shop/contracts/supply';
import { USER_STATUSES } from '@shop/contracts/user';
import { ENUM_LABEL_KEYS, enumLabel, enumOptions, type EnumKind } from './enum-labels';
import { i18n, switchLanguage } from './i18n';
import en from './locales/en.json';
import kh from './locales/kh.json';

/** The kinds whose English words are the contract values themselves. */
const VALUES: [EnumKind, readonly string[]][] = [
  ['payment', PAYMENT_METHODS],
  ['saleStatus', SALE_STATUSES],
  ['channel', SALE_CHANNELS],
  ['supplyStatus', SUPPLY_STATUSES],
  ['stockState', STOCK_STATES],
  ['role', ROLE_NAMES],
  ['userStatus', USER_STATUSES],
  ['printerType', PRINTER_TYPES],
];

describe('enumLabel', () => {
  it('shows every contract value in English exactly as before', () => {
    const english = i18n.getFixedT('en');
    for (const [kind, values] of VALUES) {
      for (const value of values) expect(enumLabel(kind, value, english), `${kind} ${value}`).toBe(value);
    }
    expect(enumLabel('adjustmentReason', 'expired', english)).toBe('Expired write-off');
    expect(enumLabel('apiKeyScope', 'read', english)).toBe('Read only');
  });

  it('translates every value into Khmer', async () => {
    await switchLanguage('kh');
    const khmer = i18n.getFixedT('kh');
    expect(enumLabel('payment', 'Cash', khmer)).toBe('សាច់ប្រាក់');
    expect(enumLabel('saleStatus', 'Refunded', khmer)).toBe('បានសងប្រាក់វិញ');
    expect(enumLabel('stockState', 'Below Reorder', khmer)).toBe('ក្រោមកម្រិតបញ្ជាទិញ');
    expect(enumLabel('role', 'Manager', khmer)).toBe('អ្នកចាត់ការ');
    for (const [kind, values] of VALUES) {
      for (const value of values) {
        // "POS" reads the same in Khmer.
        if (value !== 'POS') expect(enumLabel(kind, value, khmer), `${kind} ${value}`).not.toBe(value);
      }
    }
  });

  it('matches a payment method whatever its case, and keeps a method the shop added as typed', async () => {
    await switchLanguage('kh');
    const khmer = i18n.getFixedT('kh');
    expect(enumLabel('payment', ' cash ', khmer)).toBe('សាច់ប្រាក់');
    expect(enumLabel('payment', 'CARD', i18n.getFixedT('en'))).toBe('Card');
    expect(enumLabel('payment', 'ABA Pay', khmer)).toBe('ABA Pay');
    expect(enumLabel('saleStatus', 'On hold', khmer)).toBe('On hold');
    expect(enumLabel('payment', null, khmer)).toBe('');
  });

  it('builds filter options keeping the contract value and showing its words', async () => {
    await switchLanguage('kh');
    expect(enumOptions('supplyStatus', SUPPLY_STATUSES, i18n.getFixedT('kh'))).toEqual([
      { value: 'Pending', label: 'កំពុងរង់ចាំ' },
      { value: 'Received', label: 'បានទទួល' },
      { value: 'Cancelled', label: 'បានបោះបង់' },
    ]);
  });

  it('has every label among the translations', () => {
    for (const key of ENUM_LABEL_KEYS) {
      expect(en, key).toHaveProperty([key]);
      expect(kh, key).toHaveProperty([key]);
    }
  });
});
