import dayjs, { type Dayjs } from 'dayjs';

/**
 * A `YYYY-MM-DD` day as the value of antd's date pickers, made by the one dayjs antd uses (the shell's build
 * provides antd and @parley/shared together): a remote's own copy of dayjs would not have the language's locale
 * (fetched by shared/src/i18n/antd-locale.ts), so its days would be named in English, and it would ship again.
 */
export const pickerDay = (day: string): Dayjs => dayjs(day, 'YYYY-MM-DD');
