import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A business account: the owner and agents of one WhatsApp business work inside it. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  logo: text('logo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AccountRow = typeof accounts.$inferSelect;
