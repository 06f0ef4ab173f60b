import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import kh from './locales/kh.json';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** `kh` is the code the product uses; the document's `lang` needs the ISO 639-1 code `km`. */
export const LANGUAGES = [
  { code: 'en', htmlLang: 'en', name: 'English', nativeName: 'English' },
  { code: 'kh', htmlLang: 'km', name: 'Khmer', nativeName: 'ខ្មែរ' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

function syncDocumentLanguage(code: string): void {
  document.documentElement.lang = LANGUAGES.find((language) => language.code === code)?.htmlLang ?? 'en';
}

const stored = readStorage(STORAGE_KEYS.language);

// The English text is the key (`t('Sign in')`), so English needs no lookup of its own and a
// missing Khmer entry falls back to readable English.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, kh: { translation: kh } },
  lng: isLanguageCode(stored) ? stored : 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map((language) => language.code),
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', (code) => {
  syncDocumentLanguage(code);
  writeStorage(STORAGE_KEYS.language, code);
});

export { i18n };
