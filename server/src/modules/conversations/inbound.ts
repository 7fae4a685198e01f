/**
 * Incoming WhatsApp messages and reactions into the database. Each message is stored once per account (unique
 * wamid: a redelivered webhook changes nothing) together with its contact and conversation, in one
 * transaction; a media message's file is fetched afterwards by a `media.download` job queued in that same
 * transaction, so the message is visible at once and the file follows.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { InboundMessageEvent } from '../../channel/whatsapp';
import type { Db, Tx } from '../../db/client';
import type { JobRunner } from '../../jobs';
import { isUuid } from '../contacts/paging';
import { findOrCreateContactByPhone } from '../contacts/service';
import { ensureConversation, noteNewMessage } from './conversation-updates';
import { MEDIA_DOWNLOAD_JOB } from './job-kinds';
import { messages, type StoredContent, type StoredReaction } from './schema';

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/** What we keep of WhatsApp's message content (see views.ts for the shapes clients read). */
export function storedContentOf(event: InboundMessageEvent): StoredContent {
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
    case 'unsupported':
      content.unsupported = c.unsupported ?? {};
      break;
    default:
      break;
  }
  if (event.forwarded) content.forwarded = true;
  return content;
}

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

export interface StoredInbound {
  messageId: string;
  /** A media download was queued (poke the job runner). */
  queuedDownload: boolean;
}

/** Stores one incoming message (not a reaction); null when it was already stored. */
export async function storeInboundMessage(
  db: Db,
  jobs: JobRunner,
  accountId: string,
  event: InboundMessageEvent,
): Promise<StoredInbound | null> {
  return db.transaction(async (tx) => {
    const contact = await findOrCreateContactByPhone(tx as unknown as Db, accountId, event.from, event.profileName);
    const conversation = await ensureConversation(tx, accountId, contact.id);
    const replyToId = event.replyToWamid ? await messageIdByWamid(tx, accountId, event.replyToWamid) : null;
    let content = storedContentOf(event);
    if (event.type === 'interactive') content = await withFormName(tx, accountId, content);
    const now = new Date();
    const customerWroteAt = event.timestamp.getTime() < now.getTime() ? event.timestamp : now;
    const isMedia = MEDIA_TYPES.has(event.type) && Boolean(event.content.mediaId);
    const [stored] = await tx
      .insert(messages)
      .values({
        accountId,
        conversationId: conversation.id,
        type: event.type,
        direction: 'incoming',
        content,
        replyToId,
        replyToWamid: event.replyToWamid ?? null,
        wamid: event.wamid,
        mediaId: isMedia ? (event.content.mediaId ?? null) : null,
        sentAt: customerWroteAt,
      })
      .onConflictDoNothing({ target: [messages.accountId, messages.wamid] })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    if (!stored) return null;
    await noteNewMessage(tx, conversation.id, { createdAt: stored.createdAt, incoming: true, customerWroteAt });
    if (isMedia) {
      await jobs.enqueue(tx, { kind: MEDIA_DOWNLOAD_JOB, payload: { messageId: stored.id }, maxAttempts: 8 });
    }
    return { messageId: stored.id, queuedDownload: isMedia };
  });
}

/**
 * A customer's reaction lands on the message it reacts to (one reaction per customer per message; no emoji =
 * removed). WhatsApp's timestamp decides between events that arrive out of order. Returns the reacted
 * message's id when it changed; reactions to messages we do not have are dropped.
 */
export async function applyReaction(db: Db, accountId: string, event: InboundMessageEvent): Promise<string | null> {
  const reaction = event.content.reaction;
  if (!reaction) return null;
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: messages.id, reactions: messages.reactions })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.wamid, reaction.messageId)))
      .limit(1)
      .for('update');
    if (!target) return null;
    const at = event.timestamp.toISOString();
    const current = target.reactions.find((existing) => existing.from === event.from);
    if (current && (current.at > at || (current.at === at && current.emoji === reaction.emoji))) return null;
    const next: StoredReaction[] = [
      ...target.reactions.filter((existing) => existing.from !== event.from),
      { from: event.from, emoji: reaction.emoji, at },
    ];
    await tx
      .update(messages)
      .set({ reactions: next, updatedAt: sql`clock_timestamp()` })
      .where(eq(messages.id, target.id));
    return target.id;
  });
}
