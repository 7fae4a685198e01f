import { CONVERSATION_STATUSES, DELIVERY_STATUSES, MESSAGE_DIRECTIONS, type ReferralContent } from '@parley/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountOwnedColumns } from '../accounts/schema';
import { contacts } from '../contacts/schema';
import { users } from '../users/schema';

// The closed sets of values are the contract's: the columns hold exactly what the API names.
export { CONVERSATION_STATUSES, DELIVERY_STATUSES, MESSAGE_DIRECTIONS };
export type { ConversationStatus, DeliveryStatus, MessageDirection } from '@parley/contract';

/** Timestamps are kept to the millisecond: what JavaScript dates hold, so list cursors round-trip exactly. */
const ms = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One conversation per contact of an account. The last-message columns are kept in step by every new message
 * (in the transaction that stores it), so the inbox list is one index scan, not an aggregate over messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    ...accountOwnedColumns(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('active'),
    /** Null until the first message: such conversations are not listed. */
    lastMessageAt: ms('last_message_at'),
    lastMessageIncoming: boolean('last_message_incoming'),
    /** When the customer last wrote (WhatsApp's time): opens the 24-hour window for free-form messages. */
    lastIncomingAt: ms('last_incoming_at'),
    /** When the customer wrote while the conversation was archived (the list's badge); cleared by a status change. */
    archivedReplyAt: ms('archived_reply_at'),
    /** The staff member it is assigned to (issue #21), or null: unassigned. */
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Incoming messages stored in it, and the stored time of the first: kept in step like the last-message
     * columns, so a staff member's unread count is a subtraction, not a count over messages (unread.ts).
     */
    incomingCount: integer('incoming_count').notNull().default(0),
    firstIncomingAt: ms('first_incoming_at'),
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
    // Conversations older than a staff member (their unread total counts those by time: unread.ts).
    index('conversations_account_first_incoming_idx').on(table.accountId, table.firstIncomingAt),
    index('conversations_contact_idx').on(table.contactId),
    index('conversations_account_assignee_idx').on(table.accountId, table.assignedUserId),
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
  /** `components`: Meta's parameters built from the variables staff filled in (template-parameters.ts). */
  template?: { name: string; language: string; components?: unknown[] };
  /** An asset sent from the library. */
  assetId?: string;
  unsupported?: { type?: string; errors?: unknown[] };
  forwarded?: boolean;
  /** A customer's order from the catalog. */
  order?: {
    catalogId: string;
    text?: string;
    items: Array<{ productRetailerId: string; quantity: number; itemPrice: number; currency: string }>;
  };
  /** A change WhatsApp reports (e.g. 'user_changed_number': the customer moved to newWaId). */
  system?: { type: string; body: string; newWaId?: string };
  /** The click-to-WhatsApp ad an incoming message came from. */
  referral?: ReferralContent;
}

/**
 * What search in messages reads: the text body and a media caption (notes live elsewhere). The same expression
 * as the trigram index's, which ILIKE on it uses; immutable parts only (`||`, not concat_ws).
 */
export const messageSearchText = sql.raw(
  `(coalesce(content->>'text', '') || ' ' || coalesce(content->>'caption', ''))`,
);

export const messages = pgTable(
  'messages',
  {
    ...accountOwnedColumns(),
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
    /** Meta's error_data.details of a failed status. */
    errorDetails: text('error_details'),
    /** Outgoing messages the business sent outside Parley: 'phone_app' (WhatsApp Business app echo, history). */
    sentFrom: text('sent_from', { enum: ['phone_app'] }),
    /** Outgoing sent from Parley: the staff member who sent it (reports credit the first reply to them). */
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** WhatsApp media id: of an incoming file, or of our upload once done (a re-run does not upload again). */
    mediaId: text('media_id'),
    /** Our copy of the file (Storage key). */
    storageKey: text('storage_key'),
    reactions: jsonb('reactions').$type<StoredReaction[]>().notNull().default([]),
    /**
     * WhatsApp's timestamp of an incoming message (never in the future), or of a business message sent from the
     * phone app; null for our own sends (their time is createdAt). Messages are ordered by
     * (coalesce(sentAt, createdAt), createdAt, id).
     */
    sentAt: ms('sent_at'),
    /**
     * Outgoing: set just before the Graph send call. A send job that finds it set (and no wamid) cannot know
     * whether WhatsApp got the message, so it fails the message as ambiguous instead of sending it twice.
     */
    sendingAt: ms('sending_at'),
    /** Incoming: when a staff member viewing the conversation had it marked read on WhatsApp (once per message). */
    readReceiptAt: ms('read_receipt_at'),
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
    // A conversation's timeline. Its migration also stores sent_at, direction, status, sent_by_user_id and
    // sent_from in it (INCLUDE, which Drizzle cannot declare): the report facts' look-ups per open period read the
    // index only (the report_periods triggers, docs/api.md#reports-owner).
    index('messages_conversation_timeline_covering_idx').on(
      table.conversationId,
      sql`coalesce(${table.sentAt}, ${table.createdAt})`,
      table.createdAt,
      table.id,
    ),
    // Search in messages: ILIKE '%word%' on the text and caption, answered by trigrams (pg_trgm; issue #21).
    index('messages_search_text_trgm_idx').using('gin', sql`${messageSearchText} gin_trgm_ops`),
  ],
);

/**
 * Every status change (close, archive, reopen) with who made it and when: reports measure resolution time
 * (a customer's first message of an open period to the close) from it.
 */
export const conversationStatusChanges = pgTable(
  'conversation_status_changes',
  {
    ...accountOwnedColumns(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: ms('changed_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index('conversation_status_changes_conversation_idx').on(table.conversationId, table.changedAt),
    index('conversation_status_changes_account_idx').on(table.accountId, table.changedAt),
  ],
);

/**
 * A delivery status for a wamid we do not know yet: WhatsApp can report "sent" before our send job has stored
 * the wamid it got back. The job applies these when it stores the wamid; old ones are cleaned up.
 */
export const pendingStatuses = pgTable(
  'message_pending_statuses',
  {
    ...accountOwnedColumns(),
    wamid: text('wamid').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    errorCode: text('error_code'),
    errorTitle: text('error_title'),
    errorDetails: text('error_details'),
    receivedAt: ms('received_at').notNull().defaultNow(),
  },
  (table) => [
    index('message_pending_statuses_wamid_idx').on(table.accountId, table.wamid),
    index('message_pending_statuses_received_idx').on(table.receivedAt),
  ],
);

/**
 * Unread state per staff member: incoming messages stored after `readAt` are unread for that user. Without a row,
 * messages stored after the user was created count (a new colleague does not inherit the whole history).
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    readAt: ms('read_at').notNull(),
    /** The conversation's incomingCount when it was read; null: unknown (count by readAt, unread.ts). */
    incomingRead: integer('incoming_read'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.conversationId] }),
    index('conversation_reads_conversation_idx').on(table.conversationId),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
