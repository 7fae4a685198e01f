/** Keeps a conversation's last-message columns and status in step with a new message. */
import { CONVERSATION_STATUSES, statusAfterNewMessage } from '@parley/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
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

/** What a run of incoming messages did to one conversation (inbound-run.ts). */
export interface IncomingNote {
  conversationId: string;
  /** The newest stored time of the run's messages there. */
  createdAt: Date;
  customerWroteAt?: Date;
  incomingRows: { count: number; firstCreatedAt: Date };
}

const at = (date: Date | undefined) => (date ? sql`${date.toISOString()}::timestamptz` : sql`null::timestamptz`);

/**
 * The UPDATE that notes runs of incoming messages (noteNewMessage's columns and rules) in the conversations
 * `notes` names: a query or VALUES list of (conversation id, count, earliest stored time, newest stored time, the
 * customer's newest WhatsApp time or null). GREATEST and LEAST skip nulls.
 */
export const noteIncomingSql = (notes: SQL) => sql`
    update conversations set
      incoming_count = conversations.incoming_count + v.count,
      first_incoming_at = least(conversations.first_incoming_at, v.first_created_at),
      status = ${statusAfterNewMessageSql},
      last_message_incoming = case when conversations.last_message_at is null
        or conversations.last_message_at <= v.created_at then true else conversations.last_message_incoming end,
      last_message_at = greatest(conversations.last_message_at, v.created_at),
      last_incoming_at = greatest(conversations.last_incoming_at, v.customer_wrote_at),
      archived_reply_at = case when conversations.status = 'archived' then now() else conversations.archived_reply_at end,
      updated_at = now()
    from (${notes}) as v(id, count, first_created_at, created_at, customer_wrote_at)
    where conversations.id = v.id`;

/**
 * noteNewMessage for the incoming messages of a run, every conversation in one UPDATE (one round trip, where one
 * per conversation cost PGlite most of a batch).
 */
export async function noteNewIncoming(tx: Tx, notes: IncomingNote[]): Promise<void> {
  if (notes.length === 0) return;
  const rows = sql.join(
    notes.map(
      (note) =>
        sql`(${note.conversationId}::uuid, ${note.incomingRows.count}::int, ${at(note.incomingRows.firstCreatedAt)}, ${at(note.createdAt)}, ${at(note.customerWroteAt)})`,
    ),
    sql`, `,
  );
  await tx.execute(noteIncomingSql(sql`values ${rows}`));
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
