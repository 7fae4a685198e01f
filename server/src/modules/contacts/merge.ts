/**
 * Two contact rows that turn out to be one customer (a user id seen first, the phone later; a number Meta
 * answered with that another row already has) become one: the kept row takes over the other's conversation
 * (its messages move into the kept conversation when both have one) and fills its empty fields from it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversationReads, conversations, messages } from '../conversations/schema';
import { contacts, type ContactRow } from './schema';

async function moveConversation(tx: Tx, accountId: string, keepId: string, dropId: string): Promise<void> {
  const [dropped] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.contactId, dropId)))
    .limit(1);
  if (!dropped) return;
  const [kept] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.contactId, keepId)))
    .limit(1);
  if (!kept) {
    await tx.update(conversations).set({ contactId: keepId }).where(eq(conversations.id, dropped.id));
    return;
  }
  await tx.update(messages).set({ conversationId: kept.id }).where(eq(messages.conversationId, dropped.id));
  const droppedIsNewer =
    dropped.lastMessageAt !== null && (kept.lastMessageAt === null || dropped.lastMessageAt > kept.lastMessageAt);
  await tx
    .update(conversations)
    .set({
      ...(droppedIsNewer
        ? { lastMessageAt: dropped.lastMessageAt, lastMessageIncoming: dropped.lastMessageIncoming }
        : {}),
      lastIncomingAt: sql`greatest(${conversations.lastIncomingAt}, ${dropped.lastIncomingAt?.toISOString() ?? null}::timestamptz)`,
      // The unread counters (conversations/unread.ts) take the moved messages in.
      incomingCount: sql`${conversations.incomingCount} + ${dropped.incomingCount}`,
      firstIncomingAt: sql`least(${conversations.firstIncomingAt}, ${dropped.firstIncomingAt?.toISOString() ?? null}::timestamptz)`,
      status: kept.status === 'active' || dropped.status !== 'active' ? kept.status : 'active',
      updatedAt: sql`now()`,
    })
    .where(eq(conversations.id, kept.id));
  await tx.delete(conversations).where(eq(conversations.id, dropped.id));
  // Moved messages older than a read of the kept conversation are read: such reads count by time again.
  await tx.update(conversationReads).set({ incomingRead: null }).where(eq(conversationReads.conversationId, kept.id));
}

/** Merges `drop` into `keep` (both of the account, rows already locked by the caller); returns the kept row. */
export async function mergeContacts(
  tx: Tx,
  accountId: string,
  keep: ContactRow,
  drop: ContactRow,
): Promise<ContactRow> {
  await moveConversation(tx, accountId, keep.id, drop.id);
  await tx.delete(contacts).where(eq(contacts.id, drop.id));
  const [merged] = await tx
    .update(contacts)
    .set({
      name: keep.name ?? drop.name,
      profileName: keep.profileName ?? drop.profileName,
      email: keep.email ?? drop.email,
      phone: keep.phone ?? drop.phone,
      waId: keep.waId ?? drop.waId,
      userId: keep.userId ?? drop.userId,
      username: keep.username ?? drop.username,
      deletedAt: keep.deletedAt && drop.deletedAt ? keep.deletedAt : null,
    })
    .where(eq(contacts.id, keep.id))
    .returning();
  return merged;
}
