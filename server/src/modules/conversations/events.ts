/**
 * The realtime `message` event: `{ conversationId, message, conversation }` to the account's room, for every new
 * or changed message (incoming, outgoing, status change, reaction, file ready). Always called after the change
 * committed, and it reads the committed rows, so every process emits the same thing (socket.io's adapter fans
 * it out across processes).
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { contacts } from '../contacts/schema';
import type { MediaLinkSigner } from './media-links';
import { conversations, messages } from './schema';
import { toConversationView, toMessageView, type ConversationView, type MessageView } from './views';

export interface MessageEvent {
  conversationId: string;
  message: MessageView;
  conversation: ConversationView;
}

export async function loadMessageEvent(
  db: Db,
  links: MediaLinkSigner,
  messageId: string,
): Promise<{ accountId: string; event: MessageEvent } | null> {
  const [row] = await db
    .select({ message: messages, conversation: conversations, contact: contacts })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!row) return null;
  const now = new Date();
  return {
    accountId: row.message.accountId,
    event: {
      conversationId: row.conversation.id,
      message: toMessageView(row.message, links, now),
      conversation: toConversationView(row.conversation, row.contact, now),
    },
  };
}

export interface MessageEvents {
  /** Emits the current state of each message (best effort: a failure is logged, never thrown). */
  emit(...messageIds: string[]): Promise<void>;
}

export function createMessageEvents(
  db: Db,
  realtime: Realtime,
  links: MediaLinkSigner,
  log: FastifyBaseLogger,
): MessageEvents {
  return {
    async emit(...messageIds) {
      for (const messageId of new Set(messageIds)) {
        try {
          const loaded = await loadMessageEvent(db, links, messageId);
          if (loaded) realtime.toAccount(loaded.accountId, 'message', loaded.event);
        } catch (error) {
          log.warn({ err: error, messageId }, 'could not emit the message event');
        }
      }
    },
  };
}
