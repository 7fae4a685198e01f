import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';
import { conversations } from '../conversations/schema';

/**
 * An owner's label (issue #21): a name, unique per account whatever its case, and a colour (an antd preset name or
 * `#rrggbb`, contract rules/labels.ts). Staff put labels on conversations (conversation_labels).
 */
export const labels = pgTable(
  'labels',
  {
    ...accountOwnedColumns(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('labels_account_name_unique').on(table.accountId, sql`lower(${table.name})`)],
);

/** A label on a conversation; deleting either removes it. The label index answers the list's `?label=` filter. */
export const conversationLabels = pgTable(
  'conversation_labels',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.labelId] }),
    index('conversation_labels_label_idx').on(table.labelId, table.conversationId),
  ],
);

export type LabelRow = typeof labels.$inferSelect;
