import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import kh from './locales/kh.json';
import { i18n, switchLanguage } from './i18n';

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translations', () => {
  it('has a Khmer text for every English key, and no stray ones', () => {
    expect(Object.keys(kh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(kh)) expect(value, key).not.toBe('');
  });

  it('keeps every English text equal to its key, since English is shown from the keys alone', () => {
    for (const [key, value] of Object.entries(en)) expect(value, key).toBe(key);
  });

  it('lists every literal t() key used in the code', () => {
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/\bt\(\s*(['"])((?:(?!\1).)+)\1/g)) used.add(match[2] ?? '');
    }
    const missing = [...used].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it('says a text kept from one language in the language asked for, and again after its texts change', async () => {
    const current = i18n.getFixedT(null, 'translation');
    const english = i18n.getFixedT('en');
    expect(current('Pay')).toBe('Pay');
    await switchLanguage('kh');
    try {
      // A `t` bound to no language follows the one in use; one bound to English stays English.
      expect(current('Pay')).toBe(kh.Pay);
      expect(english('Pay')).toBe('Pay');
      expect(i18n.getFixedT('kh')('Pay')).toBe(kh.Pay);
      // Texts with values are put together each time.
      expect(current('Cart ({{count}})', { count: 3 })).toBe(kh['Cart ({{count}})'].replace('{{count}}', '3'));
      i18n.addResourceBundle('kh', 'translation', { Pay: 'ទូទាត់' }, true, true);
      expect(current('Pay')).toBe('ទូទាត់');
    } finally {
      i18n.addResourceBundle('kh', 'translation', { Pay: kh.Pay }, true, true);
      await switchLanguage('en');
    }
    expect(current('Pay')).toBe('Pay');
  });
});
