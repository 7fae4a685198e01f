import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../contract';
import { $language } from './language';

/**
 * One i18next instance for the page: @parley/shared, i18next and react-i18next are federation singletons, so the
 * shell and every remote register their catalogues in it and follow the same language (docs/decisions/0006).
 */
export const i18n = i18next.createInstance();

/** A catalogue's JSON: texts, grouped in objects. Plural texts are `key_one`, `key_other`… (CLDR categories). */
export type CatalogueTexts = { [key: string]: string | CatalogueTexts };

/** Every text's key as written at a call site: `group.key`, a plural's key without its `_one`/`_other` suffix. */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
      ? Base
      : K
    : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

/** Values put into `{{name}}` placeholders; `count` also picks a plural text. */
export type TextValues = Record<string, string | number>;

export type Translate<T> = (key: TextKey<T>, values?: TextValues) => string;

/** A registered catalogue: its namespace and a plain `t` for code outside React (hooks use `useTexts`). */
export interface Catalogue<T> {
  readonly namespace: string;
  readonly t: Translate<T>;
}

const warned = new Set<string>();
/** Logged once per text and language, so a page that renders a missing text 100 times says it once. */
function warnOnce(id: string, message: string): void {
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(message);
}

i18n.use(initReactI18next).init({
  lng: $language.get(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'pt-BR', 'es'],
  // pt-BR is looked up as pt-BR, then en: never a bare `pt`.
  load: 'currentOnly',
  ns: [],
  resources: {},
  initAsync: false,
  // Keys never hold a colon; texts may (no `ns:key` parsing).
  nsSeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  react: { useSuspense: false },
  // A key in no language (the catalogue test fails first): show nothing rather than the raw key.
  parseMissingKeyHandler: () => '',
});

$language.subscribe((language) => {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  // Screen readers pick their voice from it.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/**
 * A text in the current language; one missing there falls back to English and is logged once, one missing in
 * English too is logged once and shown as nothing.
 */
export function translate(namespace: string, key: string, values?: TextValues, language?: string): string {
  const lng = language ?? i18n.language;
  const options: TOptions = { ...values, ns: namespace, lng };
  const found = i18n.exists(key, { ...options, fallbackLng: false as const });
  if (!found) {
    const inEnglish = lng !== 'en' && i18n.exists(key, { ...options, lng: 'en', fallbackLng: false as const });
    warnOnce(
      `${lng}:${namespace}:${key}`,
      inEnglish
        ? `[i18n] "${namespace}:${key}" has no ${lng} text; showing English`
        : `[i18n] "${namespace}:${key}" is in no catalogue`,
    );
  }
  return i18n.t(key, options) as string;
}

/**
 * Adds a package's texts under its own namespace (call it once, where the package loads): a remote deployed alone
 * brings its texts with it. English is complete by definition; the others may lag and fall back to it.
 */
export function registerCatalogue<T extends CatalogueTexts>(
  namespace: string,
  catalogues: { en: T } & Partial<Record<Exclude<Language, 'en'>, CatalogueTexts>>,
): Catalogue<T> {
  for (const [language, texts] of Object.entries(catalogues)) {
    // deep + overwrite: a newer version of the same remote, loaded after a fallback, replaces its texts.
    if (texts) i18n.addResourceBundle(language, namespace, texts, true, true);
  }
  return { namespace, t: (key, values) => translate(namespace, key, values) };
}

/** Whether a text exists in English (for keys built at run time, such as error codes). */
export const hasText = (namespace: string, key: string): boolean =>
  i18n.exists(key, { ns: namespace, lng: 'en', fallbackLng: false });
