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
 *   `conversations` { conversations, counts, unreadTotal, archivedReplies }: the same, several at once, to the
 *                  member's sockets that declared they take batches (realtime.ts); those get no `conversation`.
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { SOCKET_EVENTS } from '@parley/contract';
import { conversationRoom, type Realtime } from '../../realtime/realtime';
import { assigneeOf } from '../assignment/of-conversation';
import { labelsOf } from '../labels/of-conversation';
import { loadMessageEvents, messageEventOf, type EventRow, type MessageEvents } from './events';
import { selectConversations } from './queries';
import type { MediaLinkSigner } from './media-links';
import { withQuotedMessages } from './quoted';
import { users } from '../users/schema';
import { conversations } from './schema';
import { accountCounts, newerThanUser, unreadCase, type TabCounts } from './unread';
import { toConversationView, type ConversationView, type MessageView } from './views';

export const CONVERSATION_EVENT = SOCKET_EVENTS.conversation;
export const CONVERSATIONS_EVENT = SOCKET_EVENTS.conversations;

export interface ConversationEvent {
  conversation: ConversationView & { unreadCount: number };
  counts: TabCounts;
  unreadTotal: number;
  archivedReplies: number;
}

/** `conversations`: the same for several conversations, to a socket that declared it takes batches. */
export interface ConversationsEvent extends Omit<ConversationEvent, 'conversation'> {
  conversations: Array<ConversationEvent['conversation']>;
}

/** What a transaction changed, to announce after its commit. */
export class ChangeLog {
  readonly messageIds = new Set<string>();
  readonly conversationIds = new Set<string>();
  /** Messages whose event rows are at hand as committed: announced without reading them again. */
  readonly committedRows: EventRow[] = [];

  message(...ids: string[]): this {
    for (const id of ids) this.messageIds.add(id);
    return this;
  }

  committedMessage(...rows: EventRow[]): this {
    this.committedRows.push(...rows);
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
  /**
   * conversationId → unread count, for the announced conversations where it is not simply the conversation's
   * incoming count (the user read it, or it is older than the user: unread.ts's `unreadCase`).
   */
  byConversation: Record<string, number>;
}

/**
 * Every online user's unread total, and their unread count of each announced conversation where it differs from
 * the conversation's incoming count, in one query (unread.ts's counters). It runs on every round with every agent
 * online (bench P1), so it reads each thing once for all of them rather than once per user: the account's incoming
 * messages (`l`), what the users have read (`rp`, their reads), the announced conversations' counts that depend on
 * the user (`ch`). A user's total is the account's incoming messages less what they read, and less the
 * conversations older than them that they never opened (looked up only for a user some conversation is older
 * than: an index range); elsewhere everything is unread. `ch` holds only the pairs of a user and a conversation
 * that unread.ts's rule does not count as the conversation's incoming count — a read, or a conversation whose
 * first incoming message is not newer than the user: the usual round (agents who have not opened the new
 * conversations) then has none. Every pair was a third of this query's time on PGlite (3.8 → 2.5 ms a round with
 * 50 agents alone, 6.5 → 5.5 in bench P1; on PostgreSQL 2.0 → 1.1; docs/reliability.md).
 */
const unreadOfUsersQuery = preparedPerDatabase((db) => {
  const accountId = sql.placeholder('accountId');
  const userIds = sql`${sql.placeholder('userIds')}::uuid[]`;
  const conversationIds = sql`${sql.placeholder('conversationIds')}::uuid[]`;
  const u = alias(users, 'u');
  return db
    .select({
      userId: u.id,
      total: sql<number | string>`l.incoming - coalesce(rp.read, 0)
        - case when l.first_incoming_at > u.created_at then 0 else coalesce((
            select sum(c.incoming_count - ${unreadCase('c', 'u', 'r')})
            from conversations c
            left join conversation_reads r on r.user_id = u.id and r.conversation_id = c.id
            where c.account_id = ${accountId} and c.first_incoming_at <= u.created_at
              and c.last_message_at is not null and r.user_id is null
          ), 0) end`,
      changed: sql<Record<string, number> | string | null>`ch.changed`,
    })
    .from(u)
    .crossJoin(
      sql`(select coalesce(sum(c.incoming_count), 0) as incoming, min(c.first_incoming_at) as first_incoming_at
        from conversations c where c.account_id = ${accountId} and c.last_message_at is not null) l`,
    )
    .leftJoin(
      sql`(select member.id as user_id, sum(c.incoming_count - ${unreadCase('c', 'member', 'r')}) as read
        from users member
        join conversation_reads r on r.user_id = member.id
        join conversations c on c.id = r.conversation_id and c.account_id = ${accountId} and c.last_message_at is not null
        where member.id = any(${userIds})
        group by member.id) rp`,
      sql`rp.user_id = u.id`,
    )
    .leftJoin(
      sql`(select p.user_id, json_object_agg(p.conversation_id, p.unread) as changed from (
          select member.id as user_id, c.id as conversation_id, ${unreadCase('c', 'member', 'r')} as unread
          from users member
          join conversations c on c.id = any(${conversationIds}) and c.last_message_at is not null
            and not ${newerThanUser('c', 'member')}
          left join conversation_reads r on r.user_id = member.id and r.conversation_id = c.id
          where member.id = any(${userIds})
          union all
          select member.id, c.id, ${unreadCase('c', 'member', 'r')}
          from conversation_reads r
          join users member on member.id = r.user_id
          join conversations c on c.id = r.conversation_id and c.last_message_at is not null
            and ${newerThanUser('c', 'member')}
          where r.user_id = any(${userIds}) and r.conversation_id = any(${conversationIds})
        ) p group by p.user_id) ch`,
      sql`ch.user_id = u.id`,
    )
    .where(sql`u.id = any(${userIds})`)
    .prepare('unread_of_users');
});

/** The conversations a round announces, with their contact, labels and assignee. */
const roundConversations = preparedPerDatabase((db) =>
  selectConversations(db)
    .where(sql`${conversations.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('round_conversations'),
);

async function unreadOfUsers(
  db: Db,
  accountId: string,
  userIds: string[],
  conversationIds: string[],
): Promise<Map<string, UsersUnread>> {
  const unread = new Map<string, UsersUnread>();
  for (const row of await unreadOfUsersQuery(db).execute({ accountId, userIds, conversationIds })) {
    const changed = typeof row.changed === 'string' ? JSON.parse(row.changed) : row.changed;
    unread.set(row.userId, { total: Number(row.total), byConversation: changed ?? {} });
  }
  return unread;
}

/**
 * Conversation announcements are made in rounds, at most one every ROUND_MS and one at a time: a change while a
 * round runs, or within ROUND_MS of the last one, waits for the next round with every other change since. A round
 * reads the conversations as they are then, so each staff member still ends with the exact state (the unread
 * counts, tab counts and badges of the last commit), with one pair of counting queries per round instead of per
 * message, and one `conversations` frame per member for a burst. A lone change is announced at once.
 * 150 ms rather than 50: in a burst the rounds' reads and frames were ~7 % of the server's CPU per message on both
 * databases (bench P1, docs/reliability.md), while the list's rows move with each `message` event at once; only
 * the counts and badges wait for the round.
 */
const ROUND_MS = 150;

interface Round {
  /** conversationId → its account when known (a message's), else null. */
  conversationIds: Map<string, string | null>;
  /** The announce calls waiting for this round. */
  done: Array<() => void>;
}

export function createAnnouncer(db: Db, realtime: Realtime, links: MediaLinkSigner, log: FastifyBaseLogger): Announcer {
  /** Emits the messages; the conversations they change go into `conversationIds`. */
  async function announceMessages(changes: ChangeLog, conversationIds: Map<string, string | null>) {
    const now = new Date();
    const loaded = [
      ...changes.committedRows.map((row) => messageEventOf(row, links, now)),
      ...(changes.messageIds.size > 0 ? await loadMessageEvents(db, links, [...changes.messageIds]) : []),
    ];
    for (const { accountId, event } of loaded) {
      const [message] = await withQuotedMessages(db, accountId, [event.message]);
      realtime.toAccountMessage(accountId, { ...event, message });
      if (changesConversation(message)) conversationIds.set(event.conversationId, accountId);
    }
  }

  async function announceConversations(changed: Map<string, string | null>) {
    const onlineOf = new Map<string, string[]>();
    const online = async (accountId: string) => {
      if (!onlineOf.has(accountId)) onlineOf.set(accountId, await realtime.onlineUserIds(accountId));
      return onlineOf.get(accountId) ?? [];
    };
    // Nobody of the account online (a batch at night): nothing to read.
    const ids: string[] = [];
    for (const [id, accountId] of changed) if (accountId === null || (await online(accountId)).length > 0) ids.push(id);
    if (ids.length === 0) return;
    const rows = await roundConversations(db).execute({ ids });
    // In the order they were changed (a Map keeps the first change's place).
    const order = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => (order.get(a.conversation.id) ?? 0) - (order.get(b.conversation.id) ?? 0));
    const byAccount = new Map<string, typeof rows>();
    for (const row of rows)
      byAccount.set(row.conversation.accountId, [...(byAccount.get(row.conversation.accountId) ?? []), row]);
    for (const [accountId, accountRows] of byAccount) {
      const members = await online(accountId);
      if (members.length === 0) continue;
      const { counts, archivedReplies } = await accountCounts(db, accountId);
      const unread = await unreadOfUsers(
        db,
        accountId,
        members,
        accountRows.map((row) => row.conversation.id),
      );
      // The messages announced before this round reach each socket before it (a `messages` frame may still wait).
      realtime.flushMessages();
      const now = new Date();
      // One view per conversation; only the unread count differs between users.
      const views = accountRows.map((row) =>
        toConversationView(row.conversation, row.contact, labelsOf(row.labels), assigneeOf(row.assignee), now, 0),
      );
      // A member's unread count of each: the query's where it depends on the member, else the whole incoming count
      // (unread.ts's `newerThanUser`, never opened).
      const unreadCountsOf = (users: UsersUnread | undefined) =>
        accountRows.map(({ conversation }) =>
          users === undefined
            ? 0
            : Number(
                users.byConversation[conversation.id] ?? (conversation.lastMessageAt ? conversation.incomingCount : 0),
              ),
        );
      // Members whose numbers are the same (a team that keeps up reads alike) get one event encoded once.
      const alike = new Map<string, { unread: UsersUnread | undefined; unreadCounts: number[]; userIds: string[] }>();
      for (const userId of members) {
        const users = unread.get(userId);
        const unreadCounts = unreadCountsOf(users);
        const key = JSON.stringify([users?.total ?? 0, unreadCounts]);
        const group = alike.get(key) ?? { unread: users, unreadCounts, userIds: [] };
        group.userIds.push(userId);
        alike.set(key, group);
      }
      for (const { unread: users, unreadCounts, userIds } of alike.values()) {
        const summary = { counts, unreadTotal: users?.total ?? 0, archivedReplies };
        const mine = views.map((view, index) => ({ ...view, unreadCount: unreadCounts[index] }));
        const batches = userIds.map((userId) => conversationRoom(userId, true)).filter(realtime.mayHaveMembers);
        if (batches.length > 0) {
          const batch: ConversationsEvent = { ...summary, conversations: mine };
          realtime.toRoom(batches, CONVERSATIONS_EVENT, batch);
        }
        const each = userIds.map((userId) => conversationRoom(userId, false)).filter(realtime.mayHaveMembers);
        if (each.length > 0)
          for (const conversation of mine) {
            const event: ConversationEvent = { ...summary, conversation };
            realtime.toRoom(each, CONVERSATION_EVENT, event);
          }
      }
    }
  }

  let next: Round = { conversationIds: new Map(), done: [] };
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let lastRoundAt = Number.NEGATIVE_INFINITY;

  function schedule() {
    if (running || timer || next.done.length === 0) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void runRound();
      },
      Math.max(0, lastRoundAt + ROUND_MS - Date.now()),
    );
    // A round due while the server closes is not worth keeping it open for.
    timer.unref();
  }

  async function runRound() {
    const round = next;
    next = { conversationIds: new Map(), done: [] };
    running = true;
    lastRoundAt = Date.now();
    try {
      if (round.conversationIds.size > 0) await announceConversations(round.conversationIds);
    } catch (error) {
      log.warn({ err: error }, 'could not announce the conversations');
    } finally {
      running = false;
      round.done.forEach((resolve) => resolve());
      schedule();
    }
  }

  /** Resolves once the conversations were announced (or that failed, logged). */
  function announceInRound(ids: Map<string, string | null>): Promise<void> {
    return new Promise((resolve) => {
      for (const [id, accountId] of ids) next.conversationIds.set(id, next.conversationIds.get(id) ?? accountId);
      next.done.push(resolve);
      schedule();
    });
  }

  async function announce(changes: ChangeLog) {
    try {
      const conversationIds = new Map([...changes.conversationIds].map((id) => [id, null]));
      if (changes.messageIds.size > 0 || changes.committedRows.length > 0)
        await announceMessages(changes, conversationIds);
      if (conversationIds.size > 0) await announceInRound(conversationIds);
    } catch (error) {
      log.warn({ err: error }, 'could not announce the changes');
    }
  }

  return {
    announce,
    async emit(...messageIds) {
      await announce(new ChangeLog().message(...messageIds));
    },
    async emitCommitted(rows) {
      await announce(new ChangeLog().committedMessage(...rows));
    },
    async transaction(work) {
      const changes = new ChangeLog();
      const result = await db.transaction((tx) => work(tx, changes));
      void announce(changes);
      return result;
    },
  };
}
