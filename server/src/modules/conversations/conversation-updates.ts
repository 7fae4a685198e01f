/** Keeps a conversation's last-message columns and status in step with a new message. */
import { CONVERSATION_STATUSES, statusAfterNewMessage } from '@parley/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { assignNewConversation } from '../assignment/round-robin';
import { conversations } from './schema';

/** The contract's reactivation rule (docs/product-rules.md#reactivation) as one SQL expression. */
const statusAfterNewMessageSql = sql`case ${conversations.status} ${sql.join(
  CONVERSATION_STATUSES.map((status) => sql`when ${status} then ${statusAfterNewMessage(status)}`),
  sql` `,
)} end`;

/**
 * A new incoming or outgoing message: the conversation becomes active unless it is archived, and the message
 * becomes its last one unless a newer one is already there. `customerWroteAt` moves the 24-hour window.
 * `keepStatus` (a past message from a history batch) leaves a closed conversation closed. `incomingRows` (the
 * incoming rows stored, by default this one when incoming: count and earliest stored time) keeps the unread
 * counters (unread.ts) in step; a run of several messages passes them all with its last one.
 */
export async function noteNewMessage(
  tx: Tx,
  conversationId: string,
  message: {
    createdAt: Date;
    incoming: boolean;
    customerWroteAt?: Date;
    keepStatus?: boolean;
    incomingRows?: { count: number; firstCreatedAt: Date };
  },
): Promise<void> {
  const at = sql`${message.createdAt.toISOString()}::timestamptz`;
  const rows = message.incomingRows ?? (message.incoming ? { count: 1, firstCreatedAt: message.createdAt } : null);
  await tx
    .update(conversations)
    .set({
      ...(rows && rows.count > 0
        ? {
            incomingCount: sql`${conversations.incomingCount} + ${rows.count}`,
            firstIncomingAt: sql`least(${conversations.firstIncomingAt}, ${rows.firstCreatedAt.toISOString()}::timestamptz)`,
          }
        : {}),
      status: message.keepStatus ? sql`${conversations.status}` : statusAfterNewMessageSql,
      // Both read the old last_message_at: SET expressions see the row as it was.
      lastMessageIncoming: sql`case when ${conversations.lastMessageAt} is null or ${conversations.lastMessageAt} <= ${at} then ${message.incoming} else ${conversations.lastMessageIncoming} end`,
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at})`,
      ...(message.customerWroteAt
        ? {
            lastIncomingAt: sql`greatest(${conversations.lastIncomingAt}, ${message.customerWroteAt.toISOString()}::timestamptz)`,
          }
        : {}),
      // The customer writing into an archived conversation: the list shows a badge until a status change.
      ...(message.incoming && !message.keepStatus
        ? {
            archivedReplyAt: sql`case when ${conversations.status} = 'archived' then now() else ${conversations.archivedReplyAt} end`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(conversations.id, conversationId));
}

/** The account's conversation with a contact, created (active, empty) on first contact. */
export async function ensureConversation(tx: Tx, accountId: string, contactId: string) {
  const ofContact = and(eq(conversations.accountId, accountId), eq(conversations.contactId, contactId));
  // Read first: all but a customer's first message find it, and an upsert would write a row version each time.
  const [existing] = await tx.select().from(conversations).where(ofContact).limit(1);
  if (existing) return existing;
  const [created] = await tx
    .insert(conversations)
    .values({ accountId, contactId })
    .onConflictDoNothing({ target: [conversations.accountId, conversations.contactId] })
    .returning();
  // Round robin, when the account has it on: the new conversation's assignee (assignment/round-robin.ts).
  if (created) return assignNewConversation(tx, created);
  // A parallel delivery created it first: its row is committed now.
  const [row] = await tx.select().from(conversations).where(ofContact).limit(1);
  return row;
}
