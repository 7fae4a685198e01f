import { $formatLocale } from './language';

/*
 * Dates, times, numbers and sizes in the user's locale ($formatLocale), through Intl. The clock (12 or 24 hours)
 * is the locale's: never forced. Each takes an optional locale (tests, or a component that re-renders on
 * useFormatLocale()); formatters are made once per locale and options.
 */

type DateInput = Date | string | number;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const id = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(id) as F | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(id, formatter);
  }
  return formatter;
}

const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));
const valid = (date: Date) => !Number.isNaN(date.getTime());

/** Any Intl date/time format in the user's locale; '' for an invalid date. */
export function formatDateWith(
  value: DateInput,
  options: Intl.DateTimeFormatOptions,
  locale = $formatLocale.get(),
): string {
  const date = toDate(value);
  return valid(date) ? dateTimeFormat(locale, options).format(date) : '';
}

/** "Mar 5, 2026" / "5 de mar. de 2026" / "5 mar 2026". */
export const formatDate = (value: DateInput, locale?: string): string =>
  formatDateWith(value, { day: 'numeric', month: 'short', year: 'numeric' }, locale);

/** "02:05 PM" in en-US, "14:05" in pt-BR and es: hours and minutes, the locale's clock. */
export const formatTime = (value: DateInput, locale?: string): string =>
  formatDateWith(value, { hour: '2-digit', minute: '2-digit' }, locale);

/** "Mar 5, 2026, 02:05 PM" / "5 de mar. de 2026, 14:05". */
export const formatDateTime = (value: DateInput, locale?: string): string =>
  formatDateWith(
    value,
    { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    locale,
  );

/** "1,234.5" / "1.234,5". */
export const formatNumber = (value: number, options: Intl.NumberFormatOptions = {}, locale = $formatLocale.get()) =>
  numberFormat(locale, options).format(value);

/** "42%" / "42 %" from a share between 0 and 1. */
export const formatPercent = (share: number, locale = $formatLocale.get()): string =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "512 byte", "1.5 kB", "15 MB" (binary multiples, as upload limits count them), in the locale's words. */
export function formatFileSize(bytes: number, locale = $formatLocale.get()): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "in 2 days", "yesterday" / "há 5 minutos", "ontem" / "hace 5 minutos", "ayer". */
export function formatRelativeTime(value: DateInput, now: Date = new Date(), locale = $formatLocale.get()): string {
  const date = toDate(value);
  if (!valid(date)) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(Math.round(amount)) < size) {
      const format = cached(
        'relative',
        locale,
        { numeric: 'auto' },
        () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      );
      return format.format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return '';
}
