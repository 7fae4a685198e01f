import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, onMount } from 'nanostores';

/** What the user picked in the side menu: follow the system setting, or force light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/**
 * Kept in its own localStorage key, apart from the versioned `parley` state (stores/persisted.ts): it belongs to the
 * browser, not to a session, so signing out keeps it.
 */
export const THEME_STORAGE_KEY = 'parley-theme';

const isChoice = (value: string): value is ThemeChoice => (THEME_CHOICES as readonly string[]).includes(value);

export const $themeChoice = persistentAtom<ThemeChoice>(THEME_STORAGE_KEY, 'system', {
  encode: (value) => value,
  decode: (raw) => (isChoice(raw) ? raw : 'system'),
});

export function setThemeChoice(choice: ThemeChoice): void {
  $themeChoice.set(choice);
}

/** A media query's answer, followed live while anything listens (the OS switching to dark at dusk, say). */
function mediaQueryStore(text: string) {
  const query = (): MediaQueryList | null =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(text) : null;
  const store = atom(query()?.matches ?? false);
  onMount(store, () => {
    const list = query();
    if (!list) return;
    const follow = () => store.set(list.matches);
    follow();
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  });
  return store;
}

/** The system's colour scheme. */
export const $systemPrefersDark = mediaQueryStore('(prefers-color-scheme: dark)');

/**
 * Whether the system asks for reduced motion (an accessibility setting): antd's animations are then off
 * (parley-theme.tsx). The browser tests ask for it too, so no click lands on a dropdown still sliding into place.
 */
export const $prefersReducedMotion = mediaQueryStore('(prefers-reduced-motion: reduce)');

/** Whether the pages are dark now: the user's choice, or the system's when they chose 'system'. */
export const $darkMode = computed([$themeChoice, $systemPrefersDark], (choice, systemDark) =>
  choice === 'system' ? systemDark : choice === 'dark',
);
