import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import kh from './locales/kh.json';

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
});
