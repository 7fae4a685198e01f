import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import { useSyncExternalStore, type ReactNode } from 'react';
import { $darkMode, $prefersReducedMotion } from './theme-mode';
import { antdLocale } from '../i18n/antd-locale';
import { useLanguage } from '../i18n/use-texts';

/**
 * Parley's one theme: WhatsApp's teal on antd's light or dark algorithm. In light mode text meets WCAG AA contrast
 * (4.5:1), which antd's defaults do not everywhere; the browser tests check every page with axe-core
 * (e2e/tests/accessibility.test.ts):
 * - the teal is a shade darker than WhatsApp's #128c7e (white on the primary button and teal links 5.6:1), with its
 *   light tints given (antd derives greyish ones from a dark seed), selected-item text 4.9:1 on them;
 * - secondary text and errors darker than antd's (5.7:1, 5.6:1);
 * - green (the Chat button of a conversation awaiting a reply, the Active tag) from antd's darker green-8.
 */
export const PARLEY_TOKEN = { colorPrimary: '#0d7568' } as const;
const LIGHT_TOKEN = {
  ...PARLEY_TOKEN,
  colorPrimaryHover: '#0f7f72',
  colorPrimaryActive: '#08665e',
  colorPrimaryBg: '#e6f4f1',
  colorPrimaryBgHover: '#d3ebe6',
  colorPrimaryBorder: '#9fd0c6',
  colorPrimaryBorderHover: '#6db3a3',
  colorLink: PARLEY_TOKEN.colorPrimary,
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorError: '#cf1322',
  green: '#237804',
};
/**
 * Dark mode, AA on antd's dark backgrounds (#000, #141414, the selected menu item's #133834): the dark algorithm
 * darkens the teal, which suits the primary button (white on it 5.2:1) but not teal text, so links, the selected
 * menu item and the selected tab get a light teal (6:1 or more); tertiary text is lighter than antd's (7:1 on black);
 * errors are a lighter red for red text (6.6:1), with dark text on the solid danger button, where white would fail.
 */
const DARK_TEAL_TEXT = '#4fc3b4';
const DARK_TOKEN = {
  colorPrimary: '#128c7e',
  colorLink: DARK_TEAL_TEXT,
  colorLinkHover: '#6fd3c6',
  colorLinkActive: '#3aa899',
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorError: '#ff7070',
};
const DARK_COMPONENTS: ThemeConfig['components'] = {
  Menu: { itemSelectedColor: DARK_TEAL_TEXT },
  Tabs: { itemSelectedColor: DARK_TEAL_TEXT, itemActiveColor: DARK_TEAL_TEXT, itemHoverColor: '#6fd3c6' },
  Button: { dangerColor: 'rgba(0, 0, 0, 0.88)' },
};

/** The theme in one mode; `reducedMotion` (the system's accessibility setting) turns antd's animations off. */
export function parleyTheme(dark: boolean, reducedMotion = false): ThemeConfig {
  const motion = reducedMotion ? { motion: false } : {};
  return dark
    ? { token: { ...DARK_TOKEN, ...motion }, components: DARK_COMPONENTS, algorithm: theme.darkAlgorithm }
    : { token: { ...LIGHT_TOKEN, ...motion }, algorithm: theme.defaultAlgorithm };
}

/** Whether the pages are dark now, re-rendering on a change (React's own hook: shared does not depend on @nanostores/react). */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribeDarkMode, () => $darkMode.get());
}
const subscribeDarkMode = (onChange: () => void) => $darkMode.listen(onChange);

/**
 * antd's ConfigProvider with Parley's theme in the current mode and antd's texts in the current language. The shell and every page parcel (each its own React
 * root) wrap themselves in it; they share the one `$darkMode` store, so a switch repaints every mounted page at once.
 */
export function ParleyThemeProvider({ children }: { children: ReactNode }) {
  const dark = useDarkMode();
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, () => $prefersReducedMotion.get());
  const language = useLanguage();
  return (
    <ConfigProvider theme={parleyTheme(dark, reducedMotion)} locale={antdLocale(language)}>
      {children}
    </ConfigProvider>
  );
}
const subscribeReducedMotion = (onChange: () => void) => $prefersReducedMotion.listen(onChange);
