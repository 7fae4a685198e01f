/**
 * A run of plain incoming messages (a batch, or webhooks that arrived together) stored with a few queries for
 * the whole run instead of five per message: one read of the wamids already stored, one locked read of the
 * senders' contacts, one of their conversations, one insert of all the messages (in arrival order, so their
 * times keep it) and one update of all their conversations' last-message columns. The result per message is what
 * storeInboundMessage would give. Plain: a customer known by wa_id only, no reply, reaction, form answer,
 * number change, welcome request or history — those keep storeInboundMessage.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { InboundMessageEvent, WebhookEvent } from '../../channel/whatsapp';
import type { Tx } from '../../db/client';
import type { JobRunner } from '../../jobs';
import { contactIdsOfNumbers } from '../contacts/service';
import { ensureConversation, noteNewIncoming, type IncomingNote } from './conversation-updates';
import { insertIncomingRows, opensServiceWindow, type StoredInbound } from './inbound';
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

const digitsOf = (value: string | null) => (value ?? '').replace(/\D/g, '');

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

/** Stores plain incoming messages of one account; per message, null when it was already stored. */
export async function storePlainIncomingRun(
  tx: Tx,
  jobs: JobRunner,
  accountId: string,
  events: InboundMessageEvent[],
): Promise<Array<StoredInbound | null>> {
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
