/** The date filters of the conversation list (its query schema is the contract's conversationListQuery). */
import { badRequest } from '../../http/errors';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Years 1 to 9999: JavaScript dates reach further, and past the edges a day added, or PostgreSQL, fails. */
export const isCalendarDate = (date: Date) => {
  const time = date.getTime();
  return !Number.isNaN(time) && date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;
};

/** 'YYYY-MM-DD' (a whole UTC day) or a full ISO date-time. */
function parseDay(value: string, label: string): { start: Date; dateOnly: boolean } {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (!isCalendarDate(date)) throw badRequest(`${label} must be a date (YYYY-MM-DD or an ISO date-time)`);
  return { start: date, dateOnly: DATE_ONLY.test(value) };
}

/** from: inclusive; to: inclusive, a date-only `to` meaning the whole day. */
export function dateRange(from: string | undefined, to: string | undefined): { from?: Date; toExclusive?: Date } {
  const range: { from?: Date; toExclusive?: Date } = {};
  if (from) range.from = parseDay(from, 'From').start;
  if (to) {
    const parsed = parseDay(to, 'To');
    const end = new Date(parsed.start.getTime() + (parsed.dateOnly ? DAY_MS : 1));
    // The end of the last calendar day is past the calendar: "up to then" is no upper bound at all.
    if (isCalendarDate(end)) range.toExclusive = end;
  }
  return range;
}
