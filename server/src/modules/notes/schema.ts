import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';
import { conversations } from '../conversations/schema';
import { users } from '../users/schema';

/**
 * A staff member's private note in a conversation (issue #21). Kept out of `messages` so that no message rule
 * (order, unread counts, last message, the 24-hour window, reactivation) ever counts one.
 */
export const conversationNotes = pgTable(
  'conversation_notes',
  {
    ...accountOwnedColumns(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // Staff are soft-deleted (users.deleted_at): their notes keep their name.
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    mentionedUserIds: uuid('mentioned_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversation_notes_conversation_idx').on(table.conversationId, table.createdAt)],
);

export type ConversationNoteRow = typeof conversationNotes.$inferSelect;
