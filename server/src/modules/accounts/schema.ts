import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A business account: the owner and agents of one WhatsApp business work inside it. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  logo: text('logo'),
  /** New conversations are assigned in turn among the staff online (issue #21, assignment/round-robin.ts). */
  roundRobin: boolean('round_robin').notNull().default(false),
  /**
   * The staff member the rotation picked last: the next pick is the first online one after them. No foreign key:
   * a deleted member's id still marks the place in the order.
   */
  roundRobinLastUserId: uuid('round_robin_last_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AccountRow = typeof accounts.$inferSelect;

/** The first two columns of every table whose rows belong to one account: their id, and the account they go with. */
export const accountOwnedColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
});
