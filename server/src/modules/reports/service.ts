/**
 * Reports over messages and conversation status changes, one SQL statement on PostgreSQL and PGlite alike.
 *
 * Open period: starts with a customer's message when the conversation had no customer message before, or when a
 * close (or archive) came after its last customer message. Its first response is the first outgoing message after
 * that start and before the next close (a failed send reached nobody, so it does not count); its resolution is that
 * next close. Message times are the timeline's: coalesce(sent_at, created_at) (WhatsApp's time for incoming and
 * phone-app messages, ours for Parley's sends). Periods belong to the day their first customer message falls on.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MAX_REPORT_DAYS, RESPONSE_TIME_BUCKETS, type ReportAnswer, type ReportQuery } from '@parley/contract';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';

const DAY_MS = 86_400_000;

/** A real calendar day (2026-02-30 is not), as milliseconds at UTC midnight. */
function parseDay(value: string, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw badRequest(`${name} must be a date written YYYY-MM-DD`);
  }
  return time;
}

function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw badRequest('Time zone must be an IANA time zone such as Europe/Berlin');
  }
}

/** The days a report covers by default: the last 7, today included. */
export const DEFAULT_REPORT_DAYS = 7;

/** Today's date in a time zone, YYYY-MM-DD (the en-CA format writes it that way). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

export interface ReportRange {
  from: string;
  to: string;
  timeZone: string;
  /** Every day of the range, in order. */
  days: string[];
}

/** The range asked for, defaults filled in and checked. */
export function reportRange(query: ReportQuery): ReportRange {
  const timeZone = query.timeZone || 'UTC';
  checkTimeZone(timeZone);
  const to = parseDay(query.to || todayIn(timeZone), 'To');
  const from = query.from ? parseDay(query.from, 'From') : to - (DEFAULT_REPORT_DAYS - 1) * DAY_MS;
  if (to < from) throw badRequest('To must not be before From');
  const count = (to - from) / DAY_MS + 1;
  if (count > MAX_REPORT_DAYS) throw badRequest(`A report covers at most ${MAX_REPORT_DAYS} days`);
  const days = Array.from({ length: count }, (_, index) => new Date(from + index * DAY_MS).toISOString().slice(0, 10));
  return { from: days[0], to: days[days.length - 1], timeZone, days };
}

const number = (value: unknown): number => Number(value ?? 0);
const nullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

interface ReportRow {
  overall: Record<string, unknown>;
  agents: Array<Record<string, unknown>> | null;
  buckets: Array<{ bucket: number; count: unknown }> | null;
  /** `day`: the day's number in the range, from 1. */
  days: Array<{ day: number; started: unknown; incoming: unknown; outgoing: unknown }> | null;
}

/**
 * The report's one statement (also run as is by the bench, bench/figures/p3-api.mjs, as its baseline).
 *
 * It reads facts the database keeps as messages and status changes are written (reports/schema.ts; the triggers
 * are in their migration, docs/api.md#reports-owner says how): one row per open period started in the range, and
 * the messages counted per conversation and UTC quarter hour, each from an index that holds what it reads. A
 * time's day is its place among the range's local midnights (`width_bucket`), not a time zone conversion per row.
 * Quarter hours add up to whole days when every midnight of the range falls on one, as in every time zone since
 * 1980; otherwise (Monrovia before 1972, Kiritimati before 1979) the messages are counted themselves.
 */
export function reportStatement(accountId: string, range: ReportRange): SQL {
  const { from, to, timeZone } = range;
  const bucketCase = sql.join(
    RESPONSE_TIME_BUCKETS.map((bucket, index) =>
      bucket.upToSeconds === null
        ? sql`else ${index}`
        : sql`when response_seconds < ${bucket.upToSeconds} then ${index}`,
    ),
    sql` `,
  );
  const happenedAt = sql`coalesce(m.sent_at, m.created_at)`;
  return sql`
      with bounds as (
        select days, days[1] as start_at, days[array_upper(days, 1)] as end_at,
               (select bool_and(extract(epoch from day) % 900 = 0) from unnest(days) day) as in_quarters
        from (
          select array_agg(day at time zone ${timeZone} order by day) as days
          from generate_series(${from}::timestamp, ${to}::timestamp + interval '1 day', interval '1 day') day
        ) midnights
      ),
      periods as (
        select width_bucket(p.started_at, b.days) as day, p.first_reply_at, p.first_reply_user_id,
               p.first_reply_from, p.response_seconds, p.resolution_seconds
        from bounds b, report_periods p
        where p.account_id = ${accountId} and p.started_at >= b.start_at and p.started_at < b.end_at
      ),
      volume as (
        select width_bucket(q.quarter_at, b.days) as day, sum(q.incoming) as incoming, sum(q.outgoing) as outgoing
        from bounds b, report_message_counts q
        where (select in_quarters from bounds)
          and q.account_id = ${accountId} and q.quarter_at >= b.start_at and q.quarter_at < b.end_at
        group by 1
        union all
        select width_bucket(${happenedAt}, b.days),
               count(*) filter (where m.direction = 'incoming'), count(*) filter (where m.direction = 'outgoing')
        from bounds b, messages m
        where not (select in_quarters from bounds)
          and m.account_id = ${accountId} and ${happenedAt} >= b.start_at and ${happenedAt} < b.end_at
          and m.status is distinct from 'failed'
        group by 1
      )
      select
        (select json_build_object(
          'started', count(*),
          'responded', count(first_reply_at),
          'median', percentile_cont(0.5) within group (order by response_seconds),
          'p90', percentile_cont(0.9) within group (order by response_seconds),
          'within5', count(*) filter (where response_seconds <= 300),
          'within60', count(*) filter (where response_seconds <= 3600),
          'resolved', count(resolution_seconds),
          'resolutionMedian', percentile_cont(0.5) within group (order by resolution_seconds),
          'resolutionP90', percentile_cont(0.9) within group (order by resolution_seconds)
        ) from periods) as overall,
        (select json_agg(a) from (
          select case when phone_app then 'phone_app' else coalesce(user_id::text, '') end as key,
                 u.full_name as name, responses, median, within5
          from (
            select first_reply_from is not distinct from 'phone_app' as phone_app,
                   case when first_reply_from = 'phone_app' then null else first_reply_user_id end as user_id,
                   count(*) as responses,
                   percentile_cont(0.5) within group (order by response_seconds) as median,
                   count(*) filter (where response_seconds <= 300) as within5
            from periods where first_reply_at is not null
            group by 1, 2
          ) per_sender left join users u on u.id = per_sender.user_id
        ) a) as agents,
        (select json_agg(b) from (
          select case ${bucketCase} end as bucket, count(*) as count
          from periods where first_reply_at is not null group by 1
        ) b) as buckets,
        (select json_agg(d) from (
          select day, sum(started) as started, sum(incoming) as incoming, sum(outgoing) as outgoing
          from (
            select day, 0 as started, incoming, outgoing from volume
            union all
            select day, count(*), 0, 0 from periods group by 1
          ) per_day group by 1
        ) d) as days
    `;
}

export async function buildReport(db: Db, accountId: string, query: ReportQuery): Promise<ReportAnswer> {
  const range = reportRange(query);
  let result;
  try {
    result = await db.transaction(async (tx) => {
      // The plan's estimate is far above PostgreSQL's jit_above_cost, and compiling it would take longer than the
      // statement takes to run (seconds against milliseconds, measured with bench P3's data).
      await tx.execute(sql`set local jit = off`);
      return tx.execute(reportStatement(accountId, range));
    });
  } catch (error) {
    // Intl and the database's zone list can differ; a zone the database does not know is the client's mistake.
    if (/time zone/i.test(String((error as Error).message))) {
      throw badRequest('Time zone must be an IANA time zone such as Europe/Berlin');
    }
    throw error;
  }
  const row = (result as unknown as { rows: ReportRow[] }).rows[0];
  return toAnswer(range, row);
}

const share = (part: unknown, whole: number): number | null => (whole > 0 ? number(part) / whole : null);

function toAnswer(range: ReportRange, row: ReportRow): ReportAnswer {
  const overall = row.overall;
  const responded = number(overall.responded);
  const byDay = new Map((row.days ?? []).map((entry) => [range.days[number(entry.day) - 1], entry]));
  const byBucket = new Map((row.buckets ?? []).map((entry) => [number(entry.bucket), number(entry.count)]));
  const agents = (row.agents ?? [])
    .map((agent) => {
      const key = String(agent.key);
      const firstResponses = number(agent.responses);
      return {
        key: key === '' ? 'unknown' : key,
        name: key === 'phone_app' ? 'Phone app' : agent.name ? String(agent.name) : 'Unknown',
        firstResponses,
        medianSeconds: nullableNumber(agent.median),
        within5Minutes: share(agent.within5, firstResponses),
      };
    })
    .sort((a, b) => b.firstResponses - a.firstResponses || a.name.localeCompare(b.name));
  const perDay = range.days.map((day) => {
    const entry = byDay.get(day);
    return {
      day,
      conversationsStarted: number(entry?.started),
      incoming: number(entry?.incoming),
      outgoing: number(entry?.outgoing),
    };
  });
  const sum = (pick: (entry: (typeof perDay)[number]) => number) => perDay.reduce((total, e) => total + pick(e), 0);
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    totals: {
      conversationsStarted: number(overall.started),
      incoming: sum((e) => e.incoming),
      outgoing: sum((e) => e.outgoing),
      unanswered: number(overall.started) - responded,
    },
    firstResponse: {
      responded,
      medianSeconds: nullableNumber(overall.median),
      p90Seconds: nullableNumber(overall.p90),
      within5Minutes: share(overall.within5, responded),
      within1Hour: share(overall.within60, responded),
    },
    resolution: {
      resolved: number(overall.resolved),
      medianSeconds: nullableNumber(overall.resolutionMedian),
      p90Seconds: nullableNumber(overall.resolutionP90),
    },
    days: perDay,
    responseTimeBuckets: RESPONSE_TIME_BUCKETS.map((bucket, index) => ({
      label: bucket.label,
      count: byBucket.get(index) ?? 0,
    })),
    agents,
  };
}
