// Texts and formats in the user's language (README "Languages", docs/decisions/0006-languages.md).
export * from './language';
export * from './catalogue';
export * from './use-texts';
export * from './format';
export { antdLocale, DAYJS_LOCALES } from './antd-locale';
export { Trans } from 'react-i18next';
