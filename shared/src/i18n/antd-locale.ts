import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import ptBR from 'antd/locale/pt_BR';
import type { Language } from '../contract';

/**
 * antd's own texts (OK/Cancel, empty tables, pagination, date pickers) in the language shown. English is given
 * too, not left undefined: ConfigProvider wraps its children in a locale provider only when it has a locale, so
 * switching between none and one would remount every page (losing its state and its toasts).
 */
export const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = {
  en: enUS,
  'pt-BR': ptBR,
  es: esES,
};
