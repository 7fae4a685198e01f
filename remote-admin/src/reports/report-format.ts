/** Texts and files of the Reports page: durations, shares, the default range, CSV. */
import { formatNumber, RESPONSE_TIME_BUCKETS } from '@parley/shared';
import { texts } from '../i18n';

type ReportTexts = typeof texts.t;

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h" in the language shown; an em dash when nothing was measured. */
export function formatDuration(seconds: number | null, t: ReportTexts = texts.t): string {
  if (seconds === null) return '—';
  const n = (value: number) => formatNumber(value);
  const rounded = Math.round(seconds);
  if (rounded < 60) return t('reports.duration.seconds', { seconds: n(rounded) });
  const minutes = Math.round(rounded / 60);
  if (minutes < 60) return t('reports.duration.minutes', { minutes: n(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return minutes % 60
      ? t('reports.duration.hoursMinutes', { hours: n(hours), minutes: n(minutes % 60) })
      : t('reports.duration.hours', { hours: n(hours) });
  }
  const days = Math.floor(hours / 24);
  return hours % 24
    ? t('reports.duration.daysHours', { days: n(days), hours: n(hours % 24) })
    : t('reports.duration.days', { days: n(days) });
}

/** The names of RESPONSE_TIME_BUCKETS (the contract's), in its order. */
const BUCKET_TEXTS = [
  'reports.responseTimes.buckets.under1m',
  'reports.responseTimes.buckets.m1to5',
  'reports.responseTimes.buckets.m5to15',
  'reports.responseTimes.buckets.m15to60',
  'reports.responseTimes.buckets.h1to4',
  'reports.responseTimes.buckets.h4to24',
  'reports.responseTimes.buckets.over24h',
] as const;

/** A bucket of the answer's `responseTimeBuckets` named in the language shown (the answer's English name if new). */
export function bucketLabel(index: number, englishLabel: string, t: ReportTexts = texts.t): string {
  const key = BUCKET_TEXTS[index];
  return key && RESPONSE_TIME_BUCKETS[index]?.label === englishLabel ? t(key) : englishLabel;
}

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last 7 days, today included. */
export function lastSevenDays(now = new Date()): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
  return { from: localDay(from), to: localDay(now) };
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** RFC 4180: fields with commas, quotes or line breaks are quoted, quotes doubled. */
export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
