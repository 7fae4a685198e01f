/**
 * GET /api/reports?from&to&timeZone (owner): an account's volume and response times over whole days of a time zone.
 * An "open period" starts with a customer's first message in a new conversation or after a close (or archive); its
 * first response is the first outgoing message after that, its resolution the close that ends it.
 */
import { z } from 'zod';

/** The longest range a report covers (a year, leap day included). */
export const MAX_REPORT_DAYS = 366;

const day = z.string().meta({ description: 'A calendar day, YYYY-MM-DD', example: '2026-11-01' });

/** Missing dates: the last 7 days up to today in the time zone; missing time zone: UTC. */
export const reportQuery = z.object({
  from: day.optional(),
  /** Inclusive: the report covers from's first moment to the end of this day. */
  to: day.optional(),
  timeZone: z
    .string()
    .optional()
    .meta({ description: 'IANA time zone the days are counted in (default UTC)', example: 'Europe/Berlin' }),
});

/** Seconds, or null when nothing was measured. */
const seconds = z.number().nullable();

export const responseTimes = z.object({
  /** Open periods that got a first response. */
  responded: z.number().int(),
  medianSeconds: seconds,
  p90Seconds: seconds,
  /** Share (0–1) of responded periods answered within 5 minutes / 1 hour; null when none responded. */
  within5Minutes: z.number().nullable(),
  within1Hour: z.number().nullable(),
});

export const reportDay = z.object({
  day: z.string(),
  conversationsStarted: z.number().int(),
  incoming: z.number().int(),
  outgoing: z.number().int(),
});

export const reportAgent = z.object({
  /** A staff member's id, or 'phone_app' for replies sent from the WhatsApp Business app. */
  key: z.string(),
  name: z.string(),
  firstResponses: z.number().int(),
  medianSeconds: seconds,
  within5Minutes: z.number().nullable(),
});

export const reportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totals: z.object({
    conversationsStarted: z.number().int(),
    incoming: z.number().int(),
    outgoing: z.number().int(),
    /** Open periods started in the range and still without a response. */
    unanswered: z.number().int(),
  }),
  firstResponse: responseTimes,
  resolution: z.object({
    resolved: z.number().int(),
    medianSeconds: seconds,
    p90Seconds: seconds,
  }),
  /** Every day of the range, in order (zeros included). */
  days: z.array(reportDay),
  /** Counts of first responses per RESPONSE_TIME_BUCKETS entry, in that order. */
  responseTimeBuckets: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** Who sent the first response, most first responses first. */
  agents: z.array(reportAgent),
});

export type ReportQuery = z.infer<typeof reportQuery>;
export type ReportAnswer = z.infer<typeof reportAnswer>;
export type ReportDay = z.infer<typeof reportDay>;
export type ReportAgent = z.infer<typeof reportAgent>;
