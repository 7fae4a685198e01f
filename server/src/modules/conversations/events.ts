/**
 * The realtime `message` event: `{ conversationId, message, conversation }` to the account's room, for every new
 * or changed message (incoming, outgoing, status change, reaction, file ready). Always called after the change
 * committed, and built from the committed rows, so every process emits the same thing (socket.io's adapter fans
 * it out across processes): read again (`emit`), or as returned by the statement that was the commit
 * (`emitCommitted`, inbound-run.ts).
 */
import type { Assignee, Label } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contacts, type ContactRow } from '../contacts/schema';
import { assigneeOf, conversationAssigneeSql } from '../assignment/of-conversation';
import { conversationLabelsSql, labelsOf } from '../labels/of-conversation';
import type { MediaLinkSigner } from './media-links';
import { conversations, messages, type ConversationRow, type MessageRow } from './schema';
import { toConversationView, toMessageView, type ConversationView, type MessageView } from './views';

export interface MessageEvent {
  conversationId: string;
  message: MessageView;
  conversation: ConversationView;
}

export type EventRow = {
  message: MessageRow;
  conversation: ConversationRow;
  contact: ContactRow;
  labels: Label[] | string | null;
  assignee: Assignee | string | null;
};

export interface LoadedMessageEvent {
  accountId: string;
  event: MessageEvent;
  /** The rows it was built from (the announcer reuses the conversation's for its `conversation` event). */
  row: EventRow;
}

/** The event of a message from its rows as committed. */
export function messageEventOf(row: EventRow, links: MediaLinkSigner, now = new Date()): LoadedMessageEvent {
  return {
    accountId: row.message.accountId,
    row,
    event: {
      conversationId: row.conversation.id,
      message: toMessageView(row.message, links, now),
      conversation: toConversationView(
        row.conversation,
        row.contact,
        labelsOf(row.labels),
        assigneeOf(row.assignee),
        now,
      ),
    },
  };
}

/** Ids per query when loading many events (a webhook batch): one round trip per slice, not per message. */
const LOAD_SLICE = 500;

/**
 * The rows of some messages' events. Built once per database and only bound per call: building this select
 * (every column of three tables) was a tenth of the webhook path's CPU (bench P1 profile, docs/reliability.md).
 */
const eventRows = preparedPerDatabase((db) =>
  db
    .select({
      message: messages,
      conversation: conversations,
      contact: contacts,
      labels: conversationLabelsSql,
      assignee: conversationAssigneeSql,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(sql`${messages.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('message_event_rows'),
);

/** The events of the messages that exist, in the order of `messageIds`. */
export async function loadMessageEvents(
  db: Db,
  links: MediaLinkSigner,
  messageIds: string[],
): Promise<LoadedMessageEvent[]> {
  const loaded = [];
  for (let start = 0; start < messageIds.length; start += LOAD_SLICE) {
    const slice = messageIds.slice(start, start + LOAD_SLICE);
    const rows = await eventRows(db).execute({ ids: slice });
    const byId = new Map(rows.map((row) => [row.message.id, row]));
    const now = new Date();
    for (const id of slice) {
      const row = byId.get(id);
      if (row) loaded.push(messageEventOf(row, links, now));
    }
  }
  return loaded;
}

export interface MessageEvents {
  /** Emits the current state of each message (best effort: a failure is logged, never thrown). */
  emit(...messageIds: string[]): Promise<void>;
  /** The same for messages whose rows the caller holds as committed (a statement that was its own commit). */
  emitCommitted(rows: EventRow[]): Promise<void>;
}
