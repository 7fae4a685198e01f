import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';

/**
 * Form templates: the account's WhatsApp Flows, synced from its WABA through the Graph API (metaFlowId, name,
 * status, categories) and Meta's preview link (a web page), plus what we add ourselves: a description and the
 * texts of the interactive message that carries the flow (header, body, footer, button text). The preview_key,
 * preview_token and preview_content_type columns held preview images from before Meta's link was known to be a
 * page; they are no longer used.
 */
export const flows = pgTable(
  'flows',
  {
    ...accountOwnedColumns(),
    metaFlowId: text('meta_flow_id').notNull(),
    name: text('name').notNull(),
    /** Meta's status: DRAFT, PUBLISHED, DEPRECATED, BLOCKED, THROTTLED. Only PUBLISHED ones can be sent. */
    status: text('status').notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    description: text('description'),
    header: text('header'),
    body: text('body'),
    footer: text('footer'),
    ctaText: text('cta_text'),
    isCustomizable: boolean('is_customizable').notNull().default(true),
    previewKey: text('preview_key'),
    previewContentType: text('preview_content_type'),
    /** Unguessable part of the preview image's address (same scheme as asset files). */
    previewToken: text('preview_token'),
    /** Last attempt to fetch the preview image, so a flow without one is not retried on every list. */
    previewCheckedAt: timestamp('preview_checked_at', { withTimezone: true }),
    /** Meta's preview of the flow: a web page (not an image), whose link expires; renewed on sync. */
    previewUrl: text('preview_url'),
    previewExpiresAt: timestamp('preview_expires_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the WABA no longer has the flow: hidden from the list, kept for messages that used it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('flows_account_meta_flow_unique').on(table.accountId, table.metaFlowId),
    uniqueIndex('flows_preview_token_unique').on(table.previewToken),
  ],
);

export type FlowRow = typeof flows.$inferSelect;
