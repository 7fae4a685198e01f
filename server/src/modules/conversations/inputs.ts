/** Query and body schemas of the conversation routes (docs/api.md, Conversations). */
import { z } from 'zod';
import { badRequest } from '../../http/errors';
import { CONVERSATION_STATUSES } from './schema';

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max).optional(),
  );

const boundedInt = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : Number(value)),
    z.number().int().min(1).max(max),
  );

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

export const listQuery = z.object({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(CONVERSATION_STATUSES).optional()),
  q: optionalText(200),
  customer: optionalText(200),
  from: optionalText(40),
  to: optionalText(40),
  limit: boundedInt(200, 1000),
  cursor: optionalText(500),
});

/** from: inclusive; to: inclusive, a date-only `to` meaning the whole day. */
export function dateRange(from: string | undefined, to: string | undefined): { from?: Date; toExclusive?: Date } {
  const range: { from?: Date; toExclusive?: Date } = {};
  if (from) range.from = parseDay(from, 'From').start;
  if (to) {
    const parsed = parseDay(to, 'To');
    range.toExclusive = new Date(parsed.start.getTime() + (parsed.dateOnly ? DAY_MS : 1));
  }
  return range;
}

export const detailQuery = z.object({
  before: optionalText(64),
  limit: boundedInt(50, 200),
});

export const statusBody = z.object({ status: z.enum(CONVERSATION_STATUSES) });

const replyTo = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().trim().max(64).optional(),
);

/** WhatsApp: text bodies up to 4096 characters, captions up to 1024. */
export const MAX_TEXT_BODY = 4096;
export const MAX_CAPTION = 1024;

export const textBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(MAX_TEXT_BODY, `Text is too long (at most ${MAX_TEXT_BODY} characters)`),
  replyTo,
});

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? `${label} is required` : `${label} must be a number`,
      })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  );

export const locationBody = z.object({
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  name: z.string().trim().min(1, 'Name is required').max(1000),
  address: optionalText(1000),
  replyTo,
});

export const templateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(512)
    .regex(/^[a-z0-9_]+$/, 'Name must be a template name (lower-case letters, digits and _)'),
  language: z
    .string()
    .trim()
    .min(1, 'Language is required')
    .max(15)
    .regex(/^[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?$/, 'Language must be a language code such as en_US'),
  replyTo,
});

export const assetBody = z.object({
  id: z.string().trim().min(1, 'Id is required').max(64),
  caption: optionalText(MAX_CAPTION),
  replyTo,
});

export const flowBody = z.object({
  flowId: z.string().trim().min(1, 'Flow id is required').max(64),
  replyTo,
});
