import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '../contract';
import { $shownLanguage, translate, type Catalogue, type Translate } from './catalogue';
import { $formatLocale } from './language';

const subscribeLanguage = (onChange: () => void) => $shownLanguage.listen(onChange);
const subscribeFormatLocale = (onChange: () => void) => $formatLocale.listen(onChange);

/**
 * The language texts are shown in, re-rendering on a change (every mounted page repaints at once, when that
 * language's texts have arrived: `$shownLanguage`).
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, () => $shownLanguage.get());
}

/** The locale dates and numbers are written in (format.ts), re-rendering on a change. */
export function useFormatLocale(): string {
  return useSyncExternalStore(subscribeFormatLocale, () => $formatLocale.get());
}

/**
 * `t` for a package's catalogue in the current language: `const t = useTexts(texts); t('profile.title')`. Keys are
 * checked by the compiler and must be string literals (the catalogue test finds unused keys by reading the sources).
 */
export function useTexts<T>(catalogue: Catalogue<T>): Translate<T> {
  const language = useLanguage();
  const { namespace } = catalogue;
  return useCallback<Translate<T>>((key, values) => translate(namespace, key, values, language), [namespace, language]);
}
