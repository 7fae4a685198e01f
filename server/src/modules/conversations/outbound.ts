/**
 * Outgoing messages: stored first (pending) with the send job in the same transaction, answered to the agent,
 * then sent by the job (send-job.ts). The conversation becomes active unless archived, and the message its
 * last one.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  flowMessage,
  locationMessage,
  mediaMessage,
  templateMessage,
  textMessage,
  type MediaKind,
  type OutboundPayload,
} from '../../channel/whatsapp';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs';
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
      })
      .returning();
    await noteNewMessage(tx, conversationId, { createdAt: stored.createdAt, incoming: false });
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

const MEDIA_KINDS = new Set<string>(['image', 'video', 'audio', 'document', 'sticker']);
export const isMediaType = (type: string): type is MediaKind => MEDIA_KINDS.has(type);

/** Links get a preview, as in WhatsApp itself. */
const hasLink = (text: string) => /https?:\/\/\S/i.test(text);

/** The Graph API body for a stored outgoing message (`mediaId`: the uploaded file, for media types). */
export function buildOutboundPayload(
  message: MessageRow,
  to: string,
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
    const payload = templateMessage(to, content.template.name, content.template.language);
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
