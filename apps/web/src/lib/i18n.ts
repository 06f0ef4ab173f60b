import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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

// The English text is the key (`t('Sign in')`), so English needs no texts loaded at all (en.json
// is the translators' list, checked by the i18n test) and a missing Khmer entry reads as English.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map((language) => language.code),
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/*
 * A text asked for with nothing to put in it (`t('Pay')`) is looked up once per language. i18next
 * copies its whole options object on every call, and the till draws dozens of such texts again on
 * every tap (docs/decisions/0016-offline-selling.md, "A big catalogue"). Every `t` the screens get
 * (`useTranslation`, `getFixedT`) keeps what it found; texts with values (a count, a name) go to
 * i18next each time, and a bundle added or taken away forgets what was kept.
 */
const plainTexts = new Map<string, Map<string, string>>();
const fixedT = i18n.getFixedT.bind(i18n);
i18n.getFixedT = ((...args: Parameters<typeof fixedT>) => {
  const translate = fixedT(...args) as unknown as ((key: unknown, ...rest: unknown[]) => string) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
  const kept = (key: unknown, ...rest: unknown[]): string => {
    if (rest.length > 0 || typeof key !== 'string' || translate.keyPrefix) return translate(key, ...rest);
    const language = typeof translate.lng === 'string' ? translate.lng : i18n.language;
    let texts = plainTexts.get(language);
    if (!texts) plainTexts.set(language, (texts = new Map()));
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = translate(key)));
    return text;
  };
  return Object.assign(kept, { lng: translate.lng, ns: translate.ns, keyPrefix: translate.keyPrefix });
}) as unknown as typeof fixedT;
i18n.store.on('added', () => plainTexts.clear());
i18n.store.on('removed', () => plainTexts.clear());

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
