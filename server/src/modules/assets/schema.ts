import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';

/** The account's asset library: files an owner uploads once and agents send from the composer. */
export const assets = pgTable(
  'assets',
  {
    ...accountOwnedColumns(),
    name: text('name').notNull(),
    description: text('description'),
    /** Detected from the file's bytes on upload, never taken from the client. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** The uploaded file's name, cleaned; used for downloads. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    /** Unguessable part of the file's address (see file-urls.ts). */
    fileToken: text('file_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set = soft-deleted: still listed (to restore) but not offered in the composer. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('assets_account_created_idx').on(table.accountId, table.createdAt),
    uniqueIndex('assets_file_token_unique').on(table.fileToken),
  ],
);

export type AssetRow = typeof assets.$inferSelect;
