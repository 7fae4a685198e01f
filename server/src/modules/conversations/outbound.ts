/**
 * Outgoing messages: stored first (pending) with the send job in the same transaction, answered to the agent,
 * then sent by the job (send-job.ts). The conversation becomes active unless archived, and the message its
 * last one.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  flowMessage,
  locationMessage,
  mediaMessage,
  templateMessage,
  textMessage,
  type MediaKind,
  type OutboundPayload,
  type Recipient,
} from '../../channel/whatsapp';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs';
import { claimOnReply } from '../assignment/service';
import { noteNewMessage } from './conversation-updates';
import { SEND_MESSAGE_JOB } from './job-kinds';
import { messages, type MessageRow, type StoredContent } from './schema';
import { channelTiming } from './timing';

export interface NewOutgoingMessage {
  type: string;
  content: StoredContent;
  replyToId?: string | null;
  /** Our copy of the file to upload (media and assets). */
  storageKey?: string | null;
  /** The staff member sending it (reports credit first replies to them). */
  sentByUserId?: string | null;
}

const sendJob = (messageId: string, conversationId: string) => ({
  kind: SEND_MESSAGE_JOB,
  payload: { messageId },
  groupKey: `conversation:${conversationId}`,
  maxAttempts: channelTiming.sendMaxAttempts,
});

export async function createOutgoingMessage(
  db: Db,
  jobs: JobRunner,
  accountId: string,
  conversationId: string,
  message: NewOutgoingMessage,
): Promise<MessageRow> {
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(messages)
      .values({
        accountId,
        conversationId,
        type: message.type,
        direction: 'outgoing',
        content: message.content,
        replyToId: message.replyToId ?? null,
        status: 'pending',
        storageKey: message.storageKey ?? null,
        sentByUserId: message.sentByUserId ?? null,
      })
      .returning();
    await noteNewMessage(tx, conversationId, { createdAt: stored.createdAt, incoming: false });
    if (message.sentByUserId) await claimOnReply(tx, conversationId, message.sentByUserId);
    await jobs.enqueue(tx, sendJob(stored.id, conversationId));
    return stored;
  });
  jobs.poke();
  return row;
}

/** A failed outgoing message back to pending with a new send job; null unless it was failed. */
export async function queueRetry(
  db: Db,
  jobs: JobRunner,
  accountId: string,
  message: MessageRow,
): Promise<MessageRow | null> {
  const row = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(messages)
      .set({
        status: 'pending',
        errorCode: null,
        errorTitle: null,
        errorDetails: null,
        wamid: null,
        sendingAt: null,
        // Upload again: a media problem may be why it failed.
        mediaId: null,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(
        and(
          eq(messages.id, message.id),
          eq(messages.accountId, accountId),
          eq(messages.direction, 'outgoing'),
          eq(messages.status, 'failed'),
        ),
      )
      .returning();
    if (!reset) return null;
    await jobs.enqueue(tx, sendJob(reset.id, reset.conversationId));
    return reset;
  });
  if (row) jobs.poke();
  return row;
}

/**
 * After a reconnect: a new send job for every outgoing message held while disconnected (pending, never handed to
 * WhatsApp), oldest first, so each conversation's messages leave in the order they were written. A message that
 * still has a job of its own is safe too: the send job does nothing for a message no longer pending.
 */
export async function resumeHeldSends(db: Db, jobs: JobRunner, accountId: string): Promise<number> {
  const held = await db
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.direction, 'outgoing'),
        eq(messages.status, 'pending'),
        isNull(messages.wamid),
        isNull(messages.sendingAt),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  if (held.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const message of held) await jobs.enqueue(tx, sendJob(message.id, message.conversationId));
  });
  jobs.poke();
  return held.length;
}

const MEDIA_KINDS = new Set<string>(['image', 'video', 'audio', 'document', 'sticker']);
export const isMediaType = (type: string): type is MediaKind => MEDIA_KINDS.has(type);

/** Links get a preview, as in WhatsApp itself. */
const hasLink = (text: string) => /https?:\/\/\S/i.test(text);

/** The Graph API body for a stored outgoing message (`mediaId`: the uploaded file, for media types). */
export function buildOutboundPayload(
  message: MessageRow,
  to: Recipient,
  quotedWamid: string | null,
  mediaId: string | null,
): OutboundPayload {
  const reply = quotedWamid ? { replyTo: quotedWamid } : {};
  const content = message.content;
  if (message.type === 'text')
    return textMessage(to, content.text ?? '', { ...reply, previewUrl: hasLink(content.text ?? '') });
  if (isMediaType(message.type)) {
    if (!mediaId) throw new Error('media message without an uploaded media id');
    return mediaMessage(
      to,
      message.type,
      { id: mediaId },
      { ...reply, caption: content.caption, fileName: content.fileName },
    );
  }
  if (message.type === 'location' && content.location) {
    const { latitude, longitude, name, address } = content.location;
    return locationMessage(
      to,
      { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) },
      reply,
    );
  }
  if (message.type === 'template' && content.template) {
    const { name, language, components } = content.template;
    const payload = templateMessage(to, name, language, components);
    return quotedWamid ? { ...payload, context: { message_id: quotedWamid } } : payload;
  }
  if (message.type === 'interactive' && content.interactive?.type === 'flow') {
    const form = content.interactive as Record<string, string | null | undefined>;
    return flowMessage(to, {
      ...reply,
      flowId: String(form.metaFlowId),
      flowCta: form.ctaText || 'Open form',
      // Comes back in the customer's answer: tells us which form message it answers.
      flowToken: message.id,
      body: form.body || String(form.name ?? 'Form'),
      ...(form.header ? { header: form.header } : {}),
      ...(form.footer ? { footer: form.footer } : {}),
    });
  }
  throw new Error(`cannot send a ${message.type} message`);
}
