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
  days: Array<{ day: string; started: unknown; incoming: unknown; outgoing: unknown }> | null;
}

/**
 * The report's one statement (also run as is by the bench, bench/figures/p3-api.mjs, as its baseline).
 *
 * How it stays fast at scale (docs/api.md, Reports): every pass over the range reads an index only, never the
 * messages table (the covering indexes in conversations/schema.ts); a conversation's closes from the range's start on
 * are one sorted array, so which open period a message belongs to is `width_bucket` (the number of closes at or
 * before it) instead of a window sorted over every event; and the two look-ups left per period (a customer
 * message still open before the range, the first reply) are index-only probes.
 */
export function reportStatement(accountId: string, range: ReportRange): SQL {
  const { from, to, timeZone } = range;
  const closing = sql`('closed', 'archived')`;
  const happenedAt = sql`coalesce(m.sent_at, m.created_at)`;
  // The account's messages in the range; a failed send reached nobody: not a message sent.
  const inRange = sql`m.account_id = ${accountId} and ${happenedAt} >= b.start_at and ${happenedAt} < b.end_at
          and m.status is distinct from 'failed'`;
  const bucketCase = sql.join(
    RESPONSE_TIME_BUCKETS.map((bucket, index) =>
      bucket.upToSeconds === null ? sql`else ${index}` : sql`when response_s < ${bucket.upToSeconds} then ${index}`,
    ),
    sql` `,
  );
  return sql`
      with bounds as (
        select (${from}::date::timestamp at time zone ${timeZone}) as start_at,
               ((${to}::date + 1)::timestamp at time zone ${timeZone}) as end_at
      ),
      -- Each conversation's closes from the range's start on, in order: the closes of the range split its events
      -- into segments, and the first close after a start is that period's resolution.
      closes as (
        select c.conversation_id, array_agg(c.changed_at order by c.changed_at) as at
        from conversation_status_changes c, bounds b
        where c.account_id = ${accountId} and c.status in ${closing} and c.changed_at >= b.start_at
        group by c.conversation_id
      ),
      -- A segment's first customer message: after a close a period starts with it (at the same instant, the close
      -- comes first); in segment 0, the range's first events, only when no earlier customer message is open.
      firsts as (
        select m.conversation_id, coalesce(width_bucket(${happenedAt}, c.at), 0) as segment,
               min(${happenedAt}) as happened_at
        from bounds b, messages m left join closes c on c.conversation_id = m.conversation_id
        where ${inRange} and m.direction = 'incoming'
        group by 1, 2
      ),
      starts as (
        select f.conversation_id, f.happened_at, c.at[f.segment + 1] as closed_at
        from bounds b, firsts f left join closes c on c.conversation_id = f.conversation_id
        where f.segment > 0 or not exists (
          -- The last customer message before the range is still open when no close came after it.
          select 1 from (
            select coalesce(p.sent_at, p.created_at) as happened_at from messages p
            where p.conversation_id = f.conversation_id and p.direction = 'incoming'
              and coalesce(p.sent_at, p.created_at) < b.start_at
            order by coalesce(p.sent_at, p.created_at) desc
            limit 1
          ) last
          where not exists (
            select 1 from conversation_status_changes c
            where c.conversation_id = f.conversation_id and c.status in ${closing}
              and c.changed_at > last.happened_at and c.changed_at < b.start_at
          )
        )
      ),
      measured as (
        select s.happened_at as started_at, r.sent_by_user_id, r.sent_from, r.replied_at,
               extract(epoch from (r.replied_at - s.happened_at))::float8 as response_s,
               extract(epoch from (s.closed_at - s.happened_at))::float8 as resolution_s
        from starts s
        left join lateral (
          select ${happenedAt} as replied_at, m.sent_by_user_id, m.sent_from
          from messages m
          where m.conversation_id = s.conversation_id and m.direction = 'outgoing'
            and m.status is distinct from 'failed'
            and ${happenedAt} >= s.happened_at
            and (s.closed_at is null or ${happenedAt} <= s.closed_at)
          order by ${happenedAt}, m.created_at, m.id
          limit 1
        ) r on true
      )
      select
        (select json_build_object(
          'started', count(*),
          'responded', count(replied_at),
          'median', percentile_cont(0.5) within group (order by response_s),
          'p90', percentile_cont(0.9) within group (order by response_s),
          'within5', count(*) filter (where response_s <= 300),
          'within60', count(*) filter (where response_s <= 3600),
          'resolved', count(resolution_s),
          'resolutionMedian', percentile_cont(0.5) within group (order by resolution_s),
          'resolutionP90', percentile_cont(0.9) within group (order by resolution_s)
        ) from measured) as overall,
        (select json_agg(a) from (
          select case when sent_from = 'phone_app' then 'phone_app' else coalesce(sent_by_user_id::text, '') end as key,
                 min(u.full_name) as name,
                 count(*) as responses,
                 percentile_cont(0.5) within group (order by response_s) as median,
                 count(*) filter (where response_s <= 300) as within5
          from measured left join users u on u.id = measured.sent_by_user_id
          where replied_at is not null
          group by 1
        ) a) as agents,
        (select json_agg(b) from (
          select case ${bucketCase} end as bucket, count(*) as count
          from measured where replied_at is not null group by 1
        ) b) as buckets,
        (select json_agg(d) from (
          select to_char(day, 'YYYY-MM-DD') as day, sum(started) as started, sum(incoming) as incoming,
                 sum(outgoing) as outgoing
          from (
            select (${happenedAt} at time zone ${timeZone})::date as day, 0 as started,
                   count(*) filter (where m.direction = 'incoming') as incoming,
                   count(*) filter (where m.direction = 'outgoing') as outgoing
            from bounds b, messages m where ${inRange}
            group by 1
            union all
            select (started_at at time zone ${timeZone})::date, 1, 0, 0 from measured
          ) volume group by 1
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
  const byDay = new Map((row.days ?? []).map((entry) => [entry.day, entry]));
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
