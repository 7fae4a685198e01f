/** Reading conversations and messages for the API (always scoped to one account). */
import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { messagePreview, type Assignee, type Label, ERROR_TEXTS } from '@parley/contract';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { notFound, badRequest } from '../../http/errors';
import { contacts, type ContactRow } from '../contacts/schema';
import { isUuid } from '../../http/ids';
import { assigneeOf, conversationAssigneeSql } from '../assignment/of-conversation';
import { conversationLabelsSql, labelsOf } from '../labels/of-conversation';
import { conversationLabels } from '../labels/schema';
import { decodeListCursor, encodeListCursor } from './list-order';
import type { MediaLinkSigner } from './media-links';
import { conversationsWithMessageMatching, matchOf, newestMatchingMessage, searchesMessages } from './message-search';
import { conversations, messages, type ConversationRow, type ConversationStatus, type MessageRow } from './schema';
import { unreadCounts } from './unread';
import { toConversationView, toMessageView, type ConversationDetailView, type ConversationView } from './views';

export interface ListFilters {
  status?: ConversationStatus;
  q?: string;
  customer?: string;
  /** A label's id: only conversations carrying it (any other id, or not a uuid: none). */
  label?: string;
  /** `unassigned` or a staff member's id (the route turns `me` into the caller's); any other value: none. */
  assignee?: string;
  /** Inclusive start (conversation createdAt). */
  from?: Date;
  /** Exclusive end. */
  toExclusive?: Date;
  limit: number;
  cursor?: string;
}

/** `%text%` for ILIKE with the user's own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function contactMatches(q: string | undefined, customer: string | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (q) {
    const pattern = containing(q);
    const options = [
      ilike(contacts.name, pattern),
      ilike(contacts.profileName, pattern),
      ilike(contacts.email, pattern),
      ilike(contacts.phone, pattern),
      ilike(contacts.username, pattern),
    ];
    // "+1 (555) 010" finds the phone 1555010…: phones are stored as digits.
    const digits = q.replace(/\D/g, '');
    if (digits && /^[\d\s()+.-]+$/.test(q) && digits !== q) options.push(ilike(contacts.phone, containing(digits)));
    conditions.push(or(...options)!);
  }
  if (customer) {
    const pattern = containing(customer);
    conditions.push(
      or(ilike(contacts.name, pattern), ilike(contacts.profileName, pattern), ilike(contacts.username, pattern))!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The conversation's last message in the timeline's order, in short: one backward step on the timeline index per
 * listed row (only the page's rows: the select list is computed after the limit). Qualified names, as in unread.ts.
 */
const lastMessageExcerpt = sql<{ type: string; text: string | null; caption: string | null } | string | null>`(
  select json_build_object('type', m.type, 'text', left(m.content->>'text', 200), 'caption', left(m.content->>'caption', 200))
  from messages m
  where m.conversation_id = conversations.id
  order by coalesce(m.sent_at, m.created_at) desc, m.created_at desc, m.id desc
  limit 1
)`;

function previewOf(excerpt: { type: string; text: string | null; caption: string | null } | string | null) {
  const last = typeof excerpt === 'string' ? (JSON.parse(excerpt) as Exclude<typeof excerpt, string>) : excerpt;
  if (!last) return undefined;
  return {
    preview: messagePreview({ type: last.type, content: { text: last.text, caption: last.caption } }),
    type: last.type,
  };
}

export async function listConversations(
  db: Db,
  accountId: string,
  filters: ListFilters,
): Promise<{ list: ConversationView[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(conversations.accountId, accountId), isNotNull(conversations.lastMessageAt)];
  if (filters.status) conditions.push(eq(conversations.status, filters.status));
  if (filters.from) conditions.push(gte(conversations.createdAt, filters.from));
  if (filters.toExclusive) conditions.push(lt(conversations.createdAt, filters.toExclusive));
  if (filters.label !== undefined) {
    conditions.push(
      isUuid(filters.label)
        ? inArray(
            conversations.id,
            db
              .select({ id: conversationLabels.conversationId })
              .from(conversationLabels)
              .where(eq(conversationLabels.labelId, filters.label)),
          )
        : sql`false`,
    );
  }
  if (filters.assignee !== undefined) {
    conditions.push(
      filters.assignee === 'unassigned'
        ? isNull(conversations.assignedUserId)
        : isUuid(filters.assignee)
          ? eq(conversations.assignedUserId, filters.assignee)
          : sql`false`,
    );
  }
  const contactsMatching = (matching: SQL) =>
    inArray(
      conversations.contactId,
      db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.accountId, accountId), matching)),
    );
  const byCustomer = contactMatches(undefined, filters.customer);
  if (byCustomer) conditions.push(contactsMatching(byCustomer));
  const byQ = contactMatches(filters.q, undefined);
  // `q` also finds conversations by their messages' text (from three characters on: message-search.ts).
  const messagePattern = searchesMessages(filters.q) ? containing(filters.q) : undefined;
  if (byQ) {
    // One IN over a UNION ALL, not an OR of two: the planner can then join it either way (probe each listed row,
    // or collect the few matches by the trigram indexes); an OR made it re-run the subquery for every row.
    conditions.push(
      messagePattern
        ? sql`${conversations.id} in (select c.id from conversations c where c.account_id = ${accountId} and c.contact_id in (select ${contacts.id} from ${contacts} where ${contacts.accountId} = ${accountId} and ${byQ}) union all ${conversationsWithMessageMatching(accountId, messagePattern)})`
        : contactsMatching(byQ),
    );
  }
  if (filters.cursor) {
    const after = decodeListCursor(filters.cursor);
    // Every key descends, so "after the cursor" is one row comparison the list index answers.
    conditions.push(
      sql`(${conversations.lastMessageIncoming}, ${conversations.lastMessageAt}, ${conversations.id}) < (${after.lastMessageIncoming}::boolean, ${after.lastMessageAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      conversation: conversations,
      contact: contacts,
      lastMessage: lastMessageExcerpt,
      labels: conversationLabelsSql,
      assignee: conversationAssigneeSql,
      match: messagePattern ? newestMatchingMessage(messagePattern) : sql<null>`null`,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(...conditions))
    // "desc nulls last" like the list indexes (plain DESC would mean NULLS FIRST and miss them).
    .orderBy(
      sql`${conversations.lastMessageIncoming} desc nulls last`,
      sql`${conversations.lastMessageAt} desc nulls last`,
      sql`${conversations.id} desc nulls last`,
    )
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const now = new Date();
  const last = page.at(-1)?.conversation;
  return {
    list: page.map((row) => {
      const view = toConversationView(
        row.conversation,
        row.contact,
        labelsOf(row.labels),
        assigneeOf(row.assignee),
        now,
        undefined,
        previewOf(row.lastMessage),
      );
      const match = filters.q ? matchOf(row.match, filters.q) : undefined;
      return match ? { ...view, match } : view;
    }),
    nextCursor:
      rows.length > filters.limit && last?.lastMessageAt && last.lastMessageIncoming !== null
        ? encodeListCursor({
            lastMessageIncoming: last.lastMessageIncoming,
            lastMessageAt: last.lastMessageAt,
            id: last.id,
          })
        : null,
  };
}

export const CONVERSATION_NOT_FOUND = ERROR_TEXTS.conversation_not_found;

/** The account's conversation with its contact; 404 for any other id. */
/** One conversation as `userId` sees it (their unread count): the answer of a route that changed it. */
export async function getConversationView(
  db: Db,
  accountId: string,
  userId: string,
  id: string,
): Promise<ConversationView> {
  const row = await getConversation(db, accountId, id);
  const unread = (await unreadCounts(db, [userId], [id])).get(userId);
  return toConversationView(row.conversation, row.contact, row.labels, row.assignee, new Date(), unread?.get(id) ?? 0);
}

/** Conversations with their contact, labels and assignee, for the caller to narrow down with `.where`. */
export const selectConversations = (db: Db | Tx) =>
  db
    .select({
      conversation: conversations,
      contact: contacts,
      labels: conversationLabelsSql,
      assignee: conversationAssigneeSql,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId));

/**
 * Most conversation routes start with this read (open, send, note, label, read receipt): built once, as Drizzle's
 * building of this select with its labels and assignee cost more CPU than running it (issue #15).
 */
const conversationById = preparedPerDatabase((db) =>
  selectConversations(db)
    .where(and(eq(conversations.id, sql.placeholder('id')), eq(conversations.accountId, sql.placeholder('accountId'))))
    .limit(1)
    .prepare('conversation_by_id'),
);

export async function getConversation(
  db: Db,
  accountId: string,
  id: string,
): Promise<{ conversation: ConversationRow; contact: ContactRow; labels: Label[]; assignee: Assignee | null }> {
  if (!isUuid(id)) throw notFound(CONVERSATION_NOT_FOUND);
  const [row] = await conversationById(db).execute({ id, accountId });
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return { ...row, labels: labelsOf(row.labels), assignee: assigneeOf(row.assignee) };
}

// The conversation's order: WhatsApp's time, then arrival, then id (stable for equal times).
const timeline = sql`coalesce(${messages.sentAt}, ${messages.createdAt})`;
const newestFirst = [sql`${timeline} desc`, desc(messages.createdAt), desc(messages.id)];

/** A page of a conversation's messages, newest first: what opening a conversation reads, so built once. */
const newestMessages = preparedPerDatabase((db) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, sql.placeholder('conversationId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('newest_messages'),
);

/** The page before a message (`anchor…`: its time in the order above), newest first. */
const messagesBefore = preparedPerDatabase((db) =>
  db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, sql.placeholder('conversationId')),
        sql`(${timeline}, ${messages.createdAt}, ${messages.id}) < (${sql.placeholder('anchorTime')}::timestamptz, ${sql.placeholder('anchorCreatedAt')}::timestamptz, ${sql.placeholder('anchorId')}::uuid)`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('messages_before'),
);

/** The conversation and a page of its messages, oldest first: the newest ones, or those before `before`. */
export async function getConversationDetail(
  db: Db,
  links: MediaLinkSigner,
  accountId: string,
  id: string,
  page: { before?: string; limit: number },
): Promise<ConversationDetailView> {
  const { conversation, contact, labels, assignee } = await getConversation(db, accountId, id);
  let rows: MessageRow[];
  if (page.before) {
    const [anchor] = isUuid(page.before)
      ? await db
          .select({ createdAt: messages.createdAt, id: messages.id, sentAt: messages.sentAt })
          .from(messages)
          .where(and(eq(messages.id, page.before), eq(messages.conversationId, conversation.id)))
          .limit(1)
      : [];
    if (!anchor) throw badRequest('Before must be the id of a message of this conversation');
    rows = await messagesBefore(db).execute({
      conversationId: conversation.id,
      limit: page.limit + 1,
      anchorTime: (anchor.sentAt ?? anchor.createdAt).toISOString(),
      anchorCreatedAt: anchor.createdAt.toISOString(),
      anchorId: anchor.id,
    });
  } else {
    rows = await newestMessages(db).execute({ conversationId: conversation.id, limit: page.limit + 1 });
  }
  const now = new Date();
  const shown = rows.slice(0, page.limit).reverse();
  return {
    ...toConversationView(conversation, contact, labels, assignee, now),
    messages: shown.map((row: MessageRow) => toMessageView(row, links, now)),
    hasMore: rows.length > page.limit,
  };
}

/** A message of the account's conversation; 404 otherwise. */
export async function getMessageOf(
  db: Db | Tx,
  accountId: string,
  conversationId: string,
  messageId: string,
): Promise<MessageRow> {
  const message = isUuid(messageId)
    ? (
        await db
          .select()
          .from(messages)
          .where(
            and(
              eq(messages.id, messageId),
              eq(messages.conversationId, conversationId),
              eq(messages.accountId, accountId),
            ),
          )
          .limit(1)
      )[0]
    : undefined;
  if (!message) throw notFound(ERROR_TEXTS.message_not_found);
  return message;
}
