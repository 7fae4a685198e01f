import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';

/**
 * An owner's canned reply (issue #21): staff insert it in the composer by typing `/shortcut`. The shortcut is
 * stored lowercase without its '/', one per account; the text keeps its `{{contact.name}}`-style placeholders,
 * filled in the browser when inserted.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    ...accountOwnedColumns(),
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('saved_replies_account_shortcut_unique').on(table.accountId, table.shortcut)],
);

export type SavedReplyRow = typeof savedReplies.$inferSelect;
