/** Keeps a conversation's last-message columns and status in step with a new message (spec section 4). */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from './schema';

/**
 * A new incoming or outgoing message: the conversation becomes active unless it is archived, and the message
 * becomes its last one unless a newer one is already there. `customerWroteAt` moves the 24-hour window.
 */
export async function noteNewMessage(
  tx: Tx,
  conversationId: string,
  message: { createdAt: Date; incoming: boolean; customerWroteAt?: Date },
): Promise<void> {
  const at = sql`${message.createdAt.toISOString()}::timestamptz`;
  await tx
    .update(conversations)
    .set({
      status: sql`case when ${conversations.status} = 'archived' then 'archived' else 'active' end`,
      // Both read the old last_message_at: SET expressions see the row as it was.
      lastMessageIncoming: sql`case when ${conversations.lastMessageAt} is null or ${conversations.lastMessageAt} <= ${at} then ${message.incoming} else ${conversations.lastMessageIncoming} end`,
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at})`,
      ...(message.customerWroteAt
        ? {
            lastIncomingAt: sql`greatest(${conversations.lastIncomingAt}, ${message.customerWroteAt.toISOString()}::timestamptz)`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(conversations.id, conversationId));
}

/** The account's conversation with a contact, created (active, empty) on first contact. */
export async function ensureConversation(tx: Tx, accountId: string, contactId: string) {
  const [row] = await tx
    .insert(conversations)
    .values({ accountId, contactId })
    .onConflictDoUpdate({
      target: [conversations.accountId, conversations.contactId],
      set: { updatedAt: sql`${conversations.updatedAt}` },
    })
    .returning();
  return row;
}
