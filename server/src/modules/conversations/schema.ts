import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema';
import { contacts } from '../contacts/schema';

export const CONVERSATION_STATUSES = ['active', 'closed', 'archived'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const MESSAGE_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Timestamps are kept to the millisecond: what JavaScript dates hold, so list cursors round-trip exactly. */
const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One conversation per contact of an account. The last-message columns are kept in step by every new message
 * (in the transaction that stores it), so the inbox list is one index scan, not an aggregate over messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('active'),
    /** Null until the first message: such conversations are not listed. */
    lastMessageAt: ms('last_message_at'),
    lastMessageIncoming: boolean('last_message_incoming'),
    /** When the customer last wrote (WhatsApp's time): opens the 24-hour window for free-form messages. */
    lastIncomingAt: ms('last_incoming_at'),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_account_contact_unique').on(table.accountId, table.contactId),
    // The inbox list: per account (and status), incoming-last first, newest first, id as the tie-breaker.
    index('conversations_list_by_status_idx')
      .on(table.accountId, table.status, table.lastMessageIncoming.desc(), table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.lastMessageAt} is not null`),
    index('conversations_list_idx')
      .on(table.accountId, table.lastMessageIncoming.desc(), table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.lastMessageAt} is not null`),
    index('conversations_account_created_idx').on(table.accountId, table.createdAt),
    index('conversations_contact_idx').on(table.contactId),
  ],
);

/** A customer's reaction on a message; `emoji: null` keeps a removal so an older "add" arriving late loses. */
export interface StoredReaction {
  from: string;
  emoji: string | null;
  /** WhatsApp's time of the reaction (ISO). */
  at: string;
}

/**
 * What a message says, by type. Incoming media: `mediaId` (WhatsApp's) until the file is downloaded, then the
 * message's `storageKey` is set; answers carry `url` (a signed link) instead.
 */
export interface StoredContent {
  text?: string;
  caption?: string;
  mimeType?: string;
  fileName?: string;
  size?: number;
  sha256?: string;
  voice?: boolean;
  animated?: boolean;
  /** Set when the file could not be fetched from WhatsApp for good. */
  mediaUnavailable?: boolean;
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  contacts?: unknown[];
  /**
   * Incoming: `{ type: 'button_reply'|'list_reply', id, title }` or `{ type: 'nfm_reply', answers, flowToken }`.
   * Outgoing forms: `{ type: 'flow', name, flowId, metaFlowId, header, body, footer, ctaText }`.
   */
  interactive?: Record<string, unknown>;
  button?: { payload: string; text: string };
  template?: { name: string; language: string };
  /** An asset sent from the library. */
  assetId?: string;
  unsupported?: { type?: string; errors?: unknown[] };
  forwarded?: boolean;
}

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    content: jsonb('content').$type<StoredContent>().notNull().default({}),
    replyToId: uuid('reply_to_id'),
    /** The quoted wamid as WhatsApp gave it (kept even when we do not have that message). */
    replyToWamid: text('reply_to_wamid'),
    /** WhatsApp's message id: incoming from the webhook, outgoing once the Graph API accepted the send. */
    wamid: text('wamid'),
    /** Outgoing only (null for incoming). */
    status: text('status', { enum: DELIVERY_STATUSES }),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    /** WhatsApp media id: of an incoming file, or of our upload once done (a re-run does not upload again). */
    mediaId: text('media_id'),
    /** Our copy of the file (Storage key). */
    storageKey: text('storage_key'),
    reactions: jsonb('reactions').$type<StoredReaction[]>().notNull().default([]),
    /** WhatsApp's timestamp of an incoming message. */
    sentAt: ms('sent_at'),
    /**
     * Outgoing: set just before the Graph send call. A send job that finds it set (and no wamid) cannot know
     * whether WhatsApp got the message, so it fails the message as ambiguous instead of sending it twice.
     */
    sendingAt: ms('sending_at'),
    // clock_timestamp(): each message of a webhook batch gets its own time, so they keep their order.
    createdAt: ms('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: ms('updated_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    uniqueIndex('messages_account_wamid_unique').on(table.accountId, table.wamid),
    index('messages_conversation_created_idx').on(table.conversationId, table.createdAt, table.id),
  ],
);

/**
 * A delivery status for a wamid we do not know yet: WhatsApp can report "sent" before our send job has stored
 * the wamid it got back. The job applies these when it stores the wamid; old ones are cleaned up.
 */
export const pendingStatuses = pgTable(
  'message_pending_statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    wamid: text('wamid').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    receivedAt: ms('received_at').notNull().defaultNow(),
  },
  (table) => [
    index('message_pending_statuses_wamid_idx').on(table.accountId, table.wamid),
    index('message_pending_statuses_received_idx').on(table.receivedAt),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
