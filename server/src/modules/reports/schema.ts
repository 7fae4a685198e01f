/**
 * Report facts, kept by database triggers as messages and status changes are written (the migration that
 * creates these tables holds the triggers; docs/api.md, Reports, says how): a report reads about one row per
 * open period and one per conversation and quarter hour instead of every message.
 */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from '../conversations/schema';
import { users } from '../users/schema';

const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** One row per open period of a conversation (service.ts defines them), written whole by the triggers. */
export const reportPeriods = pgTable(
  'report_periods',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    /** The period's first customer message (timeline time). */
    startedAt: ms('started_at').notNull(),
    /** The first close or archive after it. */
    closedAt: ms('closed_at'),
    /** The first outgoing message (not failed) from the start to the close, and who sent it. */
    firstReplyAt: ms('first_reply_at'),
    firstReplyUserId: uuid('first_reply_user_id').references(() => users.id, { onDelete: 'set null' }),
    firstReplyFrom: text('first_reply_from', { enum: ['phone_app'] }),
    responseSeconds: doublePrecision('response_seconds').generatedAlwaysAs(
      sql`extract(epoch from (first_reply_at - started_at))::float8`,
    ),
    resolutionSeconds: doublePrecision('resolution_seconds').generatedAlwaysAs(
      sql`extract(epoch from (closed_at - started_at))::float8`,
    ),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.startedAt] }),
    // A report's periods by the day they started. Its migration also stores the columns a report reads in it
    // (INCLUDE, which Drizzle cannot declare), so a report reads this index only.
    index('report_periods_account_idx').on(table.accountId, table.startedAt),
  ],
);

/**
 * Messages (not failed) per conversation and UTC quarter hour. Every time zone's midnight falls on a quarter
 * hour (India's +05:30 and Nepal's +05:45 too), so whole quarters add up to exact days; a conversation's row,
 * not the account's, so that two transactions storing messages of different conversations never wait for
 * each other.
 */
export const reportMessageCounts = pgTable(
  'report_message_counts',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    quarterAt: ms('quarter_at').notNull(),
    accountId: uuid('account_id').notNull(),
    incoming: integer('incoming').notNull().default(0),
    outgoing: integer('outgoing').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.quarterAt] }),
    // Its migration stores incoming and outgoing in it too (INCLUDE): a report reads this index only.
    index('report_message_counts_account_idx').on(table.accountId, table.quarterAt),
  ],
);
