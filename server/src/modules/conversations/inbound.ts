/**
 * Incoming WhatsApp messages and reactions into the database, and the business's own messages sent outside
 * Parley (WhatsApp Business app echoes, coexistence history). Each message is stored once per account (unique
 * wamid: a redelivered webhook changes nothing) together with its contact and conversation, in the caller's
 * transaction (webhook-commit.ts stores webhooks that arrive together in one); a media message's file is
 * fetched afterwards by a `media.download` job queued in that same transaction, so the message is visible at
 * once and the file follows. A message's place in its conversation is
 * WhatsApp's timestamp (never in the future), so redeliveries and parallel webhooks never reorder it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BusinessMessageEvent, InboundMessageEvent, MessageContent } from '../../channel/whatsapp';
import type { Tx } from '../../db/client';
import type { JobRunner } from '../../jobs';
import { isUuid } from '../../http/ids';
import { findOrCreateCustomerContact, moveContactToNumber } from '../contacts/service';
import { ensureConversation, noteNewMessage } from './conversation-updates';
import { lockWamid } from './delivery-status';
import type { EventRow } from './events';
import { MEDIA_DOWNLOAD_JOB } from './job-kinds';
import { messages, type DeliveryStatus, type StoredContent, type StoredReaction } from './schema';

/**
 * The moment each message row is written. A group commit stores many webhooks in one transaction, where the
 * column's default (now(): the transaction's start) would give them all the same createdAt, and messages within
 * one WhatsApp second would then be ordered by their random ids (docs/product-rules.md: timestamp, then createdAt,
 * then id). clock_timestamp() moves on between statements, so arrival order stays the tie-break.
 */
const STORED_NOW = sql<Date>`clock_timestamp()`;
import { capStrings } from './stored-text';

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/**
 * Types whose arrival opens the 24-hour customer-service window: a message the customer wrote or tapped.
 * `system` (WhatsApp's notice of a number change) and `request_welcome` (the chat was opened, nothing was
 * written) do not; neither do past messages from a history batch.
 */
const WINDOW_CLOSED_TYPES = new Set(['system', 'request_welcome']);
export const opensServiceWindow = (event: InboundMessageEvent) =>
  !event.history && !WINDOW_CLOSED_TYPES.has(event.type);

/** What we keep of WhatsApp's message content (see views.ts for the shapes clients read), long texts cut. */
export function storedContentOf(event: {
  type: string;
  content: MessageContent;
  forwarded?: boolean;
  referral?: InboundMessageEvent['referral'];
}): StoredContent {
  return capStrings(contentByType(event));
}

function contentByType(event: Parameters<typeof storedContentOf>[0]): StoredContent {
  const c = event.content;
  const content: StoredContent = {};
  switch (event.type) {
    case 'text':
      content.text = c.text ?? '';
      break;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      if (c.caption) content.caption = c.caption;
      if (c.mimeType) content.mimeType = c.mimeType;
      if (c.fileName) content.fileName = c.fileName;
      if (c.sha256) content.sha256 = c.sha256;
      if (c.voice !== undefined) content.voice = c.voice;
      if (c.animated !== undefined) content.animated = c.animated;
      // History batches describe media without the file's id: there is nothing to fetch.
      if (!c.mediaId) content.mediaUnavailable = true;
      break;
    case 'location':
      if (c.location) content.location = c.location;
      break;
    case 'contacts':
      content.contacts = c.contacts ?? [];
      break;
    case 'interactive': {
      const reply = c.interactive;
      if (reply?.type === 'nfm_reply') {
        content.interactive = {
          type: 'nfm_reply',
          answers: reply.answers ?? {},
          ...(reply.flowToken !== undefined ? { flowToken: reply.flowToken } : {}),
        };
      } else if (reply) {
        const tapped = {
          id: reply.id,
          title: reply.title,
          ...(reply.description ? { description: reply.description } : {}),
        };
        content.interactive = { type: reply.type, [reply.type]: tapped };
        if (reply.title) content.text = reply.title;
      }
      break;
    }
    case 'button':
      if (c.button) {
        content.button = c.button;
        content.text = c.button.text;
      }
      break;
    case 'order':
      if (c.order) content.order = c.order;
      break;
    case 'system':
      if (c.system) {
        const { newUserId: _newUserId, ...system } = c.system;
        content.system = system;
      }
      break;
    case 'unsupported':
      content.unsupported = c.unsupported ?? {};
      break;
    default:
      break;
  }
  if (event.forwarded) content.forwarded = true;
  if (event.referral) content.referral = event.referral;
  return content;
}

/** WhatsApp's time of a message, never later than now (a sender's clock can be ahead). */
export const notInFuture = (timestamp: Date, now = new Date()) =>
  timestamp.getTime() < now.getTime() ? timestamp : now;

async function messageIdByWamid(tx: Tx, accountId: string, wamid: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.wamid, wamid)))
    .limit(1);
  return row?.id ?? null;
}

/** A form answer names the form: its flow_token is the id of the form message we sent. */
async function withFormName(tx: Tx, accountId: string, content: StoredContent): Promise<StoredContent> {
  const token = content.interactive?.flowToken;
  if (typeof token !== 'string' || !isUuid(token)) return content;
  const [sent] = await tx
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.id, token), eq(messages.accountId, accountId), eq(messages.direction, 'outgoing')))
    .limit(1);
  const name = sent?.content.interactive?.name;
  return typeof name === 'string' ? { ...content, interactive: { ...content.interactive, name } } : content;
}

/** The file id of a media message that has one (its download is queued with the message), else null. */
export const downloadableMediaId = (event: InboundMessageEvent | BusinessMessageEvent) =>
  MEDIA_TYPES.has(event.type) && event.content.mediaId ? event.content.mediaId : null;

const queueDownload = (tx: Tx, jobs: JobRunner, messageId: string) =>
  jobs.enqueue(tx, { kind: MEDIA_DOWNLOAD_JOB, payload: { messageId }, maxAttempts: 8 });

/**
 * Inserts one message of a WhatsApp event (incoming, or the business's own): its type, wamid, file id and
 * WhatsApp's time never in the future; nothing (null) when the wamid is already stored. `row` is the rest.
 */
async function insertEventMessage(
  tx: Tx,
  event: InboundMessageEvent | BusinessMessageEvent,
  row: Omit<typeof messages.$inferInsert, 'type' | 'wamid' | 'mediaId' | 'sentAt' | 'createdAt'>,
) {
  const sentAt = notInFuture(event.timestamp);
  const mediaId = downloadableMediaId(event);
  const [stored] = await tx
    .insert(messages)
    .values({ ...row, type: event.type, wamid: event.wamid, mediaId, sentAt, createdAt: STORED_NOW })
    .onConflictDoNothing({ target: [messages.accountId, messages.wamid] })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  return stored ? { ...stored, sentAt, isMedia: mediaId !== null } : null;
}

export interface StoredInbound {
  messageId: string;
  /** A media download was queued (poke the job runner). */
  queuedDownload: boolean;
  /** The rows of its `message` event as committed, when the statement that stored it was the commit. */
  eventRow?: EventRow;
}

/**
 * Inserts an incoming message into its conversation (nothing when the wamid is already stored) and queues the
 * download of its file; the caller keeps the conversation's last-message columns in step.
 */
export async function insertIncoming(
  tx: Tx,
  jobs: JobRunner,
  accountId: string,
  conversationId: string,
  event: InboundMessageEvent,
  { content = storedContentOf(event), replyToId = null }: { content?: StoredContent; replyToId?: string | null } = {},
) {
  const stored = await insertEventMessage(tx, event, {
    accountId,
    conversationId,
    direction: 'incoming',
    content,
    replyToId,
    replyToWamid: event.replyToWamid ?? null,
  });
  if (!stored) return null;
  if (stored.isMedia) await queueDownload(tx, jobs, stored.id);
  return { id: stored.id, createdAt: stored.createdAt, sentAt: stored.sentAt, queuedDownload: stored.isMedia };
}

/**
 * The stored time of a run's message (insertIncomingRows, storeSettledRun): the clock or a millisecond after its
 * conversation's last message, whichever is later, plus its place among the run's rows of that conversation in
 * milliseconds.
 */
export const runStoredTimeSql = (conversationId: SQL, place: SQL) =>
  sql<Date>`greatest(clock_timestamp(), (select c.last_message_at from conversations c where c.id = ${conversationId}) + interval '1 millisecond') + ${place} * interval '1 millisecond'`;

/**
 * Several incoming messages (a run, inbound-run.ts) in one INSERT, in the order given; by wamid, those stored
 * (a wamid already there is skipped, as in insertIncoming). createdAt is arrival order within a conversation
 * (the tie-break after WhatsApp's timestamp): the column keeps milliseconds, so one statement's rows would share
 * one; each row takes runStoredTimeSql.
 */
export async function insertIncomingRows(
  tx: Tx,
  jobs: JobRunner,
  accountId: string,
  rows: Array<{ conversationId: string; event: InboundMessageEvent }>,
) {
  const stored = new Map<string, { id: string; createdAt: Date; sentAt: Date; queuedDownload: boolean }>();
  if (rows.length === 0) return stored;
  const places = new Map<string, number>();
  const values = rows.map(({ conversationId, event }) => {
    const place = places.get(conversationId) ?? 0;
    places.set(conversationId, place + 1);
    return {
      accountId,
      conversationId,
      type: event.type,
      direction: 'incoming' as const,
      content: storedContentOf(event),
      replyToId: null,
      replyToWamid: event.replyToWamid ?? null,
      wamid: event.wamid,
      mediaId: downloadableMediaId(event),
      sentAt: notInFuture(event.timestamp),
      createdAt: runStoredTimeSql(sql`${conversationId}::uuid`, sql`${place}::int`),
    };
  });
  const inserted = await tx
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.accountId, messages.wamid] })
    .returning({ id: messages.id, wamid: messages.wamid, createdAt: messages.createdAt });
  const byWamid = new Map(values.map((value) => [value.wamid, value]));
  for (const row of inserted) {
    const value = byWamid.get(row.wamid as string);
    if (!value) continue;
    const queuedDownload = Boolean(value.mediaId);
    if (queuedDownload) await queueDownload(tx, jobs, row.id);
    stored.set(value.wamid, { id: row.id, createdAt: row.createdAt, sentAt: value.sentAt, queuedDownload });
  }
  return stored;
}

/** Stores one incoming message (not a reaction); null when it was already stored. */
export async function storeInboundMessage(
  tx: Tx,
  jobs: JobRunner,
  accountId: string,
  event: InboundMessageEvent,
): Promise<StoredInbound | null> {
  // A redelivery stops here, before it could (re)create a contact the message has since moved away from.
  if (await messageIdByWamid(tx, accountId, event.wamid)) return null;
  const contact = await findOrCreateCustomerContact(tx, accountId, event.customer);
  const conversation = await ensureConversation(tx, accountId, contact.id);
  const replyToId = event.replyToWamid ? await messageIdByWamid(tx, accountId, event.replyToWamid) : null;
  let content = storedContentOf(event);
  if (event.type === 'interactive') content = await withFormName(tx, accountId, content);
  const stored = await insertIncoming(tx, jobs, accountId, conversation.id, event, { content, replyToId });
  if (!stored) return null;
  await noteNewMessage(tx, conversation.id, {
    // A past message takes its own place in the list and never reopens a closed conversation.
    createdAt: event.history ? stored.sentAt : stored.createdAt,
    incoming: true,
    incomingRows: { count: 1, firstCreatedAt: stored.createdAt },
    ...(event.history ? { keepStatus: true } : {}),
    ...(opensServiceWindow(event) ? { customerWroteAt: stored.sentAt } : {}),
  });
  const system = event.content.system;
  if (event.type === 'system' && (system?.newWaId || system?.newUserId)) {
    // The customer changed number: their contact (and so this conversation) moves to the new one.
    await moveContactToNumber(tx, accountId, contact.id, { waId: system.newWaId, userId: system.newUserId });
  }
  return { messageId: stored.id, queuedDownload: stored.queuedDownload };
}

/** history_context.status of a past business message → our delivery status. */
function historyStatus(status: string | undefined): DeliveryStatus {
  if (status === 'read' || status === 'played') return 'read';
  if (status === 'delivered') return 'delivered';
  if (status === 'error' || status === 'failed') return 'failed';
  return 'sent';
}

/**
 * A message the business sent from the WhatsApp Business app (echo) or a past one (history): stored as
 * outgoing, `sentFrom: 'phone_app'`, never opening the 24-hour window. An echo of a message Parley sent itself
 * has a wamid we already hold, so it changes nothing; null when the wamid was already stored.
 */
export async function storeBusinessMessage(
  tx: Tx,
  jobs: JobRunner,
  accountId: string,
  event: BusinessMessageEvent,
): Promise<StoredInbound | null> {
  await lockWamid(tx, accountId, event.wamid);
  if (await messageIdByWamid(tx, accountId, event.wamid)) return null;
  const contact = await findOrCreateCustomerContact(tx, accountId, event.customer);
  const conversation = await ensureConversation(tx, accountId, contact.id);
  const status = event.source === 'history' ? historyStatus(event.status) : 'sent';
  const stored = await insertEventMessage(tx, event, {
    accountId,
    conversationId: conversation.id,
    direction: 'outgoing',
    content: storedContentOf(event),
    status,
    ...(status === 'failed' ? { errorTitle: 'Not delivered' } : {}),
    sentFrom: 'phone_app',
  });
  if (!stored) return null;
  await noteNewMessage(tx, conversation.id, {
    createdAt: event.source === 'history' ? stored.sentAt : stored.createdAt,
    incoming: false,
    ...(event.source === 'history' ? { keepStatus: true } : {}),
  });
  if (stored.isMedia) await queueDownload(tx, jobs, stored.id);
  return { messageId: stored.id, queuedDownload: stored.isMedia };
}

/**
 * A customer's reaction lands on the message it reacts to (one reaction per customer per message; no emoji =
 * removed). WhatsApp's timestamp decides between events that arrive out of order. Returns the reacted
 * message's id when it changed; reactions to messages we do not have are dropped.
 */
export async function applyReaction(tx: Tx, accountId: string, event: InboundMessageEvent): Promise<string | null> {
  const reaction = event.content.reaction;
  if (!reaction) return null;
  const [target] = await tx
    .select({ id: messages.id, reactions: messages.reactions })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.wamid, reaction.messageId)))
    .limit(1)
    .for('update');
  if (!target) return null;
  const at = event.timestamp.toISOString();
  // A username customer has no wa_id: their user id names the reaction's author.
  const from = event.from ?? event.customer.userId ?? '';
  const current = target.reactions.find((existing) => existing.from === from);
  if (current && (current.at > at || (current.at === at && current.emoji === reaction.emoji))) return null;
  const next: StoredReaction[] = [
    ...target.reactions.filter((existing) => existing.from !== from),
    { from, emoji: reaction.emoji, at },
  ];
  await tx
    .update(messages)
    .set({ reactions: next, updatedAt: sql`clock_timestamp()` })
    .where(eq(messages.id, target.id));
  return target.id;
}
