import { formatDateWith, formatTime } from '@parley/shared';

const DATE_AND_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};
const WITH_YEAR: Intl.DateTimeFormatOptions = { ...DATE_AND_TIME, year: 'numeric' };

/**
 * A message or row time in the user's locale (its own 12- or 24-hour clock): just the time today, the day and time
 * this year, the full date before that. `locale` defaults to the user's (@parley/shared's format helpers).
 */
export function formatTimestamp(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return formatTime(date, locale);
  return formatDateWith(date, date.getFullYear() === now.getFullYear() ? DATE_AND_TIME : WITH_YEAR, locale);
}
