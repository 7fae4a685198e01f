/**
 * Commit, then announce: the one place realtime events of conversations and messages leave the server.
 *
 * A change records what it touched in a `ChangeLog` inside its transaction; the announcer emits only after the
 * commit, from the committed rows (so nothing is announced that a rollback undid, and every process reads the
 * same thing). Events (docs/api.md, Realtime):
 *   `message`      { conversationId, message, conversation } to the account's room (events.ts builds it);
 *   `conversation` { conversation (with the user's unreadCount), counts, unreadTotal, archivedReplies } to each
 *                  online staff member's own room, for every conversation whose status, contact, last message
 *                  or unread state changed. A message that can change its conversation (a new incoming or outgoing one)
 *                  announces its conversation too; a delivery status does not.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { assigneeOf } from '../assignment/of-conversation';
import { labelsOf } from '../labels/of-conversation';
import { loadMessageEvents, type EventRow, type MessageEvents } from './events';
import { selectConversations } from './queries';
import type { MediaLinkSigner } from './media-links';
import { withQuotedMessages } from './quoted';
import { conversations } from './schema';
import { accountCounts, unreadCase, type TabCounts } from './unread';
import { toConversationView, type ConversationView, type MessageView } from './views';

export const CONVERSATION_EVENT = 'conversation';

export interface ConversationEvent {
  conversation: ConversationView & { unreadCount: number };
  counts: TabCounts;
  unreadTotal: number;
  archivedReplies: number;
}

/** What a transaction changed, to announce after its commit. */
export class ChangeLog {
  readonly messageIds = new Set<string>();
  readonly conversationIds = new Set<string>();

  message(...ids: string[]): this {
    for (const id of ids) this.messageIds.add(id);
    return this;
  }

  conversation(...ids: string[]): this {
    for (const id of ids) this.conversationIds.add(id);
    return this;
  }
}

/** Also a `MessageEvents`: `emit(ids)` announces those messages (and the conversations they changed). */
export interface Announcer extends MessageEvents {
  /** Runs `work` in one transaction and announces what it recorded once that committed. */
  transaction<T>(work: (tx: Tx, changes: ChangeLog) => Promise<T>): Promise<T>;
  /** Announces committed changes (best effort: a failure is logged, never thrown). */
  announce(changes: ChangeLog): Promise<void>;
}

/** A message that moves its conversation: a new incoming one (unread, badge) or a new send (status, order). */
const changesConversation = (message: MessageView) =>
  message.direction === 'incoming' || message.status === 'pending' || message.sentFrom === 'phone_app';

interface UsersUnread {
  /** The user's unread total over the account's listed conversations. */
  total: number;
  /** conversationId → unread count, for the announced conversations. */
  byConversation: Record<string, number>;
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Every online user's unread total and unread count of each announced conversation, in one query (unread.ts's
 * counters). It runs on every new message with every agent online (bench P1), so it never visits all the
 * account's conversations per user: a user's total is the account's incoming messages less what that user has
 * read, which only the conversations they read (their reads) or that are older than them (an index range) can
 * hold; elsewhere everything is unread.
 */
async function unreadOfUsers(
  db: Db,
  accountId: string,
  userIds: string[],
  conversationIds: string[],
): Promise<Map<string, UsersUnread>> {
  const result = await db.execute(sql`
    select u.id as user_id,
      (select coalesce(sum(c.incoming_count), 0) from conversations c
        where c.account_id = ${accountId} and c.last_message_at is not null)
      - coalesce((
          select sum(c.incoming_count - ${unreadCase('c', 'u', 'r')})
          from conversation_reads r
          join conversations c on c.id = r.conversation_id
          where r.user_id = u.id and c.account_id = ${accountId} and c.last_message_at is not null
        ), 0)
      - coalesce((
          select sum(c.incoming_count - ${unreadCase('c', 'u', 'r')})
          from conversations c
          left join conversation_reads r on r.user_id = u.id and r.conversation_id = c.id
          where c.account_id = ${accountId} and c.first_incoming_at <= u.created_at
            and c.last_message_at is not null and r.user_id is null
        ), 0) as total,
      (
        select json_object_agg(c.id, ${unreadCase('c', 'u', 'r')})
        from conversations c
        left join conversation_reads r on r.user_id = u.id and r.conversation_id = c.id
        where c.id in (${idList(conversationIds)}) and c.last_message_at is not null
      ) as changed
    from users u
    where u.id in (${idList(userIds)})`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    user_id: string;
    total: number | string;
    changed: Record<string, number> | string | null;
  }>;
  const unread = new Map<string, UsersUnread>();
  for (const row of rows) {
    const changed = typeof row.changed === 'string' ? JSON.parse(row.changed) : row.changed;
    unread.set(row.user_id, { total: Number(row.total), byConversation: changed ?? {} });
  }
  return unread;
}

/** A conversation's rows as the `conversation` event is built from them. */
type ConversationRows = Pick<EventRow, 'conversation' | 'contact' | 'labels' | 'assignee'>;

export function createAnnouncer(db: Db, realtime: Realtime, links: MediaLinkSigner, log: FastifyBaseLogger): Announcer {
  function loadConversationRows(ids: string[]): Promise<ConversationRows[]> {
    return selectConversations(db).where(inArray(conversations.id, ids));
  }

  /** Emits the messages; the conversations they change go into `conversations` (with their rows, just read). */
  async function announceMessages(ids: string[], conversations: Map<string, ConversationRows | null>) {
    for (const { accountId, event, row } of await loadMessageEvents(db, links, ids)) {
      const [message] = await withQuotedMessages(db, accountId, [event.message]);
      realtime.toAccount(accountId, 'message', { ...event, message });
      if (changesConversation(message)) conversations.set(event.conversationId, row);
    }
  }

  async function announceConversations(wanted: Map<string, ConversationRows | null>) {
    const known = [...wanted.values()].filter((row): row is ConversationRows => row !== null);
    const missing = [...wanted].flatMap(([id, row]) => (row ? [] : [id]));
    const rows = [...known, ...(missing.length === 0 ? [] : await loadConversationRows(missing))];
    const byAccount = new Map<string, typeof rows>();
    for (const row of rows)
      byAccount.set(row.conversation.accountId, [...(byAccount.get(row.conversation.accountId) ?? []), row]);
    for (const [accountId, accountRows] of byAccount) {
      const online = await realtime.onlineUserIds(accountId);
      if (online.length === 0) continue;
      const { counts, archivedReplies } = await accountCounts(db, accountId);
      const unread = await unreadOfUsers(
        db,
        accountId,
        online,
        accountRows.map((row) => row.conversation.id),
      );
      const now = new Date();
      // One view per conversation; only the unread count differs between users.
      const views = accountRows.map((row) =>
        toConversationView(row.conversation, row.contact, labelsOf(row.labels), assigneeOf(row.assignee), now, 0),
      );
      for (const userId of online) {
        const total = unread.get(userId)?.total ?? 0;
        for (const [index, row] of accountRows.entries()) {
          const unreadCount = Number(unread.get(userId)?.byConversation[row.conversation.id] ?? 0);
          const event: ConversationEvent = {
            conversation: { ...views[index], unreadCount },
            counts,
            unreadTotal: total,
            archivedReplies,
          };
          realtime.toUser(userId, CONVERSATION_EVENT, event);
        }
      }
    }
  }

  async function announce(changes: ChangeLog) {
    try {
      const conversations = new Map<string, ConversationRows | null>(
        [...changes.conversationIds].map((id) => [id, null]),
      );
      if (changes.messageIds.size > 0) await announceMessages([...changes.messageIds], conversations);
      if (conversations.size > 0) await announceConversations(conversations);
    } catch (error) {
      log.warn({ err: error }, 'could not announce the changes');
    }
  }

  return {
    announce,
    async emit(...messageIds) {
      await announce(new ChangeLog().message(...messageIds));
    },
    async transaction(work) {
      const changes = new ChangeLog();
      const result = await db.transaction((tx) => work(tx, changes));
      void announce(changes);
      return result;
    },
  };
}
