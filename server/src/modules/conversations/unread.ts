/**
 * Unread state per staff member (docs/api.md, Conversations: `unreadCount`, GET /api/conversations/summary).
 * Incoming messages stored after the user last read a conversation are unread for them; with no read yet,
 * those stored after the user was created. Opening a conversation (POST /api/conversations/{id}/read) reads it.
 *
 * Counted by counters, not over messages: a conversation counts its incoming messages (`incoming_count`, kept by
 * noteNewMessage) and a read remembers that count (`incoming_read`), so a count is a subtraction — the realtime
 * `conversation` event recomputes every online user's unread total on each new message.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { CONVERSATION_STATUSES, conversationReads, conversations, type ConversationStatus } from './schema';

export type TabCounts = Record<ConversationStatus, number>;

/** The conversation is read up to now for the user (their other devices follow through the `conversation` event). */
export async function markConversationRead(db: Db | Tx, userId: string, conversationId: string): Promise<void> {
  const incomingRead = sql`(select c.incoming_count from conversations c where c.id = ${conversationId})`;
  await db
    .insert(conversationReads)
    .values({ userId, conversationId, readAt: sql`clock_timestamp()`, incomingRead })
    .onConflictDoUpdate({
      target: [conversationReads.userId, conversationReads.conversationId],
      set: { readAt: sql`clock_timestamp()`, incomingRead },
    });
}

const newerThanUserText = (c: string, u: string) =>
  `(${c}.first_incoming_at is null or ${c}.first_incoming_at > ${u}.created_at)`;

/**
 * Conversation `c` began after user `u` joined (or has no incoming message yet): unread for `u` is then its whole
 * incoming count until `u` opens it (unreadCase's second case).
 */
export const newerThanUser = (c: string, u: string): SQL => sql.raw(newerThanUserText(c, u));

/**
 * The unread count of conversation `c` for user `u`, whose read row `r` (left joined) may be missing; the names
 * are the query's aliases. A read that knows the count subtracts it; with no read, a conversation whose first
 * incoming message came after the user holds only unread ones; otherwise (a conversation older than the user,
 * or a read whose count a contact merge made unknown) the messages after the read, or the user's creation, are
 * counted on the timeline index.
 */
export const unreadCase = (c: string, u: string, r: string): SQL =>
  sql.raw(`(case
    when ${r}.incoming_read is not null then greatest(${c}.incoming_count - ${r}.incoming_read, 0)
    when ${r}.read_at is null and ${newerThanUserText(c, u)}
      then ${c}.incoming_count
    else (
      select count(*)::int from messages m
      where m.conversation_id = ${c}.id and m.direction = 'incoming'
        and m.created_at > coalesce(${r}.read_at, ${u}.created_at)
    )
  end)`);

/**
 * Unread incoming messages of one conversation for one user. Written with qualified names: Drizzle leaves
 * columns unqualified inside a select list, which a subquery would misread.
 */
const unreadOf = (userId: string) => sql<number>`coalesce((
  select ${unreadCase('conversations', 'u', 'r')}
  from users u
  left join conversation_reads r on r.user_id = u.id and r.conversation_id = conversations.id
  where u.id = ${userId}
), 0)`;

/** Each user's unread count of each given conversation: `userId → conversationId → count`. */
export async function unreadCounts(
  db: Db,
  userIds: string[],
  conversationIds: string[],
): Promise<Map<string, Map<string, number>>> {
  const counts = new Map<string, Map<string, number>>(userIds.map((id) => [id, new Map()]));
  if (conversationIds.length === 0) return counts;
  for (const userId of userIds) {
    const rows = await db
      .select({ id: conversations.id, unread: unreadOf(userId) })
      .from(conversations)
      .where(inArray(conversations.id, conversationIds));
    for (const row of rows) counts.get(userId)?.set(row.id, Number(row.unread));
  }
  return counts;
}

/** The user's unread messages over the account's listed conversations (the browser tab's title). */
export async function unreadTotal(db: Db, accountId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${unreadOf(userId)}), 0)::int` })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), isNotNull(conversations.lastMessageAt)));
  return Number(row?.total ?? 0);
}

export interface AccountCounts {
  counts: TabCounts;
  /** Archived conversations the customer wrote into since (the Archived tab's badge). */
  archivedReplies: number;
}

/** Listed conversations per tab and archived ones with a reply, prepared once (it runs in every announce round). */
const accountCountRows = preparedPerDatabase((db) =>
  db
    .select({
      status: conversations.status,
      count: sql<number>`count(*)::int`,
      replied: sql<number>`(count(*) filter (where ${conversations.archivedReplyAt} is not null))::int`,
    })
    .from(conversations)
    .where(and(eq(conversations.accountId, sql.placeholder('accountId')), isNotNull(conversations.lastMessageAt)))
    .groupBy(conversations.status)
    .prepare('account_counts'),
);

/**
 * Listed conversations per tab (only those with a last message are listed) and the archived ones with a reply:
 * one pass over the account's listed rows.
 */
export async function accountCounts(db: Db, accountId: string): Promise<AccountCounts> {
  const rows = await accountCountRows(db).execute({ accountId });
  const counts = Object.fromEntries(CONVERSATION_STATUSES.map((status) => [status, 0])) as TabCounts;
  let archivedReplies = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.count);
    // The badge is cleared by any status change, so only archived rows hold one; the filter keeps it exact anyway.
    if (row.status === 'archived') archivedReplies = Number(row.replied);
  }
  return { counts, archivedReplies };
}

export interface ConversationSummary extends AccountCounts {
  unreadTotal: number;
}

export async function conversationSummary(db: Db, accountId: string, userId: string): Promise<ConversationSummary> {
  return { ...(await accountCounts(db, accountId)), unreadTotal: await unreadTotal(db, accountId, userId) };
}
