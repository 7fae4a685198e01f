import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import type { Language } from '../contract';
import { $shownLanguage, onLanguageLoad } from './catalogue';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/**
 * antd's own texts (OK/Cancel, empty tables, pagination, date pickers) in the language shown. English is bundled
 * and given too, not left undefined: ConfigProvider wraps its children in a locale provider only when it has a
 * locale, so switching between none and one would remount every page (losing its state and its toasts). The others
 * are fetched when their language is first wanted, before it is shown (catalogue.ts, `languageReady`).
 */
const antdLocales: Partial<Record<Language, AntdLocale>> = { en: enUS };

/** antd's locale for a language shown: always there for `useLanguage()`'s (it is shown once loaded). */
export const antdLocale = (language: Language): AntdLocale => antdLocales[language] ?? enUS;

onLanguageLoad(
  'antd',
  { 'pt-BR': () => import('antd/locale/pt_BR'), es: () => import('antd/locale/es_ES') },
  (language, loaded: { default: AntdLocale }) => {
    antdLocales[language] = loaded.default;
  },
);

/**
 * dayjs's month and day names, which antd's date pickers show (the Reports page's range): its locale of the
 * language shown, set as dayjs's default too. Importing a locale file registers it with dayjs (the copy antd uses:
 * one module in the build that provides antd and @parley/shared).
 */
export const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'pt-BR': 'pt-br', es: 'es' };

onLanguageLoad('dayjs', { 'pt-BR': () => import('dayjs/locale/pt-br'), es: () => import('dayjs/locale/es') }, () => {});
$shownLanguage.subscribe((language) => dayjs.locale(DAYJS_LOCALES[language]));
