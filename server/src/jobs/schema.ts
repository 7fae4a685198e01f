import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Durable background work (media downloads, Graph sends). Rows are the queue: any process may claim a due job
 * with `FOR UPDATE SKIP LOCKED` and holds it by a lease (`lockedUntil`); a process that dies mid-job simply lets
 * the lease run out and another one takes the job over. Jobs sharing a `groupKey` run one at a time, oldest first
 * (the messages of one conversation leave in the order they were written).
 */
export const jobs = pgTable(
  'jobs',
  {
    /** A sequence, so "older" is well defined across processes. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    groupKey: text('group_key'),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Claims so far (a claim that crashed counts too). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Set when the job is finished: done, or given up (then `failed` is true). */
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }),
    failed: boolean('failed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
    index('jobs_group_idx')
      .on(table.groupKey, table.id)
      .where(sql`${table.doneAt} is null and ${table.groupKey} is not null`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
