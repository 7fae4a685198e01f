import { atom, computed } from 'nanostores';
import { LANGUAGES, pickLanguage } from '../contract';
import { $profile } from '../stores/profile';

/** The browser's languages, best first (`navigator.languages`); English where there is no browser. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return ['en'];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : ['en'];
}

/** The browser's languages, read once at load (a browser changes them only with a restart of the page). */
export const $browserLanguages = atom<readonly string[]>(browserLanguages());

/** The language the user saved on Profile (null: follow the browser), known once the profile is. */
export const $savedLanguage = computed($profile, (profile) => profile?.language ?? null);

/** The language texts are shown in: the user's saved choice, else the browser's best match. */
export const $language = computed([$savedLanguage, $browserLanguages], (saved, preferred) =>
  saved && (LANGUAGES as readonly string[]).includes(saved) ? saved : pickLanguage(preferred),
);

/**
 * The locale dates, times and numbers are written in: the browser's own tag when it is of the language shown
 * (en-GB keeps its 24-hour clock, es-MX its own date order), else the language itself.
 */
export const $formatLocale = computed([$language, $browserLanguages], (language, preferred) => {
  const base = language.split('-')[0];
  const own = preferred.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === base);
  if (!own) return language;
  try {
    return Intl.getCanonicalLocales(own.replace('_', '-'))[0];
  } catch {
    return language;
  }
});
