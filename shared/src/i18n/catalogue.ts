import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { atom } from 'nanostores';
import type { Language } from '../contract';
import { $language } from './language';

/**
 * One i18next instance for the page: @parley/shared, i18next and react-i18next are federation singletons, so the
 * shell and every remote register their catalogues in it and follow the same language (docs/decisions/0006).
 */
export const i18n = i18next.createInstance();

/** A catalogue's JSON: texts, grouped in objects. Plural texts are `key_one`, `key_other`… (CLDR categories). */
export type CatalogueTexts = { [key: string]: string | CatalogueTexts };

/** A language's texts fetched when that language is first shown: `() => import('./pt-BR.json')`. */
export type CatalogueLoader = () => Promise<{ default: CatalogueTexts }>;

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
  // English is always in place; another language becomes the shown one once its texts are (languageReady).
  lng: 'en',
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

/**
 * The language the page is shown in: `$language` (the one wanted) once every registered catalogue of it, antd's
 * locale and dayjs's are in place. Until then the page keeps the previous one, so a switch never flashes English.
 */
export const $shownLanguage = atom<Language>('en');

$shownLanguage.subscribe((language) => {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  // Screen readers pick their voice from it.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/**
 * Something a language needs before it is shown, fetched the first time it is: a catalogue (put into i18next) or
 * a library's locale (`onLanguageLoad`). Keyed by `<language>:<name>`.
 */
type LanguagePart = { load?: () => Promise<unknown>; apply: (loaded: unknown) => void };
const parts = new Map<string, Partial<Record<Language, LanguagePart>>>();
const loadedParts = new Set<string>();
const loadingParts = new Map<LanguagePart, Promise<void>>();
/** Parts that failed since the wanted language last changed: not fetched again until it does (no retry loop). */
const failedParts = new Set<string>();

function loadPart(name: string, language: Language): Promise<void> | undefined {
  const id = `${language}:${name}`;
  const part = parts.get(name)?.[language];
  if (!part?.load || loadedParts.has(id) || failedParts.has(id)) return undefined;
  let loading = loadingParts.get(part);
  if (!loading) {
    loading = part
      .load()
      .then((loaded) => {
        // A newer registration of the same name, made meanwhile, fetches its own.
        if (parts.get(name)?.[language] !== part) return;
        part.apply(loaded);
        loadedParts.add(id);
      })
      .catch((error: unknown) => {
        // A chunk that failed (a deployment switched under the page) is fetched again when the wanted language
        // next changes; meanwhile the language is shown with this part's texts in English, each missing one logged.
        if (parts.get(name)?.[language] === part) failedParts.add(id);
        console.error(`[i18n] could not load ${id}`, error);
      })
      .finally(() => loadingParts.delete(part));
    loadingParts.set(part, loading);
  }
  return loading;
}

/**
 * Resolves once the page is shown in the wanted language with everything registered so far (the shell awaits it
 * before its first render, each page parcel before it mounts). Nothing left to fetch: the switch is immediate.
 */
export function languageReady(): Promise<void> {
  const wanted = $language.get();
  const pending = [...parts.keys()].flatMap((name) => loadPart(name, wanted) ?? []);
  if (!pending.length) {
    $shownLanguage.set(wanted);
    return Promise.resolve();
  }
  // The wanted language may change meanwhile (a sign-in brings the saved one): ask again for whichever it is then.
  return Promise.all(pending).then(languageReady);
}

$language.subscribe(() => {
  failedParts.clear();
  void languageReady();
});

/** Sets what a part fetches per language: the latest registration of a name replaces the earlier one's. */
function setPart(name: string, byLanguage: Partial<Record<Language, LanguagePart>>): void {
  parts.set(name, byLanguage);
  for (const id of [...loadedParts, ...failedParts]) {
    if (id.endsWith(`:${name}`)) {
      loadedParts.delete(id);
      failedParts.delete(id);
    }
  }
  // Fetch the wanted language's part now, before the page that needs it asks (languageReady).
  void languageReady();
}

/**
 * A library's locale for each language but English, fetched when that language is first wanted and handed to
 * `apply` before the language is shown (antd's locale, dayjs's).
 */
export function onLanguageLoad<T>(
  name: string,
  loaders: Partial<Record<Exclude<Language, 'en'>, () => Promise<T>>>,
  apply: (language: Language, loaded: T) => void,
): void {
  const byLanguage: Partial<Record<Language, LanguagePart>> = {};
  for (const [language, load] of Object.entries(loaders) as [Language, () => Promise<T>][]) {
    byLanguage[language] = { load, apply: (loaded) => apply(language, loaded as T) };
  }
  setPart(`lib:${name}`, byLanguage);
}

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
 * brings its texts with it. English is complete by definition; the others may lag and fall back to it. English is
 * given as the texts themselves; the others as texts or, so a page carries only the language it shows, as a
 * loader (`'pt-BR': () => import('./pt-BR.json')`) fetched when that language is wanted.
 */
export function registerCatalogue<T extends CatalogueTexts>(
  namespace: string,
  catalogues: { en: T } & Partial<Record<Exclude<Language, 'en'>, CatalogueTexts | CatalogueLoader>>,
): Catalogue<T> {
  // deep + overwrite: a newer version of the same remote, loaded after a fallback, replaces its texts.
  const add = (language: string, texts: CatalogueTexts) =>
    i18n.addResourceBundle(language, namespace, texts, true, true);
  const lazy: Partial<Record<Language, LanguagePart>> = {};
  for (const [language, texts] of Object.entries(catalogues) as [Language, CatalogueTexts | CatalogueLoader][]) {
    if (typeof texts === 'function') {
      lazy[language] = {
        load: texts,
        apply: (loaded) => add(language, (loaded as { default: CatalogueTexts }).default),
      };
    } else if (texts) {
      add(language, texts);
    }
  }
  setPart(`texts:${namespace}`, lazy);
  return { namespace, t: (key, values) => translate(namespace, key, values) };
}

/** Whether a text exists in English (for keys built at run time, such as error codes). */
export const hasText = (namespace: string, key: string): boolean =>
  i18n.exists(key, { ns: namespace, lng: 'en', fallbackLng: false });
