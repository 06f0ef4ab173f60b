import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
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
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map((language) => language.code),
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Khmer texts load only for those who use them, keeping the console's first load small. */
const LOADERS: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  kh: () => import('./locales/kh.json'),
};

/** Loads a language's texts if needed, then switches to it. */
export async function switchLanguage(code: LanguageCode): Promise<void> {
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    i18n.addResourceBundle(code, 'translation', (await LOADERS[code]()).default);
  }
  await i18n.changeLanguage(code);
}

/** Settles once the language the user chose last time is ready; the app renders after it. */
export const languageReady: Promise<void> = isLanguageCode(stored) && stored !== 'en' ? switchLanguage(stored).catch(() => undefined) : Promise.resolve();

syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', (code) => {
  syncDocumentLanguage(code);
  writeStorage(STORAGE_KEYS.language, code);
});

export { i18n };
