import { formatDateWith, type Message } from '@parley/shared';
import { t } from '../i18n';

const SAME_YEAR: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
const OTHER_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** The calendar day of a time in the reader's own time zone. */
function dayOf(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** A day separator's words: Today, Yesterday, else the date in the user's locale (with the year when not this year). */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (dayOf(date) === dayOf(now)) return t('chat.today');
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayOf(date) === dayOf(yesterday)) return t('chat.yesterday');
  return formatDateWith(date, date.getFullYear() === now.getFullYear() ? SAME_YEAR : OTHER_YEAR);
}

/** The label above `messages[index]` when it is the first message of its day (oldest first), else undefined. */
export function daySeparatorAt(messages: Message[], index: number, now: Date = new Date()): string | undefined {
  const current = new Date(messages[index].timestamp);
  if (Number.isNaN(current.getTime())) return undefined;
  const previous = index > 0 ? new Date(messages[index - 1].timestamp) : undefined;
  if (previous && dayOf(previous) === dayOf(current)) return undefined;
  return dayLabel(messages[index].timestamp, now);
}
