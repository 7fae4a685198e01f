/**
 * A run of plain incoming messages (a batch, or webhooks that arrived together) stored with a few queries for
 * the whole run instead of five per message. The usual run (customers we know, nothing to download) is one
 * statement: storeSettledRun. Otherwise: one read of the wamids already stored, one locked read of the senders'
 * contacts, one of their conversations, one insert of all the messages (in arrival order, so their times keep
 * it) and one update of all their conversations' last-message columns. The result per message is what
 * storeInboundMessage would give. Plain: a customer known by wa_id only, no reply, reaction, form answer,
 * number change, welcome request or history — those keep storeInboundMessage.
 */
import { and, eq, inArray, sql, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { InboundMessageEvent, WebhookEvent } from '../../channel/whatsapp';
import type { Db, Tx } from '../../db/client';
import type { JobRunner } from '../../jobs';
import { rowFromJson } from '../../db/json-rows';
import { conversationAssigneeSql } from '../assignment/of-conversation';
import { contacts } from '../contacts/schema';
import { contactIdsOfNumbers } from '../contacts/service';
import { conversationLabelsSql } from '../labels/of-conversation';
import type { EventRow } from './events';
import { ensureConversation, noteIncomingSql, noteNewIncoming, type IncomingNote } from './conversation-updates';
import {
  downloadableMediaId,
  insertIncomingRows,
  notInFuture,
  opensServiceWindow,
  runStoredTimeSql,
  storedContentOf,
  type StoredInbound,
} from './inbound';
import { conversations, messages } from './schema';

const ONE_BY_ONE_TYPES = new Set(['reaction', 'interactive', 'system', 'request_welcome']);

export const isPlainIncoming = (event: WebhookEvent): event is InboundMessageEvent =>
  event.kind === 'message' &&
  !ONE_BY_ONE_TYPES.has(event.type) &&
  !event.replyToWamid &&
  !event.history &&
  Boolean(event.customer.waId?.replace(/\D/g, '')) &&
  !event.customer.userId &&
  !event.customer.username;

/** The least power of two not below `count`: the limit the storing statement's input says it has. */
const rowsEstimateOf = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(1, count)));

const digitsOf = (value: string | null) => (value ?? '').replace(/\D/g, '');
const trimmedName = (value: string | null | undefined) => value?.trim() ?? '';

const dialect = new PgDialect();
/**
 * The storing statement's text per input size and event columns, built once: Drizzle's building of it was a
 * visible part of the webhook path's CPU (bench P1), and on PostgreSQL a named statement is parsed once per
 * connection instead of per run.
 */
const settledRunQueries = new Map<string, Query>();

/** storeSettledRun's statement, `accountId` and `input` (the run as JSON) its parameters. */
function settledRunStatement(db: Db | Tx, rowsEstimate: number, withEventRows: boolean) {
  const name = `store_settled_run_${rowsEstimate}${withEventRows ? '_events' : ''}`;
  let query = settledRunQueries.get(name);
  if (!query) settledRunQueries.set(name, (query = dialect.sqlToQuery(settledRunSql(rowsEstimate, withEventRows))));
  return db._.session.prepareQuery(query, undefined, name, false);
}

const settledRunSql = (rowsEstimate: number, withEventRows: boolean) => {
  const accountId = sql.placeholder('accountId');
  return sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('input')}::jsonb)
        as i("order" int, wamid text, wa_id text, profile_name text, type text, content jsonb, sent_at timestamptz)
      -- Changes nothing but PostgreSQL's estimate (a set-returning function counts as 100 rows): with it the plan
      -- looks each sender up by index; without, a run of one message could read every conversation of the account,
      -- a cost that grew with the account (docs/reliability.md). A literal, not a parameter, so that a prepared
      -- statement's generic plan knows it too (it takes a parameter's limit for 10 rows); rounded up to a power of
      -- two, so a few texts serve every length.
      limit ${sql.raw(String(rowsEstimate))}
    ),
    -- The last message of a sender carries their newest profile name.
    numbers as (select distinct on (wa_id) wa_id, profile_name from input order by wa_id, "order" desc),
    -- A sender's contacts by phone or by wa_id: two index lookups per number (one scan with an OR of the two read
    -- every contact of the account), then locked in id order, so two runs cannot deadlock.
    matched as (
      select distinct m.id from numbers n cross join lateral (
        select c.id from contacts c where c.account_id = ${accountId} and c.phone = n.wa_id
        union
        select c.id from contacts c where c.account_id = ${accountId} and c.wa_id = n.wa_id
      ) m
    ),
    locked as (
      select c.id, c.phone, c.wa_id, c.deleted_at, c.profile_name from matched m join contacts c on c.id = m.id
      order by c.id
      for update of c
    ),
    senders as (
      select n.wa_id, min(l.id::text)::uuid as contact_id, count(l.id) = 1 and bool_and(l.wa_id = n.wa_id
          and l.phone is not null and l.deleted_at is null and (n.profile_name = '' or l.profile_name = n.profile_name))
        as settled
      from numbers n left join locked l on l.phone = n.wa_id or l.wa_id = n.wa_id
      group by n.wa_id
    ),
    -- Each sender's conversation by its unique (account, contact) key, one lookup per sender: as a join (which a
    -- lateral subquery without the limit becomes), PGlite's generic plan read every conversation of the account and
    -- filtered them (bench P1 at 200 customers, docs/reliability.md).
    targets as (
      select s.wa_id, v.id as conversation_id from senders s
      cross join lateral (
        select v.id from conversations v where v.account_id = ${accountId} and v.contact_id = s.contact_id limit 1
      ) v
      where s.settled
    ),
    settled as (select (select count(*) from targets) = (select count(*) from numbers) as ok),
    inserted as (
      insert into messages (account_id, conversation_id, type, direction, content, wamid, sent_at, created_at)
      select ${accountId}, t.conversation_id, i.type, 'incoming', i.content, i.wamid, i.sent_at,
        ${runStoredTimeSql(sql`t.conversation_id`, sql`(row_number() over (partition by t.conversation_id order by i."order") - 1)`)}
      from input i join targets t on t.wa_id = i.wa_id
      where (select ok from settled)
      order by i."order"
      on conflict (account_id, wamid) do nothing
      returning *
    ),
    -- A data-modifying WITH query runs whether or not the rest reads it.
    noted as (${noteIncomingSql(sql`
      select conversation_id, count(*)::int, min(created_at), max(created_at), max(sent_at)
      from inserted group by conversation_id`)}
      returning conversations.*)
    select s.ok as settled, i.id, i.wamid ${withEventRows ? eventRowColumns : sql``}
    from settled s left join inserted i on true ${withEventRows ? eventRowJoins : sql``}`;
};

/**
 * The usual run in one statement, where the steps below cost a round trip each (most of a big batch's time, bench
 * P7; docs/reliability.md): every sender already one settled contact (contactIdsOfNumbers' rule: the only row with that number,
 * its wa_id, not deleted, the same profile name) with a conversation, and no file to download. Then the messages
 * are inserted (a wamid already stored is skipped) and their conversations noted as insertIncomingRows and
 * noteNewIncoming do. Per message, as storePlainIncomingRun; null when some sender is not settled: nothing was
 * written, and the caller takes the steps. One statement is atomic: `db` need not be a transaction.
 *
 * `withEventRows` (the statement runs on its own, so it is the commit): each stored message also gets the rows
 * of its `message` event as committed (events.ts), returned by the same statement, so announcing it reads
 * nothing again (bench P1: that read was the second largest statement per message on PGlite).
 */
export async function storeSettledRun(
  db: Db | Tx,
  accountId: string,
  events: InboundMessageEvent[],
  { withEventRows = false }: { withEventRows?: boolean } = {},
): Promise<Array<StoredInbound | null> | null> {
  const wamids = new Set<string>();
  const fresh = events.filter((event) => !wamids.has(event.wamid) && Boolean(wamids.add(event.wamid)));
  if (fresh.some((event) => downloadableMediaId(event) !== null)) return null;
  const input = fresh.map((event, order) => ({
    order,
    wamid: event.wamid,
    wa_id: digitsOf(event.customer.waId),
    profile_name: trimmedName(event.customer.profileName),
    type: event.type,
    content: storedContentOf(event),
    sent_at: notInFuture(event.timestamp).toISOString(),
  }));
  const result = await settledRunStatement(db, rowsEstimateOf(input.length), withEventRows).execute({
    accountId,
    input: JSON.stringify(input),
  });
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    { settled: boolean; id: string | null; wamid: string | null } & Partial<Record<keyof EventRow, unknown>>
  >;
  if (!rows[0]?.settled) return null;
  const stored = new Map(rows.flatMap((row) => (row.id && row.wamid ? [[row.wamid, row] as const] : [])));
  // Each wamid's first message of the run is the one stored; a repeat is a redelivery.
  return events.map((event) => {
    const row = stored.get(event.wamid);
    if (!row?.id) return null;
    stored.delete(event.wamid);
    return { messageId: row.id, queuedDownload: false, ...(withEventRows ? { eventRow: eventRowOf(row) } : {}) };
  });
}

/**
 * A stored message's event rows, from the statement itself: the message as inserted, its conversation as the
 * statement left it (`noted` names it `conversations`, which the labels' and assignee's subqueries refer to), its
 * contact, which a settled run never changes.
 */
const eventRowColumns = sql`, to_json(i) as message, to_json(conversations) as conversation, to_json(c) as contact,
  ${conversationLabelsSql} as labels, ${conversationAssigneeSql} as assignee`;
const eventRowJoins = sql`left join noted conversations on conversations.id = i.conversation_id
  left join contacts c on c.id = conversations.contact_id`;

/** Undefined when a row is missing (never seen): the message is then announced by reading it after all. */
function eventRowOf(row: Partial<Record<keyof EventRow, unknown>>): EventRow | undefined {
  const message = rowFromJson(messages, row.message as string);
  const conversation = rowFromJson(conversations, row.conversation as string);
  const contact = rowFromJson(contacts, row.contact as string);
  if (!message || !conversation || !contact) return undefined;
  return {
    message,
    conversation,
    contact,
    labels: row.labels as EventRow['labels'],
    assignee: row.assignee as EventRow['assignee'],
  };
}

async function conversationIdsOf(tx: Tx, accountId: string, contactIds: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: conversations.id, contactId: conversations.contactId })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), inArray(conversations.contactId, contactIds)));
  const ids = new Map(rows.map((row) => [row.contactId, row.id]));
  for (const contactId of contactIds) {
    if (!ids.has(contactId)) ids.set(contactId, (await ensureConversation(tx, accountId, contactId)).id);
  }
  return ids;
}

/**
 * Stores plain incoming messages of one account; per message, null when it was already stored. `settledTried`:
 * the caller just ran storeSettledRun on these events and it found a sender not settled.
 */
export async function storePlainIncomingRun(
  tx: Tx,
  jobs: JobRunner,
  accountId: string,
  events: InboundMessageEvent[],
  { settledTried = false }: { settledTried?: boolean } = {},
): Promise<Array<StoredInbound | null>> {
  const settled = settledTried ? null : await storeSettledRun(tx, accountId, events);
  if (settled) return settled;
  // Redeliveries stop here, before they could (re)create a contact, as in storeInboundMessage.
  const stored = await tx
    .select({ wamid: messages.wamid })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), inArray(messages.wamid, [...new Set(events.map((e) => e.wamid))])));
  const seen = new Set(stored.map((row) => row.wamid));
  const fresh = events.filter((event) => !seen.has(event.wamid) && Boolean(seen.add(event.wamid)));
  if (fresh.length === 0) return events.map(() => null);

  // The last message of a sender carries their newest profile name.
  const identities = new Map(fresh.map((event) => [digitsOf(event.customer.waId), event.customer]));
  const contactIds = await contactIdsOfNumbers(tx, accountId, [...identities.values()]);
  const conversationIds = await conversationIdsOf(tx, accountId, [...new Set(contactIds.values())]);

  const rows = fresh.map((event) => {
    const conversationId = conversationIds.get(contactIds.get(digitsOf(event.customer.waId)) ?? '');
    if (!conversationId) throw new Error('a sender of the run has no conversation');
    return { conversationId, event };
  });
  const inserted = await insertIncomingRows(tx, jobs, accountId, rows);
  const results = new Map<InboundMessageEvent, StoredInbound>();
  const notes = new Map<string, IncomingNote>();
  for (const { conversationId, event } of rows) {
    const row = inserted.get(event.wamid);
    if (!row) continue;
    results.set(event, { messageId: row.id, queuedDownload: row.queuedDownload });
    const note = notes.get(conversationId) ?? {
      conversationId,
      createdAt: row.createdAt,
      incomingRows: { count: 0, firstCreatedAt: row.createdAt },
    };
    if (row.createdAt > note.createdAt) note.createdAt = row.createdAt;
    if (row.createdAt < note.incomingRows.firstCreatedAt) note.incomingRows.firstCreatedAt = row.createdAt;
    note.incomingRows.count += 1;
    if (opensServiceWindow(event) && !(note.customerWroteAt && note.customerWroteAt >= row.sentAt)) {
      note.customerWroteAt = row.sentAt;
    }
    notes.set(conversationId, note);
  }
  // One update for every conversation does what one per message would: the newest time wins either way.
  await noteNewIncoming(tx, [...notes.values()]);
  return events.map((event) => results.get(event) ?? null);
}
